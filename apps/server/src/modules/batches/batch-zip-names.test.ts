import { describe, expect, it } from 'vitest';
import { slugify, variantEntryNames, zipEntryNames } from './batch-zip-names';

const one = (garmentIndex: number, modelIndex: number, extensions = ['jpg']) => ({
  garmentIndex,
  modelIndex,
  extensions,
});

describe('zip entry names', () => {
  it('names each photo by garment number, garment and model', () => {
    expect(
      zipEntryNames(['Red Dress', 'Blue Jeans'], ['Ava', 'Your model 1'], [one(0, 0), one(1, 1)]),
    ).toEqual([['01-red-dress__ava.jpg'], ['02-blue-jeans__your-model-1.jpg']]);
  });

  it('numbers a pair’s later images -2, -3 and keeps each image’s own extension', () => {
    expect(zipEntryNames(['Dress'], ['Ava'], [one(0, 0, ['jpg', 'jpg', 'png'])])).toEqual([
      ['01-dress__ava.jpg', '01-dress__ava-2.jpg', '01-dress__ava-3.png'],
    ]);
  });

  it('keeps every name unique: repeated model names, empty names, look-alike cases', () => {
    const names = zipEntryNames(
      ['Dress', '', '***'],
      ['Ava', 'ava', 'AVA!'],
      [one(0, 0), one(0, 1), one(0, 2), one(1, 0), one(2, 0)],
    ).flat();
    expect(names).toEqual([
      '01-dress__ava-1.jpg',
      '01-dress__ava-2.jpg',
      '01-dress__ava-3.jpg',
      '02-garment-2__ava-1.jpg',
      '03-garment-3__ava-1.jpg',
    ]);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
  });

  it('never lets a name climb out of the folder or carry characters file systems refuse', () => {
    const [[name]] = zipEntryNames(['../../etc/passwd'], ['C:\\Users\\me:*?"<>|'], [one(0, 0)]) as [
      [string],
    ];
    expect(name).toBe('01-etc-passwd__c-users-me.jpg');
    expect(name).not.toMatch(/[/\\:*?"<>|]|\.\./);
  });

  it('keeps letters of any script, lower-cased, and cuts long names at 40 characters', () => {
    expect(slugify('Robe d’été ROUGE')).toBe('robe-d-été-rouge');
    expect(slugify('साड़ी लाल')).toBe('साड़ी-लाल');
    expect(slugify('红色连衣裙')).toBe('红色连衣裙');
    expect(slugify('a'.repeat(100))).toHaveLength(40);
    expect(slugify(`${'a'.repeat(39)} b`)).toBe('a'.repeat(39));
  });

  it('pads garment numbers to the catalogue’s width', () => {
    const garments = Array.from({ length: 20 }, (_, i) => `g${String(i)}`);
    expect(zipEntryNames(garments, ['m'], [one(19, 0)])).toEqual([['20-g19__m.jpg']]);
  });
});

describe('variantEntryNames', () => {
  it('names each variant by its SKU as written, case kept, extension by content', () => {
    expect(
      variantEntryNames([
        { name: 'TEE-Navy-01', extension: 'jpg' },
        { name: 'Tee red / L', extension: 'png' },
      ]),
    ).toEqual(['TEE-Navy-01.jpg', 'Tee-red-L.png']);
  });

  it('tells apart names that differ only by case, as file systems that ignore case need', () => {
    expect(
      variantEntryNames([
        { name: 'tee-navy', extension: 'jpg' },
        { name: 'TEE-NAVY', extension: 'jpg' },
        { name: '///', extension: 'jpg' },
      ]),
    ).toEqual(['tee-navy-1.jpg', 'TEE-NAVY-2.jpg', 'variant-3.jpg']);
  });
});
