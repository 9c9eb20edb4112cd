import { describe, expect, it } from 'vitest';
import { percentOf, yTicks } from './chart';

describe('yTicks', () => {
  it('starts at 0 and steps by 5 up to the first multiple of 5 at or above the largest bar', () => {
    expect(yTicks(0)).toEqual([0, 5]);
    expect(yTicks(2)).toEqual([0, 5]);
    expect(yTicks(5)).toEqual([0, 5]);
    expect(yTicks(12)).toEqual([0, 5, 10, 15]);
    expect(yTicks(30)).toEqual([0, 5, 10, 15, 20, 25, 30]);
  });

  it('widens the step in multiples of 5 when six steps of 5 are not enough', () => {
    expect(yTicks(31)).toEqual([0, 10, 20, 30, 40]);
    expect(yTicks(140)).toEqual([0, 25, 50, 75, 100, 125, 150]);
  });
});

describe('percentOf', () => {
  it('rounds and caps at 100, and an empty scale is 0', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(900, 600)).toBe(100);
    expect(percentOf(5, 0)).toBe(0);
  });
});
