import { crc32 } from 'node:zlib';
import { type DigitalSourceType, digitalSourceTypeUri } from '@studio/contract';
import { shiftChunkOffsets } from './mp4-offsets';

/** What the XMP packet of an output says (ADR 058). */
export interface XmpFields {
  sourceType: DigitalSourceType;
  /** The studio and its version ("AI Product Studio 1.0.0"). */
  generator: string;
  /** The provider's model id, when one made the output. */
  model: string | null;
  createdAt: Date;
  /** The output's instance id, the same one its C2PA manifest names. */
  instanceId: string;
}

export type MarkableType = 'image/jpeg' | 'image/png' | 'image/webp' | 'video/mp4';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/**
 * The XMP packet: IPTC's digital source type (IPTC Photo Metadata Standard, Iptc4xmpExt), the
 * tool that made the file (xmp:CreatorTool) and, where a provider's model made it, IPTC's
 * "AI System Used". No user data: the packet travels with every copy of the file.
 */
export function xmpPacket(fields: XmpFields): string {
  const model =
    fields.model === null
      ? ''
      : `\n   <Iptc4xmpExt:AISystemUsed>${escapeXml(fields.model)}</Iptc4xmpExt:AISystemUsed>`;
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    Iptc4xmpExt:DigitalSourceType="${digitalSourceTypeUri(fields.sourceType)}"
    xmp:CreatorTool="${escapeXml(fields.generator)}"
    xmp:CreateDate="${fields.createdAt.toISOString()}"
    xmpMM:InstanceID="${escapeXml(fields.instanceId)}">${model}
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`;
}

/** Puts the packet into the file where XMP readers look for it, replacing any packet there. */
export function withXmp(file: Buffer, type: MarkableType, packet: string): Buffer {
  const xmp = Buffer.from(packet, 'utf8');
  switch (type) {
    case 'image/jpeg':
      return jpegWithXmp(file, xmp);
    case 'image/png':
      return pngWithXmp(file, xmp);
    case 'image/webp':
      return webpWithXmp(file, xmp);
    case 'video/mp4':
      return mp4WithXmp(file, xmp);
  }
}

const JPEG_XMP_HEADER = Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1');

/**
 * JPEG: an APP1 segment holding the namespace header and the packet (XMP part 3, 1.1.3), after
 * the JFIF/Exif segments that must come first. One segment holds at most 65,502 packet bytes;
 * ours is well under a kilobyte.
 */
function jpegWithXmp(file: Buffer, xmp: Buffer): Buffer {
  if (file.readUInt16BE(0) !== 0xffd8) throw new Error('Not a JPEG file.');
  const length = 2 + JPEG_XMP_HEADER.length + xmp.length;
  if (length > 0xffff) throw new Error('The XMP packet is too large for one JPEG segment.');
  const kept: Buffer[] = [file.subarray(0, 2)];
  let offset = 2;
  let insertAt = -1;
  // Walk the header segments up to the start of scan; drop an XMP segment already there.
  while (offset + 4 <= file.length) {
    const marker = file.readUInt16BE(offset);
    if (marker === 0xffda || (marker & 0xff00) !== 0xff00) break;
    const size = file.readUInt16BE(offset + 2);
    const segment = file.subarray(offset, offset + 2 + size);
    const isXmp =
      marker === 0xffe1 && segment.subarray(4, 4 + JPEG_XMP_HEADER.length).equals(JPEG_XMP_HEADER);
    // APP0 (JFIF) and an Exif APP1 must stay first; the packet goes right after them.
    const leading = marker === 0xffe0 || (marker === 0xffe1 && !isXmp);
    if (!isXmp) kept.push(segment);
    if (leading) insertAt = kept.length;
    offset += 2 + size;
  }
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(length, 2);
  const app1 = Buffer.concat([segment, JPEG_XMP_HEADER, xmp]);
  kept.splice(insertAt < 0 ? 1 : insertAt, 0, app1);
  return Buffer.concat([...kept, file.subarray(offset)]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * PNG: an uncompressed iTXt chunk with the keyword "XML:com.adobe.xmp" (XMP part 3, 1.1.5),
 * right after IHDR so readers that stop at the image data still find it.
 */
function pngWithXmp(file: Buffer, xmp: Buffer): Buffer {
  const signature = file.subarray(0, 8);
  const chunks: Buffer[] = [];
  let offset = 8;
  while (offset + 8 <= file.length) {
    const size = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const chunk = file.subarray(offset, offset + 12 + size);
    const isXmp =
      type === 'iTXt' &&
      file.toString('latin1', offset + 8, offset + 8 + 18) === 'XML:com.adobe.xmp\0';
    if (!isXmp) chunks.push(chunk);
    offset += 12 + size;
    if (type === 'IEND') break;
  }
  if (file.toString('latin1', 12, 16) !== 'IHDR') throw new Error('Not a PNG file.');
  // keyword, NUL, compression flag 0, method 0, empty language tag, empty translated keyword.
  const itxt = pngChunk(
    'iTXt',
    Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), xmp]),
  );
  chunks.splice(1, 0, itxt);
  return Buffer.concat([signature, ...chunks]);
}

function riffChunk(fourcc: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 === 1 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** Canvas size and alpha of a simple (VP8 or VP8L) WebP, for the VP8X header it needs. */
function simpleWebpInfo(
  fourcc: string,
  data: Buffer,
): { width: number; height: number; alpha: boolean } {
  if (fourcc === 'VP8L') {
    const bits = data.readUInt32LE(1);
    return {
      width: (bits & 0x3fff) + 1,
      height: ((bits >>> 14) & 0x3fff) + 1,
      alpha: ((bits >>> 28) & 1) === 1,
    };
  }
  // VP8 key frame: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height.
  return {
    width: data.readUInt16LE(6) & 0x3fff,
    height: data.readUInt16LE(8) & 0x3fff,
    alpha: false,
  };
}

/**
 * WebP: an "XMP " chunk after the image data, and the VP8X header's XMP flag set (Google's WebP
 * container specification, "Extended File Format"); a simple file gains the VP8X header first.
 */
function webpWithXmp(file: Buffer, xmp: Buffer): Buffer {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('Not a WebP file.');
  }
  const chunks: { fourcc: string; data: Buffer }[] = [];
  let offset = 12;
  while (offset + 8 <= file.length) {
    const fourcc = file.toString('latin1', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    const data = file.subarray(offset + 8, offset + 8 + size);
    if (fourcc !== 'XMP ') chunks.push({ fourcc, data });
    offset += 8 + size + (size % 2);
  }
  const first = chunks[0];
  if (!first) throw new Error('The WebP file has no image data.');
  let vp8x: Buffer;
  if (first.fourcc === 'VP8X') {
    vp8x = Buffer.from(first.data);
    chunks.shift();
  } else {
    const { width, height, alpha } = simpleWebpInfo(first.fourcc, first.data);
    vp8x = Buffer.alloc(10);
    vp8x[0] = alpha ? 0x10 : 0;
    vp8x.writeUIntLE(width - 1, 4, 3);
    vp8x.writeUIntLE(height - 1, 7, 3);
  }
  vp8x[0] = (vp8x[0] ?? 0) | 0x04; // XMP metadata present
  const body = Buffer.concat([
    Buffer.from('WEBP', 'latin1'),
    riffChunk('VP8X', vp8x),
    ...chunks.map((chunk) => riffChunk(chunk.fourcc, chunk.data)),
    riffChunk('XMP ', xmp),
  ]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

/**
 * MP4: an 'XMP_' box inside moov/udta, where QuickTime-family files keep XMP and ExifTool reads it.
 * Not the top-level 'uuid' box of XMP part 3: c2pa-ts leaves every top-level 'uuid' box out of
 * its BMFF hash while the reference reader hashes all but the C2PA one, so a packet there failed
 * validation. moov grows, so when it sits before the media data, the sample offsets move with it.
 */
function mp4WithXmp(file: Buffer, xmp: Buffer): Buffer {
  if (file.toString('latin1', 4, 8) !== 'ftyp') throw new Error('Not an MP4 file.');
  const boxes = topLevelBoxes(file);
  const moov = boxes.find((box) => box.type === 'moov');
  if (!moov) throw new Error('The MP4 file has no moov box.');
  const mdat = boxes.find((box) => box.type === 'mdat');
  const children = topLevelBoxes(file.subarray(moov.start + moov.header, moov.end));
  const kept: Buffer[] = [];
  let udta: Buffer | undefined;
  for (const child of children) {
    const bytes = file.subarray(
      moov.start + moov.header + child.start,
      moov.start + moov.header + child.end,
    );
    if (child.type === 'udta') udta = bytes;
    else kept.push(bytes);
  }
  const udtaChildren = udta
    ? topLevelBoxes(udta.subarray(8))
        .filter((child) => child.type !== 'XMP_')
        .map((child) => udta.subarray(8 + child.start, 8 + child.end))
    : [];
  const newUdta = box('udta', Buffer.concat([...udtaChildren, box('XMP_', xmp)]));
  const newMoov = box('moov', Buffer.concat([...kept, newUdta]));
  const grown = newMoov.length - (moov.end - moov.start);
  if (mdat && mdat.start > moov.start) shiftChunkOffsets(newMoov, grown);
  return Buffer.concat([file.subarray(0, moov.start), newMoov, file.subarray(moov.end)]);
}

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** The boxes of one level: type, start and end offsets, header length. */
function topLevelBoxes(file: Buffer) {
  const boxes: { type: string; start: number; end: number; header: number }[] = [];
  let offset = 0;
  while (offset + 8 <= file.length) {
    let size = file.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      size = Number(file.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = file.length - offset;
    if (size < header || offset + size > file.length) {
      throw new Error('The MP4 file has a malformed box.');
    }
    boxes.push({
      type: file.toString('latin1', offset + 4, offset + 8),
      start: offset,
      end: offset + size,
      header,
    });
    offset += size;
  }
  return boxes;
}
