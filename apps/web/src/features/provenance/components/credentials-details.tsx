import type { ReactNode } from 'react';
import { DIGITAL_SOURCE_TYPES, type ContentCredentials } from '@studio/contract';
import { toolLabel } from '@studio/contract/tools';
import { formatDateTime } from '@/lib/format';
import {
  aiVerdict,
  NO_CREDENTIALS,
  NO_CREDENTIALS_WHY,
  OWN_ENGINE,
  verifiedText,
} from '../lib/credentials-words';
import { verifierHref } from '../lib/media-path';

export interface CredentialsDetailsProps {
  /** The generation's content credentials; null when its outputs carry none. */
  credentials: ContentCredentials;
  /** The generation type that made it (an unknown one shows its raw name). */
  tool: string;
  /** The generation's first output: the verifier link opens it. */
  outputUrl: string | undefined;
}

/**
 * What a result's credentials say (credentials-disclosure.tsx opens it): made with AI or not,
 * the tool and model, when, who signed, whether they verified, and the verifier link; or that
 * it has none, and why.
 */
export default function CredentialsDetails({
  credentials,
  tool,
  outputUrl,
}: CredentialsDetailsProps) {
  if (!credentials) {
    return (
      <>
        <p className="font-medium">{NO_CREDENTIALS}</p>
        <p className="text-muted-foreground">{NO_CREDENTIALS_WHY}</p>
      </>
    );
  }
  const { sourceType, model, signedAt, signedBy } = credentials;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
        <Row term="How it was made">
          <span className="font-medium">{aiVerdict(sourceType)}</span>{' '}
          <span className="text-muted-foreground">({DIGITAL_SOURCE_TYPES[sourceType].name})</span>
        </Row>
        <Row term="Tool">{toolLabel(tool)}</Row>
        <Row term="Model">{model ?? capitalise(OWN_ENGINE)}</Row>
        <Row term="Date">
          <time dateTime={signedAt}>{formatDateTime(signedAt) ?? signedAt}</time>
        </Row>
        <Row term="Signed by">{signedBy}</Row>
        <Row term="Verification">{verifiedText(credentials)}</Row>
      </dl>
      {/* A new tab keeps the result on screen; an arrow, not an icon, so no page loads an icon for it. */}
      <a
        href={verifierHref(outputUrl, window.location.origin)}
        target="_blank"
        rel="noopener"
        className="self-start font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        Check in the verifier <span aria-hidden="true">↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="break-words">{children}</dd>
    </>
  );
}

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
