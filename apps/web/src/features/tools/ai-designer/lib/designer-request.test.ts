import { describe, expect, it } from 'vitest';
import { CLOTH_TYPES, DESIGN_THEMES } from '@studio/contract/design-options';
import { ASPECT_RATIOS } from '@studio/contract/tools';
import {
  ASPECT_RATIO_LIST,
  arrivalSettings,
  CLOTH_TYPE_LIST,
  clearedSettings,
  defaultPrompt,
  designerRequest,
  initialSettings,
  PALETTE_NAMES,
  readDefaultPrompt,
  THEME_LIST,
  sentClothType,
  toVariations,
  type DesignerSettings,
} from './designer-request';
import { readDesignerDraft } from './designer-draft';

const settings = (patch: Partial<DesignerSettings> = {}): DesignerSettings => ({
  ...initialSettings(),
  ...patch,
});

describe('cloth types', () => {
  it('are auto, custom and 38 garments, the spec’s examples among them', () => {
    expect(CLOTH_TYPES.slice(0, 2)).toEqual(['auto', 'custom']);
    expect(CLOTH_TYPES.slice(2)).toHaveLength(38);
    expect(new Set(CLOTH_TYPES).size).toBe(CLOTH_TYPES.length);
    expect(CLOTH_TYPES).toEqual(
      expect.arrayContaining([
        'saree',
        'kurta',
        'lehenga',
        'dress',
        'jeans',
        't-shirt',
        'hoodie',
        'swimwear',
      ]),
    );
  });

  it('are offered as the contract lists them, as are the themes and aspect ratios', () => {
    expect(CLOTH_TYPE_LIST).toEqual(CLOTH_TYPES);
    expect(THEME_LIST).toEqual(DESIGN_THEMES);
    expect(ASPECT_RATIO_LIST).toEqual(ASPECT_RATIOS);
  });

  it('send the custom text for a custom type, and auto when it is empty', () => {
    expect(sentClothType(settings({ clothType: 'saree', customClothType: 'x' }))).toBe('saree');
    expect(sentClothType(settings({ clothType: 'custom', customClothType: ' angrakha ' }))).toBe(
      'angrakha',
    );
    expect(sentClothType(settings({ clothType: 'custom', customClothType: '  ' }))).toBe('auto');
  });
});

describe('the default prompt', () => {
  it('is built from theme, type and palette', () => {
    expect(defaultPrompt(settings())).toBe(
      'A fresh redesign of this garment, with a colour palette that suits it',
    );
    expect(
      defaultPrompt(
        settings({ clothType: 't-shirt', designTheme: 'ethnic', colorPalette: 'earth' }),
      ),
    ).toBe('An ethnic redesign of this t-shirt, in an earth colour palette');
    expect(
      defaultPrompt(
        settings({ clothType: 'custom', customClothType: 'Trench coat', colorPalette: 'neon' }),
      ),
    ).toBe('A fresh redesign of this Trench coat, in a neon colour palette');
  });

  it('reads back every theme, type and palette it was built from', () => {
    for (const clothType of CLOTH_TYPES.filter((type) => type !== 'custom')) {
      for (const designTheme of DESIGN_THEMES) {
        for (const colorPalette of PALETTE_NAMES) {
          const built = settings({ clothType, designTheme, colorPalette });
          expect(readDefaultPrompt(defaultPrompt(built))).toEqual({
            clothType,
            customClothType: '',
            designTheme,
            colorPalette,
          });
        }
      }
    }
    expect(
      readDefaultPrompt(
        defaultPrompt(settings({ clothType: 'custom', customClothType: 'angrakha, long' })),
      ),
    ).toEqual({
      clothType: 'custom',
      customClothType: 'angrakha, long',
      designTheme: 'automatic',
      colorPalette: 'auto',
    });
  });

  it('reads nothing from a prompt the user wrote, or one naming an unknown theme or palette', () => {
    expect(readDefaultPrompt('mirror work, festive')).toBeNull();
    expect(
      readDefaultPrompt('A gothic redesign of this dress, in a pastel colour palette'),
    ).toBeNull();
    expect(
      readDefaultPrompt('A fresh redesign of this dress, in a rainbow colour palette'),
    ).toBeNull();
  });
});

describe('the designer request', () => {
  it('sends the user’s prompt when there is one, else the default', () => {
    const options = {
      userId: 'user_1',
      imageUrl: '/api/v1/media/cloth',
      mode: 'balanced' as const,
    };
    expect(designerRequest(settings({ prompt: '  patchwork ' }), options).body.prompt).toBe(
      'patchwork',
    );
    expect(designerRequest(settings({ variations: '3' }), options).body).toMatchObject({
      prompt: 'A fresh redesign of this garment, with a colour palette that suits it',
      numImages: 3,
      mode: 'balanced',
      style: 'modern',
    });
  });
});

describe('variations', () => {
  it('default to 1, and Clear All Settings makes them 2', () => {
    expect(initialSettings().variations).toBe('1');
    expect(clearedSettings().variations).toBe('2');
  });

  it('take a handed-over count within 1 to 4', () => {
    expect(toVariations(undefined)).toBe('1');
    expect(toVariations(3)).toBe('3');
    expect(toVariations(9)).toBe('4');
    expect(toVariations(0)).toBe('1');
  });
});

describe('arrival settings', () => {
  it('choose what a default prompt names, or keep the prompt the user wrote', () => {
    expect(
      arrivalSettings({
        prompt: 'A bridal redesign of this lehenga, in a jewel colour palette',
        style: 'modern',
        variations: 2,
      }),
    ).toEqual(
      settings({
        clothType: 'lehenga',
        designTheme: 'bridal',
        colorPalette: 'jewel',
        variations: '2',
      }),
    );
    expect(arrivalSettings({ prompt: 'patchwork', style: 'retro' })).toEqual(
      settings({ prompt: 'patchwork', style: 'retro' }),
    );
    expect(arrivalSettings({})).toEqual(initialSettings());
  });
});

describe('the stored draft', () => {
  const draft = {
    imageUrl: '/api/v1/media/cloth',
    settings: settings({ clothType: 'kurta' }),
    mode: 'performance',
    handedOver: null,
  };

  it('is read back as it was kept', () => {
    expect(readDesignerDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
  });

  it('counts as none when any field is unexpected', () => {
    expect(readDesignerDraft({ ...draft, mode: 'turbo' })).toBeNull();
    expect(
      readDesignerDraft({ ...draft, settings: { ...draft.settings, variations: 7 } }),
    ).toBeNull();
    expect(
      readDesignerDraft({ ...draft, settings: { ...draft.settings, colorPalette: 'rainbow' } }),
    ).toBeNull();
    expect(readDesignerDraft('draft')).toBeNull();
  });
});
