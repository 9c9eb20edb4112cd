/** Which cards are picked for a zip or a delete (ADR 030), and the card a shift-click extends from. */
export interface Selection {
  ids: ReadonlySet<string>;
  anchor: string | null;
}

export const EMPTY_SELECTION: Selection = { ids: new Set(), anchor: null };

/**
 * A click on a card's checkbox. A plain click flips that card and makes it the anchor; a
 * shift-click sets every card from the anchor to it (both included, in page order) to the state
 * the clicked card takes, as file managers do. Without an anchor on this page, shift acts plain.
 */
export function toggleSelection(
  selection: Selection,
  id: string,
  range: boolean,
  pageIds: readonly string[],
): Selection {
  const next = new Set(selection.ids);
  const select = !next.has(id);
  const from = selection.anchor === null ? -1 : pageIds.indexOf(selection.anchor);
  const to = pageIds.indexOf(id);
  if (range && from !== -1 && to !== -1) {
    const [start, end] = from < to ? [from, to] : [to, from];
    for (const pageId of pageIds.slice(start, end + 1)) {
      if (select) next.add(pageId);
      else next.delete(pageId);
    }
  } else if (select) {
    next.add(id);
  } else {
    next.delete(id);
  }
  return { ids: next, anchor: id };
}

/** Every card of the page, added to what is already picked. */
export function selectPage(selection: Selection, pageIds: readonly string[]): Selection {
  return { ids: new Set([...selection.ids, ...pageIds]), anchor: selection.anchor };
}

/** The selection without cards that are gone (deleted, or no longer on the page). */
export function keepOnly(selection: Selection, pageIds: readonly string[]): Selection {
  const ids = [...selection.ids].filter((id) => pageIds.includes(id));
  if (ids.length === selection.ids.size) return selection;
  return {
    ids: new Set(ids),
    anchor:
      selection.anchor !== null && pageIds.includes(selection.anchor) ? selection.anchor : null,
  };
}
