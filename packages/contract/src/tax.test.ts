import { describe, expect, it } from 'vitest';
import {
  financialYearOf,
  gstinCheckCharacter,
  gstinProblem,
  isValidGstin,
  placeOfSupply,
  splitTax,
} from './tax';
import { gstinSchema, updateProfileRequestSchema } from './user';

describe('GSTIN', () => {
  // Published GSTINs of real registrations: their check characters come from the GST portal.
  const real = ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', '33AAACH7409R1Z8', '24AAACC1206D1ZM'];

  it('computes the check character of published GSTINs', () => {
    for (const gstin of real) {
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
      expect(isValidGstin(gstin)).toBe(true);
    }
  });

  it('catches a single mistyped character and swapped neighbours', () => {
    const gstin = '27AAPFU0939F1ZV';
    expect(gstinProblem('27AAPFU0939F1ZW')).toMatch(/check character/);
    expect(gstinProblem('27AAPFU9039F1ZV')).toMatch(/check character/);
    expect(gstinProblem('72AAPFU0939F1ZV')).not.toBeNull();
    expect(isValidGstin(gstin.toLowerCase())).toBe(true);
  });

  it('refuses the wrong length, shape or an unknown state', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toMatch(/15 characters/);
    expect(gstinProblem('27AAPF10939F1ZV')).toMatch(/state code, a PAN/);
    expect(gstinProblem('27AAPFU0939F1YV')).toMatch(/state code, a PAN/);
    const unknownState = `99AAPFU0939F1Z`;
    expect(gstinProblem(unknownState + gstinCheckCharacter(unknownState))).toMatch(/unknown state/);
  });

  it('is trimmed and upper-cased by the schema', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.safeParse('27AAPFU0939F1ZW').success).toBe(false);
  });

  it('is validated on the profile, where an empty value clears it', () => {
    const parse = (fields: object) =>
      updateProfileRequestSchema.safeParse({ userId: 'u', ...fields });
    expect(parse({ gstin: '29aagcb7383j1z4' })).toMatchObject({
      success: true,
      data: { gstin: '29AAGCB7383J1Z4' },
    });
    expect(parse({ gstin: '' }).success).toBe(true);
    expect(parse({ gstin: '29AAGCB7383J1Z5' }).success).toBe(false);
    expect(parse({ gstState: '29' }).success).toBe(true);
    expect(parse({ gstState: '28' }).success).toBe(false);
  });
});

describe('financial year', () => {
  it('runs from 1 April to 31 March in India time', () => {
    expect(financialYearOf(new Date('2026-11-27T10:00:00Z'))).toBe('2026-27');
    expect(financialYearOf(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27');
    // Midnight of 1 April in India is 18:30 UTC on 31 March.
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });
});

describe('tax split', () => {
  it('splits GST into equal CGST and SGST within a state', () => {
    const tax = splitTax({
      totalMinor: 80_000,
      ratePercent: 18,
      gst: { sellerState: '27', placeOfSupply: '27' },
    });
    expect(tax.lines).toEqual([
      { label: 'CGST', ratePercent: 9, amountMinor: 6102 },
      { label: 'SGST', ratePercent: 9, amountMinor: 6102 },
    ]);
    expect(tax.taxableMinor).toBe(67_796);
  });

  it('charges IGST between states', () => {
    const tax = splitTax({
      totalMinor: 80_000,
      ratePercent: 18,
      gst: { sellerState: '27', placeOfSupply: '29' },
    });
    expect(tax.lines).toEqual([{ label: 'IGST', ratePercent: 18, amountMinor: 12_203 }]);
    expect(tax.taxableMinor).toBe(67_797);
  });

  it('uses UTGST in a union territory without a legislature', () => {
    const tax = splitTax({
      totalMinor: 10_000,
      ratePercent: 18,
      gst: { sellerState: '04', placeOfSupply: '04' },
    });
    expect(tax.lines.map((l) => l.label)).toEqual(['CGST', 'UTGST']);
  });

  it('always adds up to the amount paid', () => {
    for (const totalMinor of [1, 99, 100, 12_345, 79_999, 2_399_900]) {
      for (const ratePercent of [5, 12, 18, 28, 7.5]) {
        for (const placeOfSupplyCode of ['27', '07'] as const) {
          const tax = splitTax({
            totalMinor,
            ratePercent,
            gst: { sellerState: '27', placeOfSupply: placeOfSupplyCode },
          });
          const sum = tax.taxableMinor + tax.lines.reduce((s, l) => s + l.amountMinor, 0);
          expect(sum).toBe(totalMinor);
          expect(tax.taxableMinor).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  it('has no lines at 0 % and a plain Tax line outside GST', () => {
    expect(splitTax({ totalMinor: 1000, ratePercent: 0 }).lines).toEqual([]);
    expect(splitTax({ totalMinor: 1100, ratePercent: 10 }).lines).toEqual([
      { label: 'Tax', ratePercent: 10, amountMinor: 100 },
    ]);
  });

  it('takes the place of supply from the GSTIN, then the state on record, then the seller', () => {
    expect(placeOfSupply('27', { gstin: '29AAGCB7383J1Z4', stateCode: '07' })).toBe('29');
    expect(placeOfSupply('27', { gstin: '', stateCode: '07' })).toBe('07');
    expect(placeOfSupply('27', {})).toBe('27');
  });
});
