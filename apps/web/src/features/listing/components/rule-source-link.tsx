import type { RuleSource } from '@studio/contract/listing';

/** The public page a rule was read on; 'unconfirmed' when it is not the marketplace's own page. */
export function RuleSourceLink({ source, rule }: { source: RuleSource | null; rule: string }) {
  if (!source) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-1.5 text-xs font-normal">
      <a
        href={source.url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-0.5 text-brand-700 underline underline-offset-2"
      >
        Source{' '}
        <span className="sr-only">
          of the {rule} rule: {source.title} (opens in a new tab)
        </span>
        <span aria-hidden="true">↗</span>
      </a>
      {source.confirmed ? null : <span className="text-warning">unconfirmed</span>}
    </span>
  );
}

/** What 'unconfirmed' means, said once under the rules that carry it. */
export const UNCONFIRMED_NOTE =
  'Unconfirmed: read on an integrator’s or a third party’s page, not on the marketplace’s own (its seller pages need a login). Check it before you rely on it.';
