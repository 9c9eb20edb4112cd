import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIDEO_MOTION,
  VIDEO_MOTIONS,
  motionForTemplate,
  motionPose,
  type MotionStage,
} from './video-motions';

const stage: MotionStage = {
  width: 360,
  height: 640,
  subject: { left: 120, top: 100, right: 240, bottom: 590 },
};

describe('motionForTemplate', () => {
  it("maps the catalog's four video templates to four different motions", () => {
    expect(['1', '2', '3', '4'].map(motionForTemplate)).toEqual([
      'push-in',
      'parallax-pan',
      'sway-turn',
      'reveal',
    ]);
    expect(new Set(['1', '2', '3', '4'].map(motionForTemplate)).size).toBe(VIDEO_MOTIONS.length);
  });

  it('cycles numeric ids past the catalog, so a new template row still gets a motion', () => {
    expect(motionForTemplate('5')).toBe('push-in');
    expect(motionForTemplate(6)).toBe('parallax-pan');
    expect(motionForTemplate(' 8 ')).toBe('reveal');
  });

  it('falls back to the default motion without a template or for one it does not know', () => {
    for (const id of [undefined, null, '', '0', 'random', '-1', '2.5', '9999999999']) {
      expect(motionForTemplate(id)).toBe(DEFAULT_VIDEO_MOTION);
    }
  });
});

describe('motionPose', () => {
  it.each(VIDEO_MOTIONS.filter((m) => m !== 'reveal'))(
    "'%s' starts on the still as laid out",
    (motion) => {
      const { background, subject } = motionPose(motion, stage, 0, 125, 25);
      const still = [1, 0, 0, 1, 1, 0, 0, 0, 1];
      [
        background.scale,
        background.shiftX,
        background.shiftY,
        subject.scale,
        subject.scaleX,
        subject.shiftX,
        subject.shiftY,
        subject.angle,
        subject.opacity,
      ].forEach((value, i) => {
        expect(value).toBeCloseTo(still[i] ?? NaN, 9);
      });
    },
  );

  it("'reveal' starts on the bare plate and ends with the whole subject shown", () => {
    expect(motionPose('reveal', stage, 0, 125, 25).subject.reveal).toBe(0);
    expect(motionPose('reveal', stage, 124, 125, 25).subject).toMatchObject({
      reveal: 1,
      opacity: 1,
    });
  });

  it('moves the subject more than the background, about its base', () => {
    const end = motionPose('push-in', stage, 124, 125, 25);
    expect(end.subject.scale - 1).toBeGreaterThan(2 * (end.background.scale - 1));
    expect([end.subject.pivotX, end.subject.pivotY]).toEqual([180, 590]);
    const pan = motionPose('parallax-pan', stage, 124, 125, 25);
    expect(Math.abs(pan.subject.shiftX)).toBeGreaterThan(2 * Math.abs(pan.background.shiftX));
  });

  it("'sway-turn' sways both ways and narrows the subject as it turns", () => {
    const poses = Array.from({ length: 250 }, (_, i) => motionPose('sway-turn', stage, i, 250, 25));
    const angles = poses.map((p) => p.subject.angle);
    expect(Math.max(...angles)).toBeGreaterThan(0.03);
    expect(Math.min(...angles)).toBeLessThan(-0.03);
    expect(Math.min(...poses.map((p) => p.subject.scaleX))).toBeLessThan(0.9);
  });

  it('scales about the frame centre when no subject was found', () => {
    const pose = motionPose('push-in', { ...stage, subject: null }, 60, 125, 25);
    expect([pose.background.anchorX, pose.background.anchorY]).toEqual([180, 320]);
  });
});
