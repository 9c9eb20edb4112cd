import { cn } from '@/lib/cn';

/**
 * The product's logo mark (a shirt in a rounded tile); decorative, the product name sits beside
 * it. Flat fills on purpose: a gradient needs a document-unique id and breaks when the first
 * instance sits in a display:none subtree (the login brand panel on phones).
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      className={cn('size-8 shrink-0 text-brand-600', className)}
    >
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M11 8 6 12l3 4 2-1v9h10v-9l2 1 3-4-5-4c-.5 1.7-2.3 3-5 3s-4.5-1.3-5-3Z"
        fill="#fff"
      />
      <path d="m24.5 3.5.7 1.6 1.6.7-1.6.7-.7 1.6-.7-1.6-1.6-.7 1.6-.7Z" fill="#fff" opacity=".9" />
    </svg>
  );
}
