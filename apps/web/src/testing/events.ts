import { fireEvent } from '@testing-library/react';

/**
 * Sets a control's value as a browser does when the user picks a date or drags a range: an
 * `input` event, then `change`. Typing into such controls is browser-specific, and firing only one
 * of the two would test a sequence no browser sends (Preact's onChange listens to `input`).
 */
export function pickValue(element: HTMLElement, value: string): void {
  fireEvent.input(element, { target: { value } });
  fireEvent.change(element, { target: { value } });
}
