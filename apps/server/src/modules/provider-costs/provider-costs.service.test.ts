import { describe, expect, it } from 'vitest';
import type { CostRow } from './provider-costs.repository';
import { formatCostReport, paidBy } from './provider-costs.service';

const row = (over: Partial<CostRow>): CostRow => ({
  tool: 'ai-designer',
  outcome: 'completed',
  generationStatus: 'succeeded',
  credits: 2,
  costUsd: 0.04,
  modelId: 'fal-ai/flux-pro/kontext',
  ...over,
});

describe('who paid for a provider request', () => {
  it.each([
    [row({}), 'charged'],
    [row({ credits: 0 }), 'free'],
    [row({ outcome: 'failed', generationStatus: 'failed' }), 'refunded'],
    [row({ outcome: 'cancelled', generationStatus: 'canceled' }), 'refunded'],
    [row({ outcome: 'late', generationStatus: 'failed' }), 'refunded'],
    [row({ outcome: 'unclaimed', generationStatus: null, credits: null }), 'refunded'],
    [row({ outcome: 'submitted', generationStatus: 'running' }), 'in progress'],
    [row({ generationStatus: null, credits: null, tool: null }), 'deleted'],
  ] as const)('%o is %s', (input, expected) => {
    expect(paidBy(input)).toBe(expected);
  });
});

describe('the provider-costs report', () => {
  it('sums per tool and per outcome, counts unpriced requests apart, and gives the unpaid share', () => {
    const lines = formatCostReport(
      [
        row({ costUsd: 0.08 }),
        row({ credits: 0, costUsd: 0.04 }),
        row({ tool: 'try-on', generationStatus: 'failed', costUsd: null }),
        row({ tool: 'try-on', outcome: 'late', generationStatus: 'failed', costUsd: 0.08 }),
      ],
      new Date('2026-11-01T00:00:00Z'),
    );

    expect(lines[0]).toBe(
      'Provider costs since 2026-11-01T00:00:00.000Z (US dollars by the configured price table)',
    );
    expect(lines).toContain('ai-designer                   2     $0.1200         0');
    expect(lines).toContain('try-on                        2     $0.0800         1');
    expect(lines).toContain('charged                       1     $0.0800         0');
    expect(lines).toContain('free                          1     $0.0400         0');
    expect(lines).toContain('refunded                      2     $0.0800         1');
    expect(lines).toContain('total                         4     $0.2000         1');
    expect(lines.at(-1)).toBe('Spent on refunded or free work: $0.1200 of $0.2000 (60.0 %)');
  });

  it('says 0.0 % with no costs rather than dividing by zero', () => {
    expect(formatCostReport([], new Date(0)).at(-1)).toBe(
      'Spent on refunded or free work: $0.0000 of $0.0000 (0.0 %)',
    );
  });
});
