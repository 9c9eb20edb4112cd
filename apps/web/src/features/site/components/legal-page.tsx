import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { RetryAlert } from '@/components/ui/retry-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSiteInfo } from '../api/site-info';

export type LegalDocumentKey = 'privacyPolicy' | 'terms';

const TITLES: Record<LegalDocumentKey, string> = {
  privacyPolicy: paths.privacy.title,
  terms: paths.terms.title,
};

/**
 * /privacy and /terms: the operator's texts from the server's configuration (or its defaults),
 * public and outside the shell, since the login screen links to them before anyone signs in.
 * Paragraphs are rendered as text, never as HTML.
 */
export function LegalPage({ document }: { document: LegalDocumentKey }) {
  const info = useSiteInfo();
  const legal = info.data?.[document];

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to={paths.home.path} className="flex items-center gap-2 font-semibold">
            <BrandMark />
            AI Product Studio
          </Link>
          <nav aria-label="Legal" className="flex gap-4 text-sm">
            <Link
              to={paths.privacy.path}
              className="text-muted-foreground hover:text-foreground aria-[current=page]:font-medium aria-[current=page]:text-foreground"
              aria-current={document === 'privacyPolicy' ? 'page' : undefined}
            >
              Privacy
            </Link>
            <Link
              to={paths.terms.path}
              className="text-muted-foreground hover:text-foreground aria-[current=page]:font-medium aria-[current=page]:text-foreground"
              aria-current={document === 'terms' ? 'page' : undefined}
            >
              Terms
            </Link>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6">
        <div className="space-y-1">
          <h1 className="text-3xl font-semibold tracking-tight">{TITLES[document]}</h1>
          {legal?.updated ? (
            <p className="text-sm text-muted-foreground">Last updated {legal.updated}</p>
          ) : null}
        </div>
        {info.isError ? (
          <RetryAlert
            title={`The ${TITLES[document].toLowerCase()} could not be loaded.`}
            error={info.error}
            retrying={info.isFetching}
            onRetry={() => {
              void info.refetch();
            }}
          />
        ) : legal ? (
          <div className="space-y-8">
            {legal.sections.map((section, index) => (
              <section key={index} className="space-y-3">
                {section.heading ? (
                  <h2 className="text-lg font-semibold tracking-tight">{section.heading}</h2>
                ) : null}
                {section.paragraphs.map((paragraph, i) => (
                  <p key={i} className="leading-relaxed text-foreground/90">
                    {paragraph}
                  </p>
                ))}
              </section>
            ))}
            <p className="border-t border-border pt-6 text-sm text-muted-foreground">
              Questions? Write to{' '}
              <a
                href={`mailto:${info.data?.supportEmail ?? ''}`}
                className="font-medium text-primary hover:underline"
              >
                {info.data?.supportEmail}
              </a>
              .
            </p>
          </div>
        ) : (
          <div aria-busy="true" aria-label="Loading" className="space-y-3">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        )}
      </main>
    </div>
  );
}
