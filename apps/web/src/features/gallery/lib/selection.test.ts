import { describe, expect, it } from 'vitest';
import { EMPTY_SELECTION, keepOnly, selectPage, toggleSelection } from './selection';

const page = ['a', 'b', 'c', 'd', 'e'];
const ids = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('gallery selection', () => {
  it('flips one card on a plain click', () => {
    const one = toggleSelection(EMPTY_SELECTION, 'b', false, page);
    expect(ids(one)).toEqual(['b']);
    expect(ids(toggleSelection(one, 'b', false, page))).toEqual([]);
  });

  it('selects the range from the last clicked card on shift-click, either direction', () => {
    const anchored = toggleSelection(EMPTY_SELECTION, 'd', false, page);
    expect(ids(toggleSelection(anchored, 'b', true, page))).toEqual(['b', 'c', 'd']);
  });

  it('clears a range when the shift-clicked card was selected', () => {
    let selection = selectPage(EMPTY_SELECTION, page);
    selection = toggleSelection(selection, 'a', false, page);
    selection = toggleSelection(selection, 'c', true, page);
    expect(ids(selection)).toEqual(['d', 'e']);
  });

  it('acts as a plain click on shift without an anchor', () => {
    expect(ids(toggleSelection(EMPTY_SELECTION, 'c', true, page))).toEqual(['c']);
  });

  it('selects the whole page, keeping what was already picked', () => {
    const picked = toggleSelection(EMPTY_SELECTION, 'z', false, ['z']);
    expect(ids(selectPage(picked, page))).toEqual(['a', 'b', 'c', 'd', 'e', 'z']);
  });

  it('drops cards that left the page', () => {
    const selection = selectPage(EMPTY_SELECTION, page);
    expect(ids(keepOnly(selection, ['a', 'e']))).toEqual(['a', 'e']);
  });
});
