import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { appSources } from '@/testing/app-sources';
import { CLASS_GROUPS } from './class-groups';
import { cn, onlyGroups } from './cn';

/** Every word inside a string literal of the web app's code (tests aside): its classes, and more. */
function writtenWords(): string[] {
  const words = new Set<string>();
  for (const text of appSources()) {
    for (const literal of text.matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1/g))
      for (const word of (literal[2] ?? '').split(/\s+/)) if (word !== '') words.add(word);
  }
  return [...words];
}

const withGroups = (groups: readonly string[]) =>
  createTailwindMerge(() => onlyGroups(getDefaultConfig(), new Set(groups)));
/** A class of one of `merge`'s groups, written twice, is kept once; any other word is kept twice. */
const knows = (merge: (classes: string) => string, word: string) =>
  merge(`${word} ${word}`) === word;

// The app's classes as the full tailwind-merge knows them, less those it knows without any group
// (arbitrary properties such as `[overflow-wrap:anywhere]`).
const noGroups = withGroups([]);
const classes = writtenWords().filter((word) => knows(twMerge, word) && !knows(noGroups, word));

describe('cn', () => {
  it("lets a caller's class win over the default of the same kind", () => {
    expect(cn('px-4 py-2', 'px-2')).toBe('py-2 px-2');
    expect(cn('size-4 animate-spin', 'size-5 text-primary')).toBe(
      'animate-spin size-5 text-primary',
    );
    expect(cn('rounded-md border', 'rounded-full')).toBe('border rounded-full');
    expect(cn('p-4', false, 'px-2')).toBe('p-4 px-2');
  });

  it('has every tailwind-merge group that can claim a class the app writes', () => {
    expect(classes.length).toBeGreaterThan(500);
    const missing = Object.keys(getDefaultConfig().classGroups).filter((group) => {
      if ((CLASS_GROUPS as readonly string[]).includes(group)) return false;
      const merge = withGroups([group]);
      return classes.some((word) => knows(merge, word));
    });
    // Add these to class-groups.ts, in tailwind-merge's order.
    expect(missing).toEqual([]);
  });

  it('merges the classes the app writes as the full tailwind-merge does', () => {
    // Classes of one kind sort side by side (px-1, px-2 …); each meets its 40 neighbours both ways.
    const sorted = [...classes].sort();
    const differ: string[] = [];
    sorted.forEach((first, index) => {
      for (const second of sorted.slice(index + 1, index + 41)) {
        for (const pair of [`${first} ${second}`, `${second} ${first}`])
          if (cn(pair) !== twMerge(pair)) differ.push(pair);
      }
    });
    expect(differ).toEqual([]);
  });
});
