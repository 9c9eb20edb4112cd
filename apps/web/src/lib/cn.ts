import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets later Tailwind utilities win over earlier ones, so a caller's
 * `className` can override a component's defaults (`px-4` then `px-2` gives `px-2`).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's tables, which its first call does (11–13 ms in an unthrottled trace, 4×
 * that on the bench's phone): main.tsx calls it in a task of its own before the first render, so
 * that render does not pay for it (ADR 066).
 */
export function warmClassMerge(): void {
  cn('px-1', 'px-2');
}
