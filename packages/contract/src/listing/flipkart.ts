import { fyndSource, LIGHT_GREY } from './fynd';
import type { Marketplace, SlotRules } from './rules';

const PAGE = 'commerce/docs/openapi/listings-management/flipkart/image-guidelines-flipkart.md';
const TITLE = 'Image Guidelines: Flipkart';
const rule = (quote: string) => fyndSource(PAGE, TITLE, quote);

const all: SlotRules = {
  background: {
    level: 'required',
    ...LIGHT_GREY,
    share: 0.98,
    source: rule(
      'Light grey background with soft shadow is required, white background will not be accepted',
    ),
  },
  pixels: {
    level: 'required',
    minWidth: 1000,
    minHeight: 1000,
    source: rule('Image resolution should be atleast 1000*1000'),
  },
  format: {
    level: 'required',
    formats: ['jpeg'],
    source: rule('Only JPEG file format is allowed'),
  },
  colour: {
    level: 'required',
    cmykAllowed: false,
    source: rule('Image should be in white/light grey'),
  },
  content: [
    {
      id: 'no-text',
      level: 'required',
      text: 'No text, watermarks, price tags or stickers',
      source: rule('No text/watermark are allowed in the image'),
    },
    {
      id: 'no-mannequin',
      level: 'required',
      text: 'No mannequin',
      source: rule('Mannequin images are not allowed'),
    },
    {
      id: 'views',
      level: 'required',
      text: 'Front and back views (side optional), the same model in every shot',
      source: rule(
        'Front and back view images are mandatory, Side images are good to have (optional)',
      ),
    },
  ],
};

export const flipkart: Marketplace = {
  id: 'flipkart',
  name: 'Flipkart',
  slots: {
    main: all,
    additional: { ...all, content: all.content.filter((c) => c.id !== 'views') },
  },
  naming: {
    main: '{sku}_1.jpg',
    additional: '{sku}_{n}.jpg',
    skuPattern: /[A-Za-z0-9_-]/,
    maxAdditional: 7,
    uppercase: false,
    source: null,
    note: 'Flipkart publishes no file-name convention outside its seller portal: files are numbered in upload order.',
  },
};
