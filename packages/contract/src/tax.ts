/**
 * Indian GST for receipts (ADR 051): the GSTIN's format and check character, the state codes, the
 * financial year (April–March) and the split of a GST-inclusive amount into CGST + SGST/UTGST
 * (supplier and place of supply in the same state) or IGST (different states). Shared by the
 * server (receipts, profile checks) and the web (profile form).
 */

/** GST state and union-territory codes (the GSTIN's first two digits), as the GST portal lists them. */
export const GST_STATES = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
} as const satisfies Record<string, string>;
export type GstStateCode = keyof typeof GST_STATES;
export const GST_STATE_CODES = Object.keys(GST_STATES) as GstStateCode[];

export const isGstStateCode = (value: string): value is GstStateCode =>
  Object.hasOwn(GST_STATES, value);

/**
 * Union territories without a legislature levy UTGST where a state levies SGST (UTGST Act, 2017);
 * Delhi, Puducherry and Jammu and Kashmir have legislatures and levy SGST.
 */
const UTGST_TERRITORIES: ReadonlySet<string> = new Set(['04', '26', '31', '35', '38', '97']);

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state, 10-character PAN (5 letters, 4 digits, 1 letter), entity 1-9/A-Z, 'Z', check. */
const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: Luhn mod 36 over 0-9A-Z, the factor
 * alternating 1, 2 from the left; each product adds its base-36 quotient and remainder.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14.charAt(i));
    if (value < 0) throw new Error(`not a GSTIN character: ${first14.charAt(i)}`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** Why a GSTIN is refused, or null when it is well formed, of a known state, with its check. */
export function gstinProblem(value: string): string | null {
  const gstin = value.trim().toUpperCase();
  if (gstin.length !== 15) return 'A GSTIN has 15 characters, e.g. 27AAPFU0939F1ZV';
  if (!GSTIN_PATTERN.test(gstin)) {
    return 'A GSTIN is a state code, a PAN, an entity number, Z and a check character';
  }
  if (!isGstStateCode(gstin.slice(0, 2))) return 'The GSTIN starts with an unknown state code';
  if (gstinCheckCharacter(gstin) !== gstin.charAt(14)) {
    return 'This GSTIN’s check character does not match: please check it for a typo';
  }
  return null;
}

export const isValidGstin = (value: string) => gstinProblem(value) === null;

/** The state code a valid GSTIN is registered in. */
export const gstinState = (gstin: string) => gstin.trim().slice(0, 2) as GstStateCode;

/** India's fixed offset (no daylight saving): the financial year turns at midnight IST. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * The Indian financial year of an instant, as `2026-27` (1 April 2026 to 31 March 2027, IST):
 * the span in which a receipt series must be consecutive and unique (CGST Rules, rule 46(b)).
 */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const year = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${String(year)}-${String((year + 1) % 100).padStart(2, '0')}`;
}

export type TaxLabel = 'CGST' | 'SGST' | 'UTGST' | 'IGST' | 'Tax';
export interface TaxLine {
  label: TaxLabel;
  ratePercent: number;
  amountMinor: number;
}
export interface TaxBreakdown {
  /** Value before tax (minor units). */
  taxableMinor: number;
  lines: TaxLine[];
  /** What was paid: taxable + every line (minor units). */
  totalMinor: number;
}

/**
 * Where a service is supplied for GST (IGST Act s. 12(2)): a registered buyer's state (their
 * GSTIN's); an unregistered buyer's state when on record; else the supplier's own state.
 */
export function placeOfSupply(
  sellerState: GstStateCode,
  buyer: { gstin?: string | null; stateCode?: string | null },
): GstStateCode {
  if (buyer.gstin && isValidGstin(buyer.gstin)) return gstinState(buyer.gstin);
  if (buyer.stateCode && isGstStateCode(buyer.stateCode)) return buyer.stateCode;
  return sellerState;
}

/**
 * Splits a tax-inclusive total (catalogue prices include tax) into its taxable value and tax
 * lines. GST (INR with a seller state): same state, half the rate as CGST and half as SGST (UTGST
 * in a territory without a legislature), equal amounts; different states, IGST at the full rate.
 * Otherwise one 'Tax' line at `ratePercent`, none at 0. Lines always add up to the total exactly.
 */
export function splitTax(input: {
  totalMinor: number;
  ratePercent: number;
  gst?: { sellerState: GstStateCode; placeOfSupply: GstStateCode } | undefined;
}): TaxBreakdown {
  const { totalMinor, ratePercent } = input;
  if (ratePercent <= 0) return { taxableMinor: totalMinor, lines: [], totalMinor };
  const exactTaxable = (totalMinor * 100) / (100 + ratePercent);
  if (input.gst && input.gst.sellerState === input.gst.placeOfSupply) {
    const half = Math.round((exactTaxable * ratePercent) / 200);
    const state: TaxLabel = UTGST_TERRITORIES.has(input.gst.sellerState) ? 'UTGST' : 'SGST';
    return {
      taxableMinor: totalMinor - 2 * half,
      lines: [
        { label: 'CGST', ratePercent: ratePercent / 2, amountMinor: half },
        { label: state, ratePercent: ratePercent / 2, amountMinor: half },
      ],
      totalMinor,
    };
  }
  const taxableMinor = Math.round(exactTaxable);
  return {
    taxableMinor,
    lines: [
      {
        label: input.gst ? 'IGST' : 'Tax',
        ratePercent,
        amountMinor: totalMinor - taxableMinor,
      },
    ],
    totalMinor,
  };
}
