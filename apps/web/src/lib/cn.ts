import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge, getDefaultConfig } from 'tailwind-merge';
import { CLASS_GROUPS } from './class-groups';

type MergeConfig = ReturnType<typeof getDefaultConfig>;

/**
 * tailwind-merge's own configuration, narrowed to the class groups in `keep` (their order kept):
 * building its tables for all 379 groups was a start-up task of 15–24 ms on the bench's pages,
 * ×4 on its phone, for the 122 this app writes (ADR 067).
 */
export function onlyGroups(config: MergeConfig, keep: ReadonlySet<string>) {
  const kept = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([group]) => keep.has(group)));
  const conflicts = (record: Record<string, readonly string[]>) =>
    Object.fromEntries(
      Object.entries(kept(record)).map(([group, others]) => [
        group,
        others.filter((other) => keep.has(other)),
      ]),
    );
  return {
    ...config,
    classGroups: kept(config.classGroups),
    conflictingClassGroups: conflicts(config.conflictingClassGroups),
    conflictingClassGroupModifiers: conflicts(config.conflictingClassGroupModifiers),
    postfixLookupClassGroups: config.postfixLookupClassGroups.filter((group) => keep.has(group)),
  };
}

const twMerge = createTailwindMerge(() => onlyGroups(getDefaultConfig(), new Set(CLASS_GROUPS)));

/**
 * Joins class names and lets later Tailwind utilities win over earlier ones, so a caller's
 * `className` can override a component's defaults (`px-4` then `px-2` gives `px-2`).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's tables, which its first call does (7.5–11 ms in unthrottled traces of
 * /login, ADR 067): main.tsx calls it in a task of its own before the first render, so that render
 * does not pay for it (ADR 066).
 */
export function warmClassMerge(): void {
  cn('px-1', 'px-2');
}
