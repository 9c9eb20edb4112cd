import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { BrandMark } from '@/components/ui/brand-mark';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import {
  trustAnchorQueryOptions,
  useCredentialsCheck,
  type CheckState,
} from '../hooks/use-credentials-check';
import { verifiableMedia } from '../lib/media-path';
import { CredentialsReport } from './credentials-report';
import { VerifyDropZone } from './verify-drop-zone';

export const NO_CREDENTIALS_FOUND = 'No content credentials found in this file.';

/**
 * /verify (issue 34): anyone, signed in or not, drops an image or video and reads its content
 * credentials. The file is read in this tab by the C2PA reference reader and never uploaded.
 * `?media=/api/v1/media/…` (a result screen's "Check in the verifier") reads that stored output
 * instead, fetched with the visitor's cookies; any other `media` is ignored.
 */
export function VerifyPage() {
  const [search] = useSearchParams();
  const media = verifiableMedia(search.get('media'), window.location.origin);
  const { state, checkLocalFile, checkStoredMedia } = useCredentialsCheck();
  // Asked for at once, so the trust note below can say whether the studio's files will read as trusted.
  const anchor = useQuery(trustAnchorQueryOptions);

  useEffect(() => {
    if (media !== null) void checkStoredMedia(media);
  }, [media, checkStoredMedia]);

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Link to={paths.home.path} className="flex items-center gap-2 font-semibold">
            <BrandMark />
            AI Product Studio
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">{paths.verify.title}</h1>
          <p className="text-muted-foreground">
            Content credentials say how an image or video was made, with what, and who signed it.
            Check any file: it is read here in your browser and never uploaded.
          </p>
        </div>
        <VerifyDropZone onFile={(file) => void checkLocalFile(file)} />
        <CheckOutcome state={state} />
        <TrustNote anchor={anchor.isPending ? 'pending' : anchor.data ? 'known' : 'unknown'} />
      </main>
    </div>
  );
}

function CheckOutcome({ state }: { state: CheckState }) {
  return (
    <>
      {/* Always in the page, so each change of what it says is announced. */}
      <div role="status" className="text-sm empty:hidden">
        {state.phase === 'reading' ? (
          <p className="flex items-center gap-2 font-medium">
            <Spinner className="text-primary" />
            Reading the file…
          </p>
        ) : state.phase === 'done' ? (
          <p className="sr-only">Finished reading {state.name}.</p>
        ) : null}
      </div>
      {state.phase === 'failed' ? (
        <Alert variant="destructive" role="alert">
          <p className="font-medium break-words">{state.name}</p>
          <p>{state.message}</p>
        </Alert>
      ) : null}
      {state.phase === 'done' ? (
        <section aria-labelledby="verify-result" className="flex flex-col gap-3">
          <h2 id="verify-result" className="text-lg font-semibold tracking-tight break-words">
            {state.name}
          </h2>
          {state.reading.found ? (
            <CredentialsReport summary={state.reading.summary} />
          ) : (
            <Alert variant="info">{NO_CREDENTIALS_FOUND}</Alert>
          )}
        </section>
      ) : null}
    </>
  );
}

function TrustNote({ anchor }: { anchor: 'pending' | 'known' | 'unknown' }) {
  return (
    <section aria-labelledby="trust-note" className="border-t border-border pt-6 text-sm">
      <h2 id="trust-note" className="font-medium">
        About trust
      </h2>
      <p className="mt-1 text-muted-foreground">
        AI Product Studio signs its files with its own certificate, not one from a public list.{' '}
        {anchor === 'known'
          ? 'This page knows that certificate, so files from the studio read as verified and trusted. Files signed by others are checked too; their signer may be one this page does not know.'
          : anchor === 'unknown'
            ? 'This page could not load that certificate just now, so files from the studio read as signed by a certificate this page does not know. Their contents are still checked.'
            : null}
      </p>
    </section>
  );
}
