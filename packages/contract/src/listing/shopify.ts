import { READ_ON, type Marketplace, type RuleSource, type SlotRules } from './rules';

const MEDIA: RuleSource = {
  url: 'https://shopify.dev/docs/apps/online-store/media/products',
  title: 'Manage media for products (Shopify developer documentation)',
  read: READ_ON,
  confirmed: true,
  quote:
    'The maximum image size is 4472 x 4472 px, or 20 megapixels. For square images, 2048 x 2048 px looks best.',
};

const all: SlotRules = {
  pixels: { level: 'required', maxLongSide: 4472, maxMegapixels: 20, source: MEDIA },
  format: {
    level: 'required',
    formats: ['png', 'gif', 'jpeg'],
    source: { ...MEDIA, quote: 'An image in one of the following formats: PNG, GIF, or JPG.' },
  },
  content: [],
};

/** Square is Shopify's advice (2048 × 2048 "looks best"), not a rule: a miss is shown, not failed. */
const main: SlotRules = {
  ...all,
  aspect: { level: 'recommended', width: 1, height: 1, tolerance: 0.01, source: MEDIA },
};

export const shopify: Marketplace = {
  id: 'shopify',
  name: 'Shopify',
  slots: {
    main,
    additional: all,
  },
  naming: {
    main: '{sku}-1.jpg',
    additional: '{sku}-{n}.jpg',
    skuPattern: /[A-Za-z0-9_-]/,
    maxAdditional: 249,
    uppercase: false,
    source: null,
    note: 'Shopify takes any file name; files are numbered in the product’s image order, as its CSV import lists them.',
  },
};
