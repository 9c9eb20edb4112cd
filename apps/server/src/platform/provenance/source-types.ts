import type { DigitalSourceType, GenerationType } from '@studio/contract';

/** How an output came about: a provider's model, the studio's own engine, or a labelled preview. */
export type MadeBy = 'model' | 'engine' | 'preview';

/** What the manifest's action says and which IPTC code it carries. */
export interface Provenance {
  /** created: new media from inputs (they are its 'inputTo' ingredients); edited: an edit of one parent. */
  action: 'c2pa.created' | 'c2pa.edited';
  sourceType: DigitalSourceType;
  /** What the edit or creation was, in the manifest's words. */
  description: string;
}

const generated = (description: string): Provenance => ({
  action: 'c2pa.created',
  sourceType: 'trainedAlgorithmicMedia',
  description,
});
const aiEdit = (description: string): Provenance => ({
  action: 'c2pa.edited',
  sourceType: 'compositeWithTrainedAlgorithmicMedia',
  description,
});
const algorithmicEdit = (description: string): Provenance => ({
  action: 'c2pa.edited',
  sourceType: 'algorithmicallyEnhanced',
  description,
});
/** The engine's labelled previews: the inputs beside a PREVIEW banner (ADR 013), nothing generated. */
const preview: Provenance = {
  action: 'c2pa.created',
  sourceType: 'composite',
  description: 'a labelled preview: the input photos beside a banner, no generative model',
};

/**
 * Each tool's claim, by what made the output (ADR 058, with IPTC's definitions). Generative models
 * (fal) make try-ons, poses, extractions, designs and videos from their inputs: "Created using
 * Generative AI". A photoshoot (the product kept, a scene made around it) and fal's upscaler
 * (detail a model invents) edit a photo with generative AI. The engine's cut-outs, crops, classic
 * upscales, recolours, composites and camera moves change no content by generative AI:
 * "Algorithmically-altered media".
 */
const TABLE: Record<GenerationType, Record<Exclude<MadeBy, 'preview'>, Provenance>> = {
  'try-on': {
    model: generated('a model wearing the garment, generated from the garment and model photos'),
    engine: preview,
  },
  'realistic-try-on': {
    model: generated('a model wearing the garment, generated from the garment and model photos'),
    engine: preview,
  },
  'ai-poses': {
    model: generated('the model in a new pose, generated from the photo'),
    engine: preview,
  },
  'fashion-extractor': {
    model: generated('the garment alone, generated from a photo of it worn'),
    engine: preview,
  },
  'ai-designer': {
    model: generated('garment design variants, generated from the garment photo'),
    engine: algorithmicEdit('the garment recoloured to a palette'),
  },
  photoshoot: {
    model: aiEdit('the product placed in a generated scene'),
    engine: algorithmicEdit('the product cut out and composited onto a rendered backdrop'),
  },
  'video-generation': {
    model: generated('a video generated from the photo'),
    engine: algorithmicEdit('camera motion over the photo, rendered as a video'),
  },
  upscaler: {
    model: aiEdit('upscaled by a model that adds detail'),
    engine: algorithmicEdit('upscaled by resampling and sharpening'),
  },
  'background-removal': {
    model: algorithmicEdit('the background removed'),
    engine: algorithmicEdit('the background removed'),
  },
  'listing-prepare': {
    model: algorithmicEdit('fitted to a marketplace: background, crop, size and file type'),
    engine: algorithmicEdit('fitted to a marketplace: background, crop, size and file type'),
  },
  // Always the engine (ADR 063): the garment's colour moved in CIELAB on its mask, measured.
  colourways: {
    model: algorithmicEdit('the garment recoloured to a colour variant'),
    engine: algorithmicEdit('the garment recoloured to a colour variant'),
  },
  // ADR 064: a view model turns the camera (side, back); the front and detail are the photo
  // itself and a crop of it. One claim per generation: the set's, by what made its views.
  'angle-set': {
    model: generated('the same garment and model from other angles, generated from the photo'),
    engine: algorithmicEdit('the photo and a close crop of its garment, upscaled'),
  },
};

export function provenanceOf(type: GenerationType, madeBy: MadeBy): Provenance {
  return madeBy === 'preview' ? preview : TABLE[type][madeBy];
}
