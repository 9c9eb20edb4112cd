import { fyndSource, LIGHT_GREY } from './fynd';
import { KIB, MIB, type Marketplace, type SlotRules } from './rules';

const PAGE = 'commerce/docs/openapi/listings-management/myntra/image-guidelines-myntra.md';
const TITLE = 'Image Guidelines: Myntra';
const rule = (quote: string) => fyndSource(PAGE, TITLE, quote);
const SIZE_QUOTE =
  'Image dimensions: 1080 x 1440 or more. Image resolution: 72 dpi or more. The aspect Ratio should be maintained to 3:4';

const all: SlotRules = {
  background: {
    level: 'required',
    ...LIGHT_GREY,
    share: 0.98,
    source: rule(
      'Light grey background with a soft shadow is required, white background will not be accepted',
    ),
  },
  aspect: { level: 'required', width: 3, height: 4, tolerance: 0.01, source: rule(SIZE_QUOTE) },
  pixels: { level: 'required', minWidth: 1080, minHeight: 1440, source: rule(SIZE_QUOTE) },
  format: {
    level: 'required',
    formats: ['jpeg'],
    source: rule('Only JPEG file format is allowed'),
  },
  colour: { level: 'required', cmykAllowed: false, source: rule(SIZE_QUOTE) },
  fileSize: {
    level: 'required',
    minBytes: 500 * KIB,
    maxBytes: MIB,
    source: rule('Image size should be between 500 Kb to 1 MB'),
  },
  content: [
    {
      id: 'no-text',
      level: 'required',
      text: 'No text, watermarks, price tags or stickers',
      source: rule('No text/watermark are allowed in the image'),
    },
    {
      id: 'views',
      level: 'required',
      text: 'Front, side and back views; details (print, embroidery) in an image of their own; 5 to 7 images per variant',
      source: rule(
        'Front, side, and back view is mandatory, if the apparel has detail (e.g. pattern or embroidery) then that should be displayed as a separate image',
      ),
    },
  ],
};

export const myntra: Marketplace = {
  id: 'myntra',
  name: 'Myntra',
  slots: {
    main: all,
    additional: { ...all, content: all.content.filter((c) => c.id !== 'views') },
  },
  naming: {
    main: '{sku}_1.jpg',
    additional: '{sku}_{n}.jpg',
    skuPattern: /[A-Za-z0-9_-]/,
    maxAdditional: 6,
    uppercase: false,
    source: null,
    note: 'Myntra publishes no file-name convention outside its partner portal: files are numbered in upload order, at most 7 per variant.',
  },
};
