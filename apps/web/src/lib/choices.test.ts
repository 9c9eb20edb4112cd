import { describe, expect, it } from 'vitest';
import { toggleChoice } from './choices';

describe('toggleChoice', () => {
  const order = ['generate', 'read', 'webhooks'] as const;

  it('adds a value in the order the choices are shown', () => {
    expect(toggleChoice(order, ['webhooks'], 'generate', true)).toEqual(['generate', 'webhooks']);
  });

  it('removes a value', () => {
    expect(toggleChoice(order, ['generate', 'read'], 'generate', false)).toEqual(['read']);
  });
});
