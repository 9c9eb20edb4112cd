import { extractorRequestSchema, posesRequestSchema, tryOnRequestSchema } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { TOOLS } from './generation-tools';

/* What the garment-fidelity check compares for each tool (issue 31 item 4, ADR 055). */

const media = '/api/v1/media/aaaaaaaaaaaaaaaaaaaaaa';
const userId = 'user-1';

describe('the garment each tool’s result is checked against', () => {
  it('compares an extraction with the part of the outfit it asked for, and accessories not at all', () => {
    const extraction = (extractionType: string) =>
      TOOLS['fashion-extractor'].garment?.(
        extractorRequestSchema.parse({ userId, extractionType, inputImageUrls: [media] }),
      );
    expect(extraction('upper-body')?.spec).toEqual({
      part: 'tops',
      reference: 'yes',
      result: 'no',
    });
    expect(extraction('lower-body')?.spec.part).toBe('bottoms');
    expect(extraction('full-outfit')?.spec.part).toBe('auto');
    expect(extraction('accessories')).toBeNull();
  });

  it('compares a new pose by the person’s outfit, worn on both sides', () => {
    const settings = posesRequestSchema.parse({ userId, inputImageUrls: [media] });
    expect(TOOLS['ai-poses'].garment?.(settings)).toEqual({
      url: media,
      spec: { part: 'auto', reference: 'yes', result: 'yes' },
    });
  });

  it('compares a try-on with the category’s part, the garment worn as its photo type says', () => {
    const settings = tryOnRequestSchema.parse({
      userId,
      garment: { imageUrl: media },
      model: { kind: 'photo', imageUrl: media },
      category: 'bottoms',
      garmentPhotoType: 'flat-lay',
    });
    expect(TOOLS['try-on'].garment?.(settings)?.spec).toEqual({
      part: 'bottoms',
      reference: 'no',
      result: 'yes',
    });
  });
});
