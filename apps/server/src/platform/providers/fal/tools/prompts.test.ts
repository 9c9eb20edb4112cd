import {
  DESIGN_THEMES,
  EXTRACTION_TYPES,
  SCENE_STYLES,
  designerRequestSchema,
  extractorRequestSchema,
  photoshootRequestSchema,
} from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { designPrompt, palettePrompt } from './ai-designer';
import { extractPrompt } from './fashion-extractor';
import { photoshootPrompt } from './photoshoot';

/* The prompts the edit model reads: every option of a tool steers it in words of its own. */

const designer = (fields: Record<string, unknown>) =>
  designPrompt(designerRequestSchema.parse({ clothImage: '/g', ...fields }));
const photoshoot = (fields: Record<string, unknown>) =>
  photoshootPrompt(photoshootRequestSchema.parse({ inputImageUrls: ['/p'], ...fields }));
const extractor = (fields: Record<string, unknown>) =>
  extractPrompt(extractorRequestSchema.parse({ inputImageUrls: ['/p'], ...fields }));

describe('AI designer prompt', () => {
  it('gives each design theme its own brief, and automatic none', () => {
    const prompts = DESIGN_THEMES.map((designTheme) => designer({ designTheme }));
    expect(new Set(prompts).size).toBe(DESIGN_THEMES.length);
    expect(designer({ designTheme: 'bridal' })).toContain('zari or lace work');
    expect(designer({ designTheme: 'automatic' })).not.toContain('theme');
  });

  it('describes a named palette in colours, keeps hex colours exact and free text as written', () => {
    expect(palettePrompt('auto')).toBeNull();
    expect(palettePrompt('Pastel')).toBe(
      'Recolour it in soft pastel colours: blush pink, baby blue, mint, butter yellow and lilac',
    );
    expect(palettePrompt('#aa0000, #00BB00')).toBe(
      'Recolour it using exactly these colours: #aa0000, #00BB00',
    );
    expect(palettePrompt('sunset orange and teal')).toBe(
      'Use a sunset orange and teal colour palette',
    );
  });

  it('names the garment and style, adds the user’s words and keeps the product shot', () => {
    const prompt = designer({
      clothType: 'lehenga',
      style: 'modern',
      colorPalette: 'earth',
      prompt: 'add a mirror-work border',
    });
    expect(prompt).toMatch(/^Create a new modern fashion design based on this lehenga/);
    expect(prompt).toContain('earth tones: brown, camel, olive, rust and tan');
    expect(prompt).toContain('add a mirror-work border.');
    expect(prompt).toMatch(/plain light background, with every detail sharp\.$/);
  });
});

describe('product photoshoot prompt', () => {
  it('briefs each scene style differently', () => {
    const prompts = SCENE_STYLES.map((sceneStyle) => photoshoot({ sceneStyle }));
    expect(new Set(prompts).size).toBe(SCENE_STYLES.length);
    expect(photoshoot({ sceneStyle: 'luxury' })).toContain('marble or velvet');
    expect(photoshoot({ sceneStyle: 'minimal' })).toContain('negative space');
  });

  it('adds the user’s scene and colour theme, not the form’s default wording', () => {
    expect(photoshoot({})).not.toContain('landscape');
    const prompt = photoshoot({ prompt: 'on a wooden cafe table', colorTheme: 'pastel cream' });
    expect(prompt).toContain('Scene: on a wooden cafe table.');
    expect(prompt).toContain('Use a pastel cream colour theme');
    expect(prompt).toMatch(/print, text and logos\.$/);
  });
});

describe('fashion extractor prompt', () => {
  it('gives each extraction type its own instruction', () => {
    const prompts = EXTRACTION_TYPES.map((extractionType) => extractor({ extractionType }));
    expect(new Set(prompts).size).toBe(EXTRACTION_TYPES.length);
    expect(extractor({ extractionType: 'accessories' })).toContain('leave out the clothes');
    expect(extractor({ extractionType: 'individual-items' })).toContain('side by side');
    expect(extractor({ extractionType: 'lower-body' })).toMatch(/^Extract only the lower-body/);
  });

  it('adds what the user wrote, but not the form’s default sentence', () => {
    expect(extractor({})).not.toContain('Extract the clothes from the image');
    expect(extractor({ prompt: 'keep the dupatta' })).toMatch(/keep the dupatta\.$/);
  });
});
