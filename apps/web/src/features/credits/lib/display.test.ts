import { describe, expect, it } from 'vitest';
import { orderRow } from '@/testing/credit-history-handlers';
import { formatCreditChange, formatPurchaseAmount, pluralize, shortOrderId } from './display';

describe('display helpers', () => {
  it('shortens long order ids to 8 characters', () => {
    expect(shortOrderId('ord_1234567890')).toBe('ord_1234…');
    expect(shortOrderId('ord_1')).toBe('ord_1');
  });

  it('shows the amount with its currency symbol', () => {
    expect(formatPurchaseAmount(orderRow({ amount: 800, currency: 'INR' }))).toBe('₹800');
    expect(formatPurchaseAmount(orderRow({ amount: 34, currency: 'USD' }))).toBe('$34');
    expect(formatPurchaseAmount(orderRow({ amount: 7680, currency: 'INR' }))).toBe('₹7,680');
  });

  it('says welcome credits and adjustments were not charged', () => {
    expect(formatPurchaseAmount(orderRow({ amount: 0, source: 'welcome' }))).toBe('No charge');
    expect(formatPurchaseAmount(orderRow({ amount: 0, source: 'adjustment' }))).toBe('No charge');
  });

  it('signs credit changes', () => {
    expect(formatCreditChange(40)).toBe('+40');
    expect(formatCreditChange(-5)).toBe('-5');
    expect(formatCreditChange(0)).toBe('0');
  });

  it('pluralises counts', () => {
    expect(pluralize(1, 'order')).toBe('1 order');
    expect(pluralize(3, 'order')).toBe('3 orders');
  });
});
