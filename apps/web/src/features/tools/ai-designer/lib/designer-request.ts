import { CLOTH_TYPES, DESIGN_THEMES, type ClothType } from '@studio/contract/design-options';
import {
  ASPECT_RATIOS,
  TOOL_DEFINITIONS,
  type GenerationType,
  type Mode,
} from '@studio/contract/tools';
import {
  reusedSetting,
  type EstimatePayload,
  type ToolNavigationState,
  type ResultNaming,
} from '@/features/generations';
import { oneOf } from '@/lib/guards';

export const TOOL: GenerationType = 'ai-designer';
export const FEATURE_NAME = TOOL_DEFINITIONS[TOOL].label;
export const ESTIMATE_FEATURE = TOOL_DEFINITIONS['ai-designer'].feature;

/** Document 2 §2, §5 and §8, word for word. */
export const DESIGNER_MESSAGES = {
  noImage: 'Please upload a cloth image',
  failed: 'Failed to generate design. Please try again.',
  empty: 'No Designs Yet',
  resultsTitle: 'Generated Designs',
  exampleResultsTitle: 'Example Results',
  uploadSuccess: 'Upload successful!',
  uploadFailure: 'Upload failed.',
} as const;

export type DesignTheme = (typeof DESIGN_THEMES)[number];
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Variations one run makes: the server takes 1 to 4 images (document 2 §9: default 1, reset 2). */
export const VARIATIONS = ['1', '2', '3', '4'] as const;
export type Variations = (typeof VARIATIONS)[number];
const DEFAULT_VARIATIONS: Variations = '1';
const CLEARED_VARIATIONS: Variations = '2';

/** The designer state's style (document 2 §3: default modern); not a control of its own. */
const DEFAULT_STYLE = 'modern';
/** The server's limit on a cloth type's text. */
export const CUSTOM_CLOTH_TYPE_MAX = 60;

/** The choices offered, the contract's lists in its order. */
export const CLOTH_TYPE_LIST = CLOTH_TYPES;
export const THEME_LIST = DESIGN_THEMES;
export const ASPECT_RATIO_LIST = ASPECT_RATIOS;

export const ASPECT_RATIO_LABELS: Record<AspectRatio, string> = {
  '9:16': '9:16',
  '16:9': '16:9',
  '1:1': '1:1',
};

/** A cloth type's or theme's label: its words, capitalised ('salwar-kameez' → 'Salwar kameez'). */
const LABEL_EXCEPTIONS: Partial<Record<string, string>> = {
  auto: 'Auto detect',
  'co-ord-set': 'Co-ord set',
  't-shirt': 'T-shirt',
};
export const optionLabel = (key: ClothType | DesignTheme): string =>
  LABEL_EXCEPTIONS[key] ?? `${key.charAt(0).toUpperCase()}${key.slice(1).replaceAll('-', ' ')}`;

/**
 * The colour palettes offered: 'auto' (the garment's own colours, shifted) and the named palettes
 * the offline engine recolours with (`PALETTES` in apps/server/src/platform/engine/recolour.ts,
 * which the local provider's `paletteOf` accepts), so every choice does something real offline.
 * The swatches are those palettes' colours, shown beside the choice.
 */
export const PALETTES = {
  auto: { label: 'Auto', swatches: [] },
  pastel: {
    label: 'Pastel',
    swatches: ['#f4a6b5', '#a8d8ea', '#c9e4c5', '#ffe5a5', '#cdb4db'],
  },
  earth: {
    label: 'Earth tones',
    swatches: ['#8b5e3c', '#c19a6b', '#6b7b3a', '#a0522d', '#d2b48c'],
  },
  jewel: {
    label: 'Jewel tones',
    swatches: ['#0f52ba', '#009b77', '#9b111e', '#7b3f9e', '#e0a526'],
  },
  monochrome: {
    label: 'Monochrome',
    swatches: ['#1e1e1e', '#4a4a4a', '#808080', '#b5b5b5', '#e6e6e6'],
  },
  neon: { label: 'Neon', swatches: ['#39ff14', '#ff073a', '#0ff0fc', '#ff10f0', '#fff01f'] },
  classic: { label: 'Classic', swatches: ['#1f3a5f', '#800020', '#2e5e3a', '#c19a6b', '#d4a017'] },
} as const satisfies Record<string, { label: string; swatches: readonly string[] }>;
export type PaletteName = keyof typeof PALETTES;
export const PALETTE_NAMES = Object.keys(PALETTES) as [PaletteName, ...PaletteName[]];

/** The AI designer state (document 2 §3), as the form holds it. */
export interface DesignerSettings {
  clothType: ClothType;
  customClothType: string;
  designTheme: DesignTheme;
  colorPalette: PaletteName;
  aspectRatio: AspectRatio;
  variations: Variations;
  prompt: string;
  style: string;
}

export const initialSettings = (): DesignerSettings => ({
  clothType: 'auto',
  customClothType: '',
  designTheme: 'automatic',
  colorPalette: 'auto',
  aspectRatio: '9:16',
  variations: DEFAULT_VARIATIONS,
  prompt: '',
  style: DEFAULT_STYLE,
});

/** Clear All Settings: the defaults, except that variations go to 2 (document 2 §4). */
export const clearedSettings = (): DesignerSettings => ({
  ...initialSettings(),
  variations: CLEARED_VARIATIONS,
});

/** A count handed over (the gallery's variation count) as one the form offers, 1 to 4. */
export function toVariations(count: number | undefined): Variations {
  if (count === undefined) return DEFAULT_VARIATIONS;
  const clamped = String(Math.min(4, Math.max(1, Math.floor(count))));
  return oneOf(VARIATIONS, clamped) ? clamped : DEFAULT_VARIATIONS;
}

/** The cloth type sent: the custom text when the type is custom (document 2 §5), else the type. */
export function sentClothType(settings: Pick<DesignerSettings, 'clothType' | 'customClothType'>) {
  if (settings.clothType !== 'custom') return settings.clothType;
  // An empty custom type says nothing about the garment: the model works it out, as for auto.
  return settings.customClothType.trim() || 'auto';
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the prompt calls the garment: 'kurta', the custom text, or 'garment' for auto. */
function garmentNoun(settings: Pick<DesignerSettings, 'clothType' | 'customClothType'>): string {
  const sent = sentClothType(settings);
  if (sent === 'auto') return 'garment';
  return oneOf(CLOTH_TYPE_LIST, sent) ? optionLabel(sent).toLowerCase() : sent;
}

const AUTO_THEME_WORD = 'fresh';
const AUTO_PALETTE_PHRASE = 'with a colour palette that suits it';

/**
 * The prompt sent when the user writes none (document 2 §5: built from theme, type and palette):
 * 'An ethnic redesign of this kurta, in a jewel colour palette'.
 */
export function defaultPrompt(settings: DesignerSettings): string {
  const theme = settings.designTheme === 'automatic' ? AUTO_THEME_WORD : settings.designTheme;
  const palette =
    settings.colorPalette === 'auto'
      ? AUTO_PALETTE_PHRASE
      : `in ${article(settings.colorPalette)} ${settings.colorPalette} colour palette`;
  return `${capitalise(article(theme))} ${theme} redesign of this ${garmentNoun(settings)}, ${palette}`;
}

const DEFAULT_PROMPT_PATTERN = new RegExp(
  `^an? (\\w+) redesign of this (.+), (?:${AUTO_PALETTE_PHRASE}|in an? (\\w+) colour palette)$`,
  'i',
);

/**
 * The theme, type and palette a default prompt was built from, or null for a prompt the user
 * wrote. The gallery records a run's prompt (the default one when the user wrote none), so the
 * gallery's View can choose the same theme, type and palette again.
 */
export function readDefaultPrompt(
  prompt: string,
): Pick<DesignerSettings, 'clothType' | 'customClothType' | 'designTheme' | 'colorPalette'> | null {
  const match = DEFAULT_PROMPT_PATTERN.exec(prompt.trim());
  if (!match) return null;
  const [, themeWord = '', garment = '', paletteWord] = match;
  const designTheme = themeWord === AUTO_THEME_WORD ? 'automatic' : themeWord;
  const colorPalette = paletteWord ?? 'auto';
  if (!oneOf(THEME_LIST, designTheme) || !oneOf(PALETTE_NAMES, colorPalette)) return null;
  if (garment === 'garment') {
    return { clothType: 'auto', customClothType: '', designTheme, colorPalette };
  }
  const listed = CLOTH_TYPE_LIST.find(
    (type) => type !== 'auto' && type !== 'custom' && optionLabel(type).toLowerCase() === garment,
  );
  return listed
    ? { clothType: listed, customClothType: '', designTheme, colorPalette }
    : { clothType: 'custom', customClothType: garment, designTheme, colorPalette };
}

/** The prompt a run sends: the user's, else the default one. */
export const sentPrompt = (settings: DesignerSettings) =>
  settings.prompt.trim() || defaultPrompt(settings);

/**
 * The AI designer call (document 2 §7): the cloth, its type, theme and palette, the style, aspect
 * ratio, prompt and number of variations, and the spec's fixed values (jpeg output and the safety
 * checker), which the server accepts and ignores.
 */
export function designerRequest(
  settings: DesignerSettings,
  { userId, imageUrl, mode }: { userId: string; imageUrl: string; mode: Mode },
): { path: string; body: Record<string, unknown> } {
  return {
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      clothImage: imageUrl,
      clothType: sentClothType(settings),
      designTheme: settings.designTheme,
      colorPalette: settings.colorPalette,
      style: settings.style,
      aspectRatio: settings.aspectRatio,
      prompt: sentPrompt(settings),
      numImages: Number(settings.variations),
      mode,
      userId,
      outputFormat: 'jpeg',
      enableSafetyChecker: true,
    },
  };
}

/** What changes the price, as the generate payload says it: the mode and the variations. */
export function designerEstimate(settings: DesignerSettings, mode: Mode): EstimatePayload {
  return { mode, numImages: Number(settings.variations) };
}

/** Saved names of results ('ai-designer-2.jpg'). */
export const downloadName = (index: number) => `ai-designer-${String(index + 1)}.jpg`;

/**
 * The form as another screen hands it over (document 2 §2; the gallery's View): the prompt, or the
 * theme, type and palette a default prompt was built from; the style; the variation count. Reuse
 * settings also hands over the run's own settings (ADR 030), which win where the form offers them;
 * a cloth type the list does not name was a custom one.
 */
export function arrivalSettings(arrival: ToolNavigationState): DesignerSettings {
  const base = initialSettings();
  const prompt = arrival.prompt ?? '';
  const { clothType, numImages } = arrival.settings ?? {};
  const settings: DesignerSettings = {
    ...base,
    ...(readDefaultPrompt(prompt) ?? { prompt }),
    style: arrival.style ?? base.style,
    variations: toVariations(typeof numImages === 'number' ? numImages : arrival.variations),
  };
  if (typeof clothType === 'string' && clothType !== 'custom') {
    const listed = oneOf(CLOTH_TYPE_LIST, clothType);
    settings.clothType = listed ? clothType : 'custom';
    settings.customClothType = listed ? '' : clothType.slice(0, CUSTOM_CLOTH_TYPE_MAX);
  }
  settings.designTheme = reusedSetting(arrival, 'designTheme', THEME_LIST) ?? settings.designTheme;
  settings.colorPalette =
    reusedSetting(arrival, 'colorPalette', PALETTE_NAMES) ?? settings.colorPalette;
  settings.aspectRatio =
    reusedSetting(arrival, 'aspectRatio', ASPECT_RATIO_LIST) ?? settings.aspectRatio;
  return settings;
}

/** The designer's results as the screen names them (document 2 §2). */
export const NAMING: ResultNaming = {
  tool: TOOL,
  altText: (index, several) =>
    several ? `Generated design ${String(index + 1)}` : 'Generated design',
  filename: downloadName,
};
