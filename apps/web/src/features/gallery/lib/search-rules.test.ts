import { describe, expect, it } from 'vitest';
import {
  LONG_SEARCH_DELAY_MS,
  needsMoreCharacters,
  searchDelay,
  SEARCH_DELAY_MS,
  shouldApplySearch,
} from './search-rules';

describe('searchDelay', () => {
  it('waits 800 ms for up to 5 characters', () => {
    expect(SEARCH_DELAY_MS).toBe(800);
    expect(searchDelay('dr')).toBe(800);
    expect(searchDelay('dress')).toBe(800);
  });

  it('waits 1200 ms once the text is longer than 5 characters', () => {
    expect(LONG_SEARCH_DELAY_MS).toBe(1200);
    expect(searchDelay('dresses')).toBe(1200);
    expect(searchDelay('silk scarf')).toBe(1200);
  });

  it('does not count surrounding spaces', () => {
    expect(searchDelay('  dress  ')).toBe(800);
  });
});

describe('shouldApplySearch', () => {
  it('applies a search of at least 2 characters that differs from the applied one', () => {
    expect(shouldApplySearch('dr', '')).toBe(true);
    expect(shouldApplySearch('dress', 'dr')).toBe(true);
  });

  it('applies an emptied search box, which shows everything again', () => {
    expect(shouldApplySearch('', 'dress')).toBe(true);
    expect(shouldApplySearch('   ', 'dress')).toBe(true);
  });

  it('never applies a single character', () => {
    expect(shouldApplySearch('d', '')).toBe(false);
    expect(shouldApplySearch(' d ', 'dress')).toBe(false);
  });

  it('does not apply what is already applied', () => {
    expect(shouldApplySearch('dress', 'dress')).toBe(false);
    expect(shouldApplySearch('dress ', 'dress')).toBe(false);
    expect(shouldApplySearch('', '')).toBe(false);
  });
});

describe('needsMoreCharacters', () => {
  it('is true for exactly one typed character', () => {
    expect(needsMoreCharacters('d')).toBe(true);
    expect(needsMoreCharacters(' d ')).toBe(true);
  });

  it('is false for an empty box or 2 characters and more', () => {
    expect(needsMoreCharacters('')).toBe(false);
    expect(needsMoreCharacters('  ')).toBe(false);
    expect(needsMoreCharacters('dr')).toBe(false);
  });
});
