import { describe, expect, it } from 'vitest';
import {
  generationHistoryBody,
  generationRow,
  orderHistoryBody,
  orderRow,
} from '@/testing/credit-history-handlers';
import { parseGenerationHistory, parseOrderHistory } from './credit-history';

describe('parseOrderHistory', () => {
  it('reads a well-formed answer unchanged', () => {
    const body = orderHistoryBody([orderRow(), orderRow({ source: 'welcome', amount: 0 })], 45);
    expect(parseOrderHistory(body)).toEqual(body);
  });

  it('treats rows without a source as orders', () => {
    const { source: _source, ...row } = orderRow();
    const parsed = parseOrderHistory({ ...orderHistoryBody(), order_history: [row] });
    expect(parsed.order_history[0]?.source).toBe('order');
  });

  it.each([
    ['a failed answer', { success: false }],
    ['a missing list', { success: true, current_balance: 0 }],
    ['a missing balance', { success: true, order_history: [] }],
    [
      'a row without credits',
      { ...orderHistoryBody(), order_history: [{ ...orderRow(), credits_received: '40' }] },
    ],
  ])('rejects %s', (_name, body) => {
    expect(() => parseOrderHistory(body)).toThrow();
  });
});

describe('parseGenerationHistory', () => {
  it('reads a well-formed answer unchanged', () => {
    const body = generationHistoryBody([generationRow(), generationRow({ status: 'refunded' })], 9);
    expect(parseGenerationHistory(body)).toEqual(body);
  });

  it('fills in missing details with empty lists and counts from them', () => {
    const { details: _details, ...row } = generationRow();
    const parsed = parseGenerationHistory({
      ...generationHistoryBody(),
      generation_history: [row],
    });
    expect(parsed.generation_history[0]?.details).toEqual({
      imageUrls: [],
      videoUrls: [],
      inputImageUrls: [],
      styleName: null,
      numberOfImages: 0,
      numberOfVideos: 0,
    });
  });

  it('rejects an unknown status', () => {
    const body = {
      ...generationHistoryBody(),
      generation_history: [{ ...generationRow(), status: 'exploded' }],
    };
    expect(() => parseGenerationHistory(body)).toThrow();
  });
});
