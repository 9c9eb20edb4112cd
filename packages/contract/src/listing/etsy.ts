import { MIB, READ_ON, type Marketplace, type RuleSource, type SlotRules } from './rules';

const POLICY: RuleSource = {
  url: 'https://www.etsy.com/legal/policy/listing-image-requirements/253962679005',
  title: 'Listing Image Requirements (Etsy House Rules)',
  read: READ_ON,
  confirmed: true,
  quote: 'In general, listing images must be of the item itself, not a rendering or stock photo.',
};
const CHECKLIST: RuleSource = {
  url: 'https://hauld.app/blog/etsy-listing-photo-checklist',
  title: 'The Etsy listing photo checklist (2026), third-party blog',
  read: READ_ON,
  confirmed: false,
  quote: 'Max file size: 10 MB',
};

const all: SlotRules = {
  pixels: {
    level: 'recommended',
    minLongSide: 2000,
    source: { ...CHECKLIST, quote: 'Etsy recommends 2,000 px' },
  },
  format: {
    level: 'required',
    formats: ['jpeg', 'png', 'gif'],
    source: { ...CHECKLIST, quote: 'JPG, PNG or GIF' },
  },
  fileSize: { level: 'required', maxBytes: 10 * MIB, source: CHECKLIST },
  content: [],
};

export const etsy: Marketplace = {
  id: 'etsy',
  name: 'Etsy',
  slots: {
    main: {
      ...all,
      content: [
        {
          id: 'real-item',
          level: 'required',
          text: 'Shows the item itself, not a rendering: a generated picture may only be an additional image showing options',
          source: POLICY,
        },
      ],
    },
    additional: all,
  },
  naming: {
    main: '{sku}-1.jpg',
    additional: '{sku}-{n}.jpg',
    skuPattern: /[A-Za-z0-9_-]/,
    maxAdditional: 9,
    uppercase: false,
    source: null,
    note: 'Etsy takes any file name; files are numbered in listing order (at most 10 photos).',
  },
};
