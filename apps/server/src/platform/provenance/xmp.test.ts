import { digitalSourceTypeUri } from '@studio/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ExifToolTags,
  chunkHeads,
  exiftool,
  mp4Boxes,
  readFixture,
  sceneAs,
  scene,
  tagsNamed,
  withMoovLast,
} from './fixtures/test-kit';
import { type MarkableType, type XmpFields, withXmp, xmpPacket } from './xmp';

/*
 * The XMP packet as an independent reader sees it: ExifTool (Debian's libimage-exiftool-perl)
 * reads IPTC's digital source type, the AI system and the creator tool from each format, and the
 * files stay what they were (decodable, the video's samples where its tables say).
 */

const FIELDS: XmpFields = {
  sourceType: 'trainedAlgorithmicMedia',
  generator: 'AI Product Studio 1.0.0',
  model: 'fal-ai/fashn/tryon/v1.6',
  createdAt: new Date('2026-11-29T10:00:00.000Z'),
  instanceId: 'xmp:iid:00000000-0000-4000-8000-000000000001',
};
const marked = (file: Buffer, type: MarkableType, fields: Partial<XmpFields> = {}) =>
  withXmp(file, type, xmpPacket({ ...FIELDS, ...fields }));

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
const ALL_TYPES: MarkableType[] = [...IMAGE_TYPES, 'video/mp4'];

let sources: Record<MarkableType, Buffer>;
beforeAll(async () => {
  sources = {
    'image/jpeg': await sceneAs('image/jpeg'),
    'image/png': await sceneAs('image/png'),
    'image/webp': await sceneAs('image/webp'),
    'video/mp4': await readFixture('source.mp4'),
  };
});

const expectNoWarning = (tags: ExifToolTags) => {
  expect(tagsNamed(tags, 'ExifTool', 'Warning')).toEqual([]);
  expect(tagsNamed(tags, 'ExifTool', 'Error')).toEqual([]);
};

describe('the XMP packet, read by ExifTool', () => {
  it.each(ALL_TYPES)(
    'carries the digital source type, the AI system used and the creator tool in a %s',
    async (type) => {
      const tags = await exiftool(marked(sources[type], type));
      expectNoWarning(tags);
      expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(
        'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      );
      expect(tags['XMP-iptcExt:AISystemUsed']).toBe('fal-ai/fashn/tryon/v1.6');
      expect(tags['XMP-xmp:CreatorTool']).toBe('AI Product Studio 1.0.0');
      expect(tags['XMP-xmpMM:InstanceID']).toBe(FIELDS.instanceId);
    },
  );

  it('names no AI system when no provider model made the output', async () => {
    const tags = await exiftool(
      marked(sources['image/jpeg'], 'image/jpeg', {
        model: null,
        sourceType: 'algorithmicallyEnhanced',
      }),
    );
    expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(
      digitalSourceTypeUri('algorithmicallyEnhanced'),
    );
    expect(tagsNamed(tags, 'XMP-iptcExt', 'AISystemUsed')).toEqual([]);
  });

  it('escapes markup in a model id and a generator name so they read back verbatim', async () => {
    const model = `vendor/<edge> & "quoted" 'model'`;
    const generator = 'Studio <beta> & Co';
    const tags = await exiftool(marked(sources['image/png'], 'image/png', { model, generator }));
    expectNoWarning(tags);
    expect(tags['XMP-iptcExt:AISystemUsed']).toBe(model);
    expect(tags['XMP-xmp:CreatorTool']).toBe(generator);
  });

  it.each(ALL_TYPES)(
    'replaces the packet already in a %s instead of adding a second one',
    async (type) => {
      const once = marked(sources[type], type);
      const twice = marked(once, type, {
        sourceType: 'compositeWithTrainedAlgorithmicMedia',
        instanceId: 'xmp:iid:second',
      });
      const tags = await exiftool(twice, { copies: true });
      expect(tagsNamed(tags, 'XMP-iptcExt', 'DigitalSourceType')).toEqual([
        [
          'XMP-iptcExt:DigitalSourceType',
          digitalSourceTypeUri('compositeWithTrainedAlgorithmicMedia'),
        ],
      ]);
      expect(tagsNamed(tags, 'XMP-xmpMM', 'InstanceID')).toEqual([
        ['XMP-xmpMM:InstanceID', 'xmp:iid:second'],
      ]);
      // The packet is swapped, not stacked: the file grows by the difference in packet size only.
      expect(Math.abs(twice.length - once.length)).toBeLessThan(64);
    },
  );

  it.each(IMAGE_TYPES)('leaves a %s decodable to the same pixels', async (type) => {
    const before = await sharp(sources[type]).raw().toBuffer();
    const after = await sharp(marked(sources[type], type)).raw().toBuffer();
    expect(after.equals(before)).toBe(true);
  });
});

describe('where the packet goes in each container', () => {
  it('puts the JPEG packet after the Exif segment, which stays readable', async () => {
    const withExif = await scene(64, 48)
      .jpeg()
      .withExif({ IFD0: { Make: 'Studio camera' } })
      .toBuffer();
    const out = marked(withExif, 'image/jpeg');
    const tags = await exiftool(out);
    expect(tags['IFD0:Make']).toBe('Studio camera');
    expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(
      digitalSourceTypeUri('trainedAlgorithmicMedia'),
    );
    // The segments in order: SOI, then APP1 Exif, then APP1 XMP (Exif must stay first).
    const exifAt = out.indexOf('Exif\0\0', 0, 'latin1');
    const xmpAt = out.indexOf('http://ns.adobe.com/xap/1.0/\0', 0, 'latin1');
    expect(exifAt).toBeGreaterThan(0);
    expect(xmpAt).toBeGreaterThan(exifAt);
  });

  it('puts the PNG packet in an uncompressed iTXt chunk right after IHDR', async () => {
    const out = marked(sources['image/png'], 'image/png');
    // Signature (8), IHDR (12 + 13), then the next chunk's type.
    expect(out.toString('latin1', 37, 41)).toBe('iTXt');
    expect(out.toString('latin1', 41, 59)).toBe('XML:com.adobe.xmp\0');
  });

  it('turns a simple lossless WebP with alpha into an extended one that keeps its alpha', async () => {
    const rgba = await sharp({
      create: {
        width: 40,
        height: 30,
        channels: 4,
        background: { r: 200, g: 40, b: 60, alpha: 0.5 },
      },
    })
      .webp({ lossless: true })
      .toBuffer();
    expect(rgba.toString('latin1', 12, 16)).toBe('VP8L');
    const out = marked(rgba, 'image/webp');
    const tags = await exiftool(out);
    expectNoWarning(tags);
    expect(tags['RIFF:WebP_Flags']).toBe('XMP, Alpha');
    expect(tags['RIFF:ImageWidth']).toBe(40);
    expect(tags['RIFF:ImageHeight']).toBe(30);
    const decoded = await sharp(out).metadata();
    expect(decoded.hasAlpha).toBe(true);
    expect([decoded.width, decoded.height]).toEqual([40, 30]);
  });

  it('gives a simple lossy WebP the canvas size of its frame', async () => {
    const out = marked(await sceneAs('image/webp', 70, 34), 'image/webp');
    const tags = await exiftool(out);
    expect(tags['RIFF:WebP_Flags']).toBe('XMP');
    expect(tags['RIFF:ImageWidth']).toBe(70);
    expect(tags['RIFF:ImageHeight']).toBe(34);
  });

  it('keeps an extended WebP’s ICC profile and flags when it adds the packet', async () => {
    const withIcc = await scene(64, 48).withIccProfile('p3').webp().toBuffer();
    expect(withIcc.toString('latin1', 12, 16)).toBe('VP8X');
    const tags = await exiftool(marked(withIcc, 'image/webp'));
    expectNoWarning(tags);
    expect(tags['RIFF:WebP_Flags']).toBe('XMP, ICC Profile');
    expect(tags['ICC-header:ProfileClass']).toBe('Display Device Profile');
    expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(
      digitalSourceTypeUri('trainedAlgorithmicMedia'),
    );
  });

  it('keeps a faststart video’s samples where its chunk offsets point, moov having grown', () => {
    const source = sources['video/mp4'];
    const out = marked(source, 'video/mp4');
    const moov = (file: Buffer) => mp4Boxes(file).find((box) => box.type === 'moov');
    expect(moov(out)?.start).toBeLessThan(mp4Boxes(out).find((b) => b.type === 'mdat')?.start ?? 0);
    expect((moov(out)?.end ?? 0) - (moov(source)?.end ?? 0)).toBeGreaterThan(500);
    expect(chunkHeads(out)).toEqual(chunkHeads(source));
  });

  it('leaves the chunk offsets alone when moov comes after the media data', async () => {
    const source = withMoovLast(sources['video/mp4']);
    const out = marked(source, 'video/mp4');
    expect(chunkHeads(out)).toEqual(chunkHeads(source));
    const tags = await exiftool(out);
    expectNoWarning(tags);
    expect(tags['XMP-iptcExt:AISystemUsed']).toBe('fal-ai/fashn/tryon/v1.6');
  });

  it('keeps the video’s other udta metadata beside the packet', async () => {
    const tags = await exiftool(marked(sources['video/mp4'], 'video/mp4'));
    expect(tags['ItemList:Encoder']).toMatch(/^Lavf/);
  });
});
