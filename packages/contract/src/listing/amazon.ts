import { MIB, READ_ON, type Marketplace, type RuleSource, type SlotRules } from './rules';

const src = (url: string, title: string, quote: string, confirmed = true): RuleSource => ({
  url,
  title,
  read: READ_ON,
  confirmed,
  quote,
});

const TECHNICAL = src(
  'https://sellercentral.amazon.com/gp/help/external/G9FUUH87RBNXGKB7',
  'Technical image file requirements (Amazon Seller Central, US)',
  'File format should be JPEG (.jpg or .jpeg), TIFF (.tif), PNG (.png), or non-animated GIF (.gif) file formats (JPEG recommended).',
);
const COLOUR = src(
  TECHNICAL.url,
  TECHNICAL.title,
  'Color should be RGB or CMYK (RGB is preferred because CMYK color sometimes shows color-tonal variations when displayed on our website).',
);
const MAX_PIXELS = src(
  TECHNICAL.url,
  TECHNICAL.title,
  'Files cannot exceed 10,000 pixels on the longest side.',
);
const CLOTHING = 'https://sellercentral.amazon.co.uk/gp/help/external/help.html?itemID=200498950';
const CLOTHING_TITLE = 'Image guidelines for clothing (Amazon Seller Central, UK)';
const WHITE = src(
  CLOTHING,
  CLOTHING_TITLE,
  'On pure white background (Hex #FFFFFF or RGB 255-255-255)',
);
const FILL = src(
  'https://sellercentral.amazon.fr/gp/help/external/G1881?language=en_FR',
  'Product image requirements (Amazon Seller Central, FR, English)',
  'Product must fill at least 85% of the image.',
);
const ASPECT = src(
  CLOTHING,
  CLOTHING_TITLE,
  'Minimum aspect ratio is close to 3:4 (width/height) and 85% of the total image area occupied',
);
const ZOOM = src(
  CLOTHING,
  CLOTHING_TITLE,
  'Images must be high-resolution professional photos with 1600 pixels or larger in either height or width to activate the zoom feature.',
);
const SUPPRESSION =
  'https://sellercentral.amazon.com.au/gp/help/external/help.html?itemID=T8RSE9S9NK4LP6Z';
const SUPPRESSION_TITLE = 'Image rules that suppress a listing (Amazon Seller Central, AU)';
const FILE_SIZE = src(
  'https://changethisfile.com/blog/convert-images-for-amazon-seller-central',
  'Convert images for Amazon Seller Central (third-party blog)',
  'Files up to 10MB accepted.',
  false,
);
const NAMING = src(
  'https://sellercentral.amazon.com.au/gp/help/external/help.html?itemID=JV4FNMT7563SF5F',
  'Name your image files (Amazon Seller Central, AU)',
  'The accepted naming convention is: ASIN + variant code + file extension (for example, B000123456.MAIN.jpg or B000123456.PT02.jpg).',
);

const format = {
  level: 'required',
  formats: ['jpeg', 'tiff', 'png', 'gif'],
  source: TECHNICAL,
} as const;
const colour = { level: 'required', cmykAllowed: true, source: COLOUR } as const;
const fileSize = { level: 'required', maxBytes: 10 * MIB, source: FILE_SIZE } as const;
const pixels = { level: 'required', minLongSide: 1600, maxLongSide: 10_000, source: ZOOM } as const;

const main: SlotRules = {
  // Amazon states no tolerance; 2 levels absorb JPEG's rounding of a pure white (ADR 057).
  background: {
    level: 'required',
    name: 'pure white',
    rgb: [255, 255, 255],
    tolerance: 2,
    share: 0.995,
    source: WHITE,
  },
  fill: { level: 'required', min: 0.85, source: FILL },
  aspect: { level: 'required', width: 3, height: 4, tolerance: 0.05, source: ASPECT },
  pixels: { ...pixels, source: { ...ZOOM, quote: `${ZOOM.quote} ${MAX_PIXELS.quote}` } },
  format,
  colour,
  fileSize,
  content: [
    {
      id: 'no-text',
      level: 'required',
      text: 'No text, logos, graphics or watermarks on the main image',
      source: src(
        SUPPRESSION,
        SUPPRESSION_TITLE,
        'We believe that the main image has text, logos, graphics, or watermarks, which is not permitted for this product type.',
      ),
    },
    {
      id: 'on-model',
      level: 'required',
      text: 'Adult clothing is shown on a model, front view, nothing cut off (not for childrenswear or accessories)',
      source: src(
        CLOTHING,
        CLOTHING_TITLE,
        'Shot on a model (except for childrenswear, accessories, or transparent clothes)',
      ),
    },
    {
      id: 'no-packaging',
      level: 'required',
      text: 'No packaging, brand or swing tags, no props',
      source: src(
        SUPPRESSION,
        SUPPRESSION_TITLE,
        'We believe that the main image has your product in packaging or brand/swing tags, which is not permitted for this product type.',
      ),
    },
  ],
};

const additional: SlotRules = {
  pixels: { ...pixels, source: { ...ZOOM, quote: `${ZOOM.quote} ${MAX_PIXELS.quote}` } },
  format,
  colour,
  fileSize,
  content: [],
};

const swatch: SlotRules = {
  format,
  colour,
  fileSize,
  content: [
    {
      id: 'swatch-fabric',
      level: 'recommended',
      text: 'A close-up of the fabric or colour, shown as a 30 × 30 px thumbnail',
      source: src(
        'https://sellercentral.amazon.com/gp/help/external/help.html?itemID=200498950&language=en_US',
        'Image guidelines for clothing (Amazon Seller Central, US)',
        'Swatch images for child products, if available, appear below the main image as 30 x 30 pixel thumbnails.',
      ),
    },
  ],
};

export const amazon: Marketplace = {
  id: 'amazon',
  name: 'Amazon',
  slots: { main, additional, swatch },
  naming: {
    main: '{sku}.MAIN.jpg',
    additional: '{sku}.PT{nn}.jpg',
    swatch: '{sku}.SWCH.jpg',
    skuPattern: /[A-Za-z0-9]/,
    maxAdditional: 8,
    uppercase: true,
    source: NAMING,
    note: 'Amazon names files by ASIN, ISBN, EAN, JAN or UPC, not by SKU; enter the ASIN as the SKU for an upload Amazon matches by itself. Spaces and dashes make an upload fail, so they are dropped.',
  },
};
