import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import type { ListingCheck, ListingCheckItem, ListingPackAccepted } from '@studio/contract';
import type { MarketplaceId } from '@studio/contract/listing';
import { errorResponse, testUser } from './server';

/*
 * The listing calls (issue 33): `POST /listing/check` and `POST /listing/packs`; `prepare` is a
 * generate call (`generateHandlers` answers it like the others).
 */

/** The seller ticked these marketplaces in Settings (the key of useListingMarketplaces). */
export function chooseMarketplaces(ids: readonly MarketplaceId[], userId = testUser.id): void {
  window.localStorage.setItem(`studio.listing-marketplaces.${userId}`, JSON.stringify(ids));
}

export function checkItem(overrides: Partial<ListingCheckItem> = {}): ListingCheckItem {
  return {
    rule: 'background',
    level: 'required',
    passed: true,
    actual: '#FFFFFF',
    required: 'pure white (#FFFFFF ± 2)',
    fixable: true,
    message: 'The background is pure white.',
    ...overrides,
  };
}

/** Amazon's main image: every rule passing unless `failing` names them (fixable unless listed). */
export function checkFixture({
  marketplace = 'amazon',
  slot = 'main',
  failing = [],
  notFixable = [],
  imageUrl = '/api/v1/media/out-1',
}: {
  marketplace?: MarketplaceId;
  slot?: ListingCheck['slot'];
  failing?: string[];
  notFixable?: string[];
  imageUrl?: string;
} = {}): ListingCheck {
  const rules: [string, string, string][] = [
    ['background', 'pure white (#FFFFFF ± 2)', '#F4F1EC'],
    ['fill', '≥ 85 %', '62 %'],
    ['pixels', '≥ 1,600 px long side', '800 × 1,067 px'],
    ['format', 'JPEG, TIFF, PNG or GIF', 'JPEG'],
    ['file-size', '≤ 10 MB', '12.4 MB'],
  ];
  const checks = rules.map(([rule, required, actual]) =>
    checkItem({
      rule,
      required,
      actual: failing.includes(rule) ? actual : required.replace('≥ ', ''),
      passed: !failing.includes(rule),
      fixable: !notFixable.includes(rule),
      message: failing.includes(rule) ? `${rule} fails: ${actual}` : `${rule} passes`,
    }),
  );
  return {
    marketplace,
    slot,
    imageUrl,
    compliant: failing.length === 0,
    checks,
    notChecked: [
      {
        rule: 'no-text',
        level: 'required',
        message: 'No text, logos, graphics or watermarks on the main image',
      },
    ],
  };
}

export interface RecordedCheck {
  generationId?: string;
  imageUrl?: string;
  marketplace: MarketplaceId;
  slot: string;
}

/** `POST /listing/check` answering `answer(body)`; every body goes to `calls`. */
export function listingCheckHandler(
  answer: (body: RecordedCheck) => ListingCheck | 'error' | 'pending',
  calls: RecordedCheck[] = [],
): RequestHandler {
  return http.post('/api/v1/listing/check', async ({ request }) => {
    const body = (await request.json()) as RecordedCheck;
    calls.push(body);
    const result = answer(body);
    if (result === 'error') return errorResponse(500, 'internal_error', 'The checker is down.');
    if (result === 'pending') await delay('infinite');
    return HttpResponse.json(result);
  });
}

export function packFixture(overrides: Partial<ListingPackAccepted> = {}): ListingPackAccepted {
  return {
    success: true,
    url: '/api/v1/listing/packs/token-1',
    fileName: 'Amazon listing pack.zip',
    files: [
      { file: 'TEE01.MAIN.jpg', sku: 'TEE01', slot: 'main', compliant: true, fixedBy: 'gen_fix_1' },
      { file: 'TEE01.PT01.jpg', sku: 'TEE01', slot: 'additional', compliant: true, fixedBy: null },
    ],
    creditCost: 1,
    note: '',
    ...overrides,
  };
}

/** `POST /listing/packs` answering with `pack` (201), a refusal, or holding back until `until`. */
export function listingPackHandler(
  pack: ListingPackAccepted | { status: number; code: string; message: string },
  calls: { body: Record<string, unknown>; idempotencyKey: string | null }[] = [],
  until?: Promise<unknown>,
): RequestHandler {
  return http.post('/api/v1/listing/packs', async ({ request }) => {
    calls.push({
      body: (await request.json()) as Record<string, unknown>,
      idempotencyKey: request.headers.get('idempotency-key'),
    });
    if (until) await until;
    if ('status' in pack) return errorResponse(pack.status, pack.code, pack.message);
    return HttpResponse.json(pack, { status: 201 });
  });
}
