import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
  /** Greyed out: the value is a placeholder such as 'Not specified'. */
  muted?: boolean;
}

export const NOT_SPECIFIED = 'Not specified';
export const NOT_AVAILABLE = 'Not available';

/** A text detail that reads 'Not specified' when empty. */
export function optionalDetail(label: string, value: string | null | undefined): Detail {
  const text = value?.trim() ?? '';
  return text === '' ? { label, value: NOT_SPECIFIED, muted: true } : { label, value: text };
}
