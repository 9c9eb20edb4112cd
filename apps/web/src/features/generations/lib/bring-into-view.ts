/** Form fields: someone typing or choosing there while a run goes on is not pulled away. */
const EDITING = 'input, textarea, select, [contenteditable="true"]';

/**
 * Brings a tool's result region into view and moves focus to its heading, when a run's outcome
 * arrives (ADR 024). On a phone the result is far below Generate, on a wide screen at the top of
 * another column: without this it arrives unseen. The region is the ToolPanel `section` that holds
 * `inside`; its heading (the element that labels it) takes focus, so a screen reader reads on from
 * the result. Motion follows prefers-reduced-motion. Nothing moves while the user is in a field.
 */
export function bringIntoView(inside: HTMLElement | null): void {
  const region = inside?.closest<HTMLElement>('section[aria-labelledby]');
  if (!region || document.activeElement?.matches(EDITING)) return;
  const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  region.scrollIntoView({ behavior: calm ? 'auto' : 'smooth', block: 'start' });
  const heading = document.getElementById(region.getAttribute('aria-labelledby') ?? '');
  heading?.focus({ preventScroll: true });
}
