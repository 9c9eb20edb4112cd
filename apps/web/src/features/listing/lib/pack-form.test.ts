import { describe, expect, it } from 'vitest';
import {
  initialValues,
  packProblems,
  packRequest,
  rowFiles,
  type PackSource,
  type PackValues,
} from './pack-form';

const items = (count: number): PackSource => ({
  kind: 'items',
  items: Array.from({ length: count }, (_, i) => ({
    generationId: `gen_${String(i)}`,
    label: `Image ${String(i)}`,
  })),
});
const catalogue: PackSource = {
  kind: 'batch',
  batchId: 'batch_1',
  garments: [
    { name: 'Red tee', photos: 2 },
    { name: 'kurta', photos: 1 },
  ],
};
const values = (skus: string[], marketplace: PackValues['marketplace'] = 'amazon'): PackValues => ({
  marketplace,
  skus,
  fix: 'fix',
});

describe('pack form', () => {
  it('starts a catalogue with its garments’ names and gallery items empty, fixing', () => {
    expect(initialValues(catalogue, 'myntra')).toEqual({
      marketplace: 'myntra',
      skus: ['Red tee', 'kurta'],
      fix: 'fix',
    });
    expect(initialValues(items(2), 'amazon').skus).toEqual(['', '']);
  });

  it('numbers the images of a SKU in order: the first is the main image', () => {
    const v = values(['A1', 'B2', 'A1', 'A1']);
    expect([0, 1, 2, 3].map((i) => rowFiles(v, items(4), i))).toEqual([
      ['A1.MAIN.jpg'],
      ['B2.MAIN.jpg'],
      ['A1.PT01.jpg'],
      ['A1.PT02.jpg'],
    ]);
    expect(rowFiles(values(['tee', 'tee'], 'myntra'), items(2), 1)).toEqual(['tee_2.jpg']);
  });

  it('names every photo of a catalogue’s garment, and nothing for an unusable SKU', () => {
    expect(rowFiles(values(['Red tee', 'kurta'], 'etsy'), catalogue, 0)).toEqual([
      'Redtee-1.jpg',
      'Redtee-2.jpg',
    ]);
    expect(rowFiles(values(['--', 'k']), catalogue, 0)).toEqual([]);
  });

  it('asks for a SKU on every row, within 64 characters, with a character the names keep', () => {
    expect(packProblems(values(['', 'x'.repeat(65), '-_-']), items(3))).toEqual({
      'sku-0': 'Enter a SKU.',
      'sku-1': 'A SKU has at most 64 characters.',
      'sku-2': 'Amazon file names keep only letters and digits: use at least one.',
    });
    expect(packProblems(values(['-_-'], 'flipkart'), items(1))).toEqual({});
  });

  it('refuses two garments under one SKU and more images than a listing takes', () => {
    expect(packProblems(values(['tee', ' tee ']), catalogue)).toEqual({
      'sku-1': 'Each garment needs a SKU of its own.',
    });
    // Myntra takes 7 images a listing (main and 6 more): the 8th with the SKU is refused.
    const eight = values(
      Array.from({ length: 8 }, () => 'tee'),
      'myntra',
    );
    expect(packProblems(eight, items(8))).toEqual({
      'sku-7': 'Myntra takes at most 7 images per listing.',
    });
  });

  it('sends items with their trimmed SKUs, or the catalogue with one SKU per garment', () => {
    expect(packRequest({ ...values([' A1 ', 'B2']), fix: 'as-is' }, items(2))).toEqual({
      marketplace: 'amazon',
      fix: false,
      items: [
        { generationId: 'gen_0', sku: 'A1' },
        { generationId: 'gen_1', sku: 'B2' },
      ],
    });
    expect(packRequest(values(['Red tee ', 'kurta']), catalogue)).toEqual({
      marketplace: 'amazon',
      fix: true,
      batchId: 'batch_1',
      skus: ['Red tee', 'kurta'],
    });
  });

  it('makes a colourway set one listing per colour, named by its variants, sent by the set', () => {
    const set: PackSource = {
      kind: 'colourways',
      setId: 'cws_1',
      garments: [
        { name: 'TEE-NAVY', photos: 1 },
        { name: 'TEE-WHITE', photos: 0 },
      ],
    };
    const start = initialValues(set, 'myntra');
    expect(start.skus).toEqual(['TEE-NAVY', 'TEE-WHITE']);
    expect(rowFiles(start, set, 1)).toEqual([]);
    expect(packProblems(values(['TEE-NAVY', 'TEE-NAVY'], 'myntra'), set)).toEqual({
      'sku-1': 'Each garment needs a SKU of its own.',
    });
    expect(packRequest(start, set)).toEqual({
      marketplace: 'myntra',
      fix: true,
      colourwaySetId: 'cws_1',
      skus: ['TEE-NAVY', 'TEE-WHITE'],
    });
  });
});
