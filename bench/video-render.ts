// Local-engine video render time per template (ADR 026), in process: a 1200×1800 (2:3) photo-like
// portrait, padded to 9:16, rendered at the default mode's resolution (performance, 360p) and
// duration (5 s) unless told otherwise. The model's cut-out is timed on its own (warm), then each
// template's render from that cut-out (layers, frames, H.264 encode); a request costs both.
// A second table compares ways to composite the frames: for the parallax pan (a pure translation
// of each layer, so all three can do it) our sub-pixel JS compositor, sharp extract + composite per
// frame and an ffmpeg crop + overlay filter graph with position expressions (both whole pixels
// only); for the push-in (layers scaling) the JS compositor and sharp affine + composite per frame.
// Usage: node --import tsx bench/video-render.ts [runs=3] [resolution=360p] [duration=5]
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { segment } from '../apps/server/src/platform/engine/background-removal';
import {
  VIDEO_FPS,
  VIDEO_FRAME_SIZES,
  ffmpegPath,
  renderFrame,
  renderMotionVideo,
  type VideoResolution,
} from '../apps/server/src/platform/engine/video';
import {
  SUBJECT_BORDER,
  buildVideoLayers,
  type VideoLayers,
} from '../apps/server/src/platform/engine/video-layers';
import { motionForTemplate, motionPose } from '../apps/server/src/platform/engine/video-motions';
import { timedRuns } from './lib/timed-runs';
import { photoLike } from './photo-like';
import { printTable } from './report';

const RUNS = Number(process.argv[2] ?? 3);
const RESOLUTION = (process.argv[3] ?? '360p') as VideoResolution;
const DURATION = process.argv[4] === '10' ? 10 : 5;
if (!(RESOLUTION in VIDEO_FRAME_SIZES)) throw new Error(`Unknown resolution ${RESOLUTION}`);

const time = (run: () => Promise<unknown>) => timedRuns(RUNS, run);

/** ffmpeg writing /dev/null-like output to a temp MP4, frames fed by `feed` when given. */
async function encode(args: string[], feed?: (stdin: NodeJS.WritableStream) => Promise<void>) {
  const binary = await ffmpegPath();
  const dir = await mkdtemp(join(tmpdir(), 'bench-video-'));
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        binary,
        [
          '-v',
          'error',
          '-y',
          ...args,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-crf',
          '20',
          '-pix_fmt',
          'yuv420p',
          join(dir, 'out.mp4'),
        ],
        { stdio: ['pipe', 'ignore', 'inherit'] },
      );
      child.on('error', reject);
      child.on('close', (code) => {
        if (code === 0) resolve();
        else reject(new Error(`ffmpeg exit ${String(code)}`));
      });
      if (feed) {
        feed(child.stdin).then(
          () => child.stdin.end(),
          (error: unknown) => {
            child.kill();
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      } else child.stdin.end();
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function write(stdin: NodeJS.WritableStream, frame: Buffer): Promise<void> {
  if (!stdin.write(frame)) await new Promise((resolve) => stdin.once('drain', resolve));
}

const rawInput = (layers: VideoLayers) => [
  '-f',
  'rawvideo',
  '-pix_fmt',
  'rgb24',
  '-s',
  `${String(layers.width)}x${String(layers.height)}`,
  '-r',
  String(VIDEO_FPS),
  '-i',
  'pipe:0',
];

const { width, height } = VIDEO_FRAME_SIZES[RESOLUTION];
const frames = DURATION * VIDEO_FPS;
const still = await photoLike(1200, 1800);
const mask = await segment(still, 'medium');
const layers = await buildVideoLayers(still, width, height, mask);
const stage = { width, height, subject: layers.subjectBox };

console.log(
  `local engine video, ${String(DURATION)} s at ${RESOLUTION} (${String(width)}×${String(height)}, ${String(frames)} frames) from a 1200×1800 photo; ${String(RUNS)} runs after 1 warm-up; ${String(cpus().length)} CPUs, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (sharp ${sharp.versions.sharp})\n`,
);

const cutout = await time(() => segment(still, 'medium'));
const rows: string[][] = [['template → motion', 'render median ms', 'max ms', 'with cut-out ms']];
for (const templateId of ['1', '2', '3', '4', undefined]) {
  const motion = motionForTemplate(templateId);
  const { median, max } = await time(() =>
    renderMotionVideo(still, {
      durationSeconds: DURATION,
      resolution: RESOLUTION,
      motion,
      subjectMask: mask,
    }),
  );
  rows.push([
    `${templateId ? `template ${templateId}` : 'no template'} → ${motion}`,
    median.toFixed(0),
    max.toFixed(0),
    (median + cutout.median).toFixed(0),
  ]);
}
printTable(rows);
console.log(`\ncut-out (background-removal model, warm): median ${cutout.median.toFixed(0)} ms\n`);

// --- Compositors, 'parallax-pan' ----------------------------------------------------------------
const poses = Array.from({ length: frames }, (_, i) =>
  motionPose('parallax-pan', stage, i, frames, VIDEO_FPS),
);

const frameOnly = await time(() => {
  const out = Buffer.alloc(width * height * 3);
  for (const pose of poses) renderFrame(layers, pose, out);
  return Promise.resolve();
});

const js = await time(() =>
  encode(rawInput(layers), async (stdin) => {
    for (const pose of poses) {
      const out = Buffer.allocUnsafe(width * height * 3);
      renderFrame(layers, pose, out);
      await write(stdin, out);
    }
  }),
);

// The subject texture without its border, unpremultiplied, as sharp and ffmpeg take it.
const tw = layers.subjectWidth + 2 * SUBJECT_BORDER;
const subjectRgba = Buffer.alloc(layers.subjectWidth * layers.subjectHeight * 4);
for (let y = 0; y < layers.subjectHeight; y++) {
  for (let x = 0; x < layers.subjectWidth; x++) {
    const t = ((y + SUBJECT_BORDER) * tw + x + SUBJECT_BORDER) * 4;
    const o = (y * layers.subjectWidth + x) * 4;
    const a = layers.subject[t + 3] ?? 0;
    for (let c = 0; c < 3; c++) {
      subjectRgba[o + c] = a ? Math.min(255, ((layers.subject[t + c] ?? 0) * 255) / a) : 0;
    }
    subjectRgba[o + 3] = a;
  }
}
const subjectPng = await sharp(subjectRgba, {
  raw: { width: layers.subjectWidth, height: layers.subjectHeight, channels: 4 },
})
  .resize(layers.photo.width, layers.photo.height)
  .png({ compressionLevel: 0 })
  .toBuffer();
const platePng = await sharp(layers.plate, {
  raw: { width: layers.plateWidth, height: layers.plateHeight, channels: 3 },
})
  .png({ compressionLevel: 0 })
  .toBuffer();

const viaSharp = await time(() =>
  encode(rawInput(layers), async (stdin) => {
    for (const pose of poses) {
      // Whole-pixel offsets: sharp's extract and composite take integers.
      const bg = await sharp(platePng)
        .extract({
          left: Math.round(layers.margin - pose.background.shiftX),
          top: layers.margin,
          width,
          height,
        })
        .composite([
          {
            input: subjectPng,
            left: Math.round(layers.photo.left + pose.subject.shiftX),
            top: layers.photo.top,
          },
        ])
        .removeAlpha()
        .raw()
        .toBuffer();
      await write(stdin, bg);
    }
  }),
);

// Scaling moves (push-in) in sharp: an affine resample of each layer per frame (sub-pixel through
// the output offsets), then a composite, against the same motion in JS.
const pushPoses = Array.from({ length: frames }, (_, i) =>
  motionPose('push-in', stage, i, frames, VIDEO_FPS),
);
const jsPush = await time(() =>
  encode(rawInput(layers), async (stdin) => {
    for (const pose of pushPoses) {
      const out = Buffer.allocUnsafe(width * height * 3);
      renderFrame(layers, pose, out);
      await write(stdin, out);
    }
  }),
);
const subjectTexture = await sharp(subjectRgba, {
  raw: { width: layers.subjectWidth, height: layers.subjectHeight, channels: 4 },
})
  .raw()
  .toBuffer();
const sharpPush = await time(() =>
  encode(rawInput(layers), async (stdin) => {
    for (const pose of pushPoses) {
      const { background: bg, subject: sub } = pose;
      // Plate pixel P lands on frame x = s·P + offset; split the offset into whole and fraction.
      const offX = bg.anchorX * (1 - bg.scale) - bg.scale * layers.margin + bg.shiftX;
      const offY = bg.anchorY * (1 - bg.scale) - bg.scale * layers.margin + bg.shiftY;
      const plate = await sharp(layers.plate, {
        raw: { width: layers.plateWidth, height: layers.plateHeight, channels: 3 },
      })
        .affine([bg.scale, 0, 0, bg.scale], {
          interpolator: 'bilinear',
          odx: offX - Math.floor(offX),
          ody: offY - Math.floor(offY),
        })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const scale = sub.scale / layers.subjectScale;
      const person = await sharp(subjectTexture, {
        raw: { width: layers.subjectWidth, height: layers.subjectHeight, channels: 4 },
      })
        .affine([scale, 0, 0, scale], { interpolator: 'bilinear' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      // sharp composites only an overlay inside the base: cut the grown subject to the frame.
      const personLeft = Math.round(sub.pivotX - (sub.pivotX - layers.photo.left) * sub.scale);
      const personTop = Math.round(sub.pivotY - (sub.pivotY - layers.photo.top) * sub.scale);
      const cut = {
        left: Math.max(0, -personLeft),
        top: Math.max(0, -personTop),
        width: Math.min(person.info.width, width - personLeft) - Math.max(0, -personLeft),
        height: Math.min(person.info.height, height - personTop) - Math.max(0, -personTop),
      };
      const visible = await sharp(person.data, {
        raw: { width: person.info.width, height: person.info.height, channels: 4 },
      })
        .extract(cut)
        .raw()
        .toBuffer();
      const background = await sharp(plate.data, {
        raw: { width: plate.info.width, height: plate.info.height, channels: 3 },
      })
        .extract({
          left: Math.max(0, -Math.floor(offX)),
          top: Math.max(0, -Math.floor(offY)),
          width,
          height,
        })
        .raw()
        .toBuffer();
      const frame = await sharp(background, { raw: { width, height, channels: 3 } })
        .composite([
          {
            input: visible,
            raw: { width: cut.width, height: cut.height, channels: 4 },
            left: Math.max(0, personLeft),
            top: Math.max(0, personTop),
          },
        ])
        .removeAlpha()
        .raw()
        .toBuffer();
      await write(stdin, frame);
    }
  }),
);

const dir = await mkdtemp(join(tmpdir(), 'bench-video-'));
const plateFile = join(dir, 'plate.png');
const subjectFile = join(dir, 'subject.png');
await writeFile(plateFile, platePng);
await writeFile(subjectFile, subjectPng);
const last = String(Math.max(1, frames - 1));
const ease = `(3*pow(n/${last},2)-2*pow(n/${last},3))`;
const viaFfmpeg = await time(() =>
  encode([
    '-loop',
    '1',
    '-i',
    plateFile,
    '-loop',
    '1',
    '-i',
    subjectFile,
    '-filter_complex',
    [
      `[0]crop=${String(width)}:${String(height)}:x='${String(layers.margin)}+${String(0.04 * width)}*${ease}':y=${String(layers.margin)}[bg]`,
      `[bg][1]overlay=x='${String(layers.photo.left)}-${String(0.12 * width)}*${ease}':y=${String(layers.photo.top)}:eval=frame`,
    ].join(';'),
    '-frames:v',
    String(frames),
    '-r',
    String(VIDEO_FPS),
  ]),
);
await rm(dir, { recursive: true, force: true });

printTable([
  ['compositor (parallax-pan, incl. encode)', 'median ms', 'max ms'],
  ['JS sub-pixel renderFrame (used)', js.median.toFixed(0), js.max.toFixed(0)],
  ['sharp extract + composite per frame', viaSharp.median.toFixed(0), viaSharp.max.toFixed(0)],
  ['ffmpeg crop + overlay expressions', viaFfmpeg.median.toFixed(0), viaFfmpeg.max.toFixed(0)],
  ['compositor (push-in, incl. encode)', 'median ms', 'max ms'],
  ['JS sub-pixel renderFrame (used)', jsPush.median.toFixed(0), jsPush.max.toFixed(0)],
  ['sharp affine + composite per frame', sharpPush.median.toFixed(0), sharpPush.max.toFixed(0)],
]);
console.log(
  `\nJS renderFrame alone: ${(frameOnly.median / frames).toFixed(1)} ms per frame (${frameOnly.median.toFixed(0)} ms for ${String(frames)})`,
);
