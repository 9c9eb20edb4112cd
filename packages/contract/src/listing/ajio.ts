import { fyndSource } from './fynd';
import { KIB, MIB, READ_ON, type Marketplace, type RuleSource, type SlotRules } from './rules';

const PAGE = 'konnect/channels/marketplaces-webstores/ajio/image-guidelines';
const TITLE = 'Product Listing Guidelines / Image Guidelines: AJIO';
const rule = (quote: string) => fyndSource(PAGE, TITLE, quote);
/** AJIO's own guideline PDF, read through a mirror of its Scribd copy: not on ajio.com. */
const ajioPdf = (quote: string): RuleSource => ({
  url: 'https://www.scribd.com/document/625569903/Ajio-Mp-Image-Guidelines-fashion-Jewelry',
  title: 'Ajio MP Image Guidelines (AJIO-authored PDF, read on a mirror)',
  read: READ_ON,
  confirmed: false,
  quote,
});
const ASPECT_QUOTE =
  'Image aspect ratio must be 1:1.25 and image should be more than 1000 pixels in both height and width';

const all: SlotRules = {
  background: {
    level: 'required',
    name: 'a light colour (white included)',
    rgb: [255, 255, 255],
    tolerance: 40,
    share: 0.98,
    source: rule('Any light background colour including white are acceptable'),
  },
  fill: {
    level: 'required',
    min: 0.8,
    max: 0.85,
    source: rule(
      'The product must fill 80-85% of the image frame for all angles, 100% for detail shot',
    ),
  },
  aspect: { level: 'required', width: 4, height: 5, tolerance: 0.01, source: rule(ASPECT_QUOTE) },
  pixels: { level: 'required', minWidth: 1000, minHeight: 1000, source: rule(ASPECT_QUOTE) },
  format: {
    level: 'required',
    formats: ['jpeg', 'png'],
    source: ajioPdf(
      'JPEG, JPG, PNG file formats are acceptable. GIF, TIFF, PDF formats are not allowed',
    ),
  },
  colour: {
    level: 'required',
    cmykAllowed: false,
    source: ajioPdf('Images should be in RGB color mode'),
  },
  fileSize: {
    level: 'required',
    minBytes: 200 * KIB,
    maxBytes: MIB,
    source: rule('Image size should be between 200 KB and 1 MB'),
  },
  content: [
    {
      id: 'no-mannequin-first',
      level: 'required',
      text: 'The first image is not a mannequin, ghost mannequin or pack shot',
      source: rule('Mannequins, ghost mannequin or pack images as First image are not acceptable'),
    },
    {
      id: 'no-text',
      level: 'required',
      text: 'No watermarks, borders or collages; one model per image',
      source: ajioPdf(
        'Avoid adding any watermarks or borders to the images. Collages or images with more than one model are not allowed',
      ),
    },
    {
      id: 'views',
      level: 'required',
      text: 'Front, side, back and detail views',
      source: rule('Mandatory angles for the product are Front view, Side, Back and Detail view.'),
    },
  ],
};

export const ajio: Marketplace = {
  id: 'ajio',
  name: 'AJIO',
  slots: {
    main: all,
    additional: { ...all, content: all.content.filter((c) => c.id === 'no-text') },
    swatch: { format: all.format, colour: all.colour, content: [] },
  },
  naming: {
    main: '{sku}_MODEL.jpg',
    additional: '{sku}_MODEL{n}.jpg',
    swatch: '{sku}_SWATCH.jpg',
    skuPattern: /[A-Za-z0-9_-]/,
    maxAdditional: 7,
    uppercase: false,
    source: rule(
      'followed by MODEL2, MODEL3 for additional images. SWATCH image of product has to be updated only in SWATCH field',
    ),
    note: 'Named after AJIO’s upload fields (MODEL, MODEL2…, SWATCH); the names in the vendor sheet must match the files, as manifest.csv lists them.',
  },
};
