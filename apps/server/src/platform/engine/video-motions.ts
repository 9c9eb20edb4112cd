/*
 * The local engine's video motions (ADR 026): each one a named move of two layers, the background
 * plate and the cut-out subject, as a pure function of time. Rendering lives in `video.ts`.
 */

export const VIDEO_MOTIONS = ['push-in', 'parallax-pan', 'sway-turn', 'reveal'] as const;
export type VideoMotion = (typeof VIDEO_MOTIONS)[number];

/** What a request without a template (or with one we do not know) gets: today's zoom, with depth. */
export const DEFAULT_VIDEO_MOTION: VideoMotion = 'push-in';

/**
 * Video template id → motion. The catalog's templates are '1'..'4' (`catalog.seed.ts`), one motion
 * each in this order; a numeric id added later cycles through the list, so a new row still gets a
 * motion without a code change. Anything else (no template, a non-numeric id) is the default.
 */
export function motionForTemplate(templateId: string | number | null | undefined): VideoMotion {
  const id = String(templateId ?? '').trim();
  if (!/^\d{1,9}$/.test(id)) return DEFAULT_VIDEO_MOTION;
  const n = Number(id);
  if (n < 1) return DEFAULT_VIDEO_MOTION;
  return VIDEO_MOTIONS[(n - 1) % VIDEO_MOTIONS.length] ?? DEFAULT_VIDEO_MOTION;
}

/** Where the layers sit in one frame, in frame pixels. Identity: scale 1, shift 0, angle 0. */
export interface LayerPose {
  background: {
    /** Scale about (anchorX, anchorY), then shift. */
    scale: number;
    anchorX: number;
    anchorY: number;
    shiftX: number;
    shiftY: number;
  };
  subject: {
    /** Uniform scale about the pivot (the subject's base), times scaleX horizontally. */
    scale: number;
    scaleX: number;
    /** Rotation about the pivot, radians (positive is clockwise on screen). */
    angle: number;
    pivotX: number;
    pivotY: number;
    shiftX: number;
    shiftY: number;
    opacity: number;
    /**
     * Reveal wipe, 0..1: the share of the subject's height shown, from its base up (1 = all).
     * The wipe edge is soft, `REVEAL_EDGE` of the subject's height.
     */
    reveal: number;
  };
}

/** What a motion needs to know about the picture. */
export interface MotionStage {
  width: number;
  height: number;
  /** The subject's bounding box in frame pixels, or null when the model found none. */
  subject: { left: number; top: number; right: number; bottom: number } | null;
}

export const REVEAL_EDGE = 0.12;

/** One sway (and half a turn) every 3.2 s: slow enough to read as a person, not a wobble. */
const SWAY_PERIOD_SECONDS = 3.2;

const smoothstep = (t: number) => {
  const c = t < 0 ? 0 : t > 1 ? 1 : t;
  return c * c * (3 - 2 * c);
};

/**
 * The pose of frame `index` of `count` at `fps`. Every motion starts at the identity (the still as
 * laid out), except 'reveal', which starts on the empty plate: frame 0 is never a jump. Layers
 * scale and turn about the subject's base, so it stays on its floor line and (but for a few pixels
 * of sway) is never drawn over the frame's padding below the photo.
 */
export function motionPose(
  motion: VideoMotion,
  stage: MotionStage,
  index: number,
  count: number,
  fps: number,
): LayerPose {
  const t = count > 1 ? index / (count - 1) : 0;
  const eased = smoothstep(t);
  const seconds = index / fps;
  const box = stage.subject;
  // The subject's base stays planted: layers scale and turn about it, as a body stands on the floor.
  const pivotX = box ? (box.left + box.right) / 2 : stage.width / 2;
  const pivotY = box ? box.bottom : stage.height / 2;
  const pose: LayerPose = {
    background: { scale: 1, anchorX: pivotX, anchorY: pivotY, shiftX: 0, shiftY: 0 },
    subject: {
      scale: 1,
      scaleX: 1,
      angle: 0,
      pivotX,
      pivotY,
      shiftX: 0,
      shiftY: 0,
      opacity: 1,
      reveal: 1,
    },
  };
  const { background: bg, subject } = pose;
  switch (motion) {
    case 'push-in':
      // A dolly towards the subject: the near layer grows three times as fast as the far one.
      bg.scale = 1 + 0.05 * eased;
      subject.scale = 1 + 0.15 * eased;
      break;
    case 'parallax-pan': {
      // The camera slides right: the far plate drifts a little, the near subject travels further.
      bg.shiftX = -0.04 * stage.width * eased;
      subject.shiftX = -0.12 * stage.width * eased;
      subject.scale = 1 + 0.03 * eased;
      break;
    }
    case 'sway-turn': {
      // A lazy sway about the feet, and a turn towards profile and back read from the width.
      const ramp = smoothstep(seconds / 0.8);
      const sway = Math.sin((2 * Math.PI * seconds) / SWAY_PERIOD_SECONDS);
      const turn = (1 - Math.cos((2 * Math.PI * seconds) / (2 * SWAY_PERIOD_SECONDS))) / 2;
      subject.angle = ((2.5 * Math.PI) / 180) * sway * ramp;
      subject.scaleX = 1 - 0.14 * turn;
      subject.shiftX = 0.02 * stage.width * turn;
      bg.scale = 1 + 0.025 * eased;
      break;
    }
    case 'reveal': {
      // The empty plate first, then the subject wipes in from the floor up and fades to full,
      // while the camera pushes in (the subject a little faster, for depth).
      const shown = smoothstep((t - 0.1) / 0.5);
      subject.reveal = shown;
      subject.opacity = Math.min(1, shown * 1.5);
      bg.scale = 1 + 0.04 * eased;
      subject.scale = 1 + 0.1 * eased;
      break;
    }
  }
  return pose;
}
