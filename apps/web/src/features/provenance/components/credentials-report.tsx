import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { formatDateTime } from '@/lib/format';
import type { CredentialsSummary } from '../lib/read-credentials';
import { actionLabel, failureReasons, ingredientsText, sourceTypeWords } from '../lib/verify-words';

export const VERIFIED = "Verified: the signature and the file's contents match";
export const UNKNOWN_SIGNER = 'Signed by a certificate this page does not know.';

/**
 * What a file's content credentials say (the active manifest): whether they hold, how it was
 * made, its actions, the app that wrote them, any model, who signed and when, and the earlier
 * files it was made from. Only what the file states is shown; nothing is filled in.
 */
export function CredentialsReport({ summary }: { summary: CredentialsSummary }) {
  const made = summary.sourceType === null ? null : sourceTypeWords(summary.sourceType);
  // What made it, as the actions state it: their software agents and descriptions (a model's
  // name is written there), then any plain parameters. An agent that is the generator itself
  // (the app that wrote the credentials) names no model.
  const makers = [
    ...new Set(
      summary.actions.flatMap((action) => [
        ...(action.softwareAgent === null || action.softwareAgent === summary.generator
          ? []
          : [action.softwareAgent]),
        ...(action.description === null ? [] : [action.description]),
      ]),
    ),
  ];
  const parameters = summary.actions.flatMap((action) => action.parameters);
  const signedAt = formatDateTime(summary.signedAt);
  return (
    <div className="flex flex-col gap-4">
      <StateAlert summary={summary} />
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-2">
        <Row term="How it was made">
          {made === null ? (
            'Not stated'
          ) : made.verdict === null ? (
            <span className="break-all">{made.name}</span>
          ) : (
            <>
              <span className="font-medium">{made.verdict}</span>{' '}
              <span className="text-muted-foreground">({made.name})</span>
            </>
          )}
        </Row>
        <Row term="Actions">
          {summary.actions.length === 0 ? (
            'None stated'
          ) : (
            <ul className="flex flex-col gap-0.5">
              {summary.actions.map((action, index) => (
                <li key={index}>{actionWords(action)}</li>
              ))}
            </ul>
          )}
        </Row>
        <Row term="Generator">{summary.generator ?? 'Not stated'}</Row>
        <Row term="Model">
          {makers.length === 0 && parameters.length === 0 ? (
            'Not stated'
          ) : (
            <ul className="flex flex-col gap-0.5 break-words">
              {makers.map((maker) => (
                <li key={maker}>{maker}</li>
              ))}
              {parameters.map((parameter, index) => (
                <li key={index}>
                  <span className="text-muted-foreground">{parameter.name}:</span> {parameter.value}
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row term="Signed by">{summary.issuer ?? 'Not stated'}</Row>
        <Row term="Signed on">
          {signedAt === null || summary.signedAt === null ? (
            // The time comes from a time stamp in the signature; without one there is none.
            'Not stated'
          ) : (
            <time dateTime={summary.signedAt}>{signedAt}</time>
          )}
        </Row>
        <Row term="Ingredients">
          {summary.ingredients.length === 0 ? (
            'None'
          ) : (
            <>
              {ingredientsText(summary.ingredients.length)}:
              <ul className="mt-0.5 list-inside list-disc break-words">
                {summary.ingredients.map((title, index) => (
                  <li key={index}>{title}</li>
                ))}
              </ul>
            </>
          )}
        </Row>
      </dl>
    </div>
  );
}

function StateAlert({ summary }: { summary: CredentialsSummary }) {
  if (summary.state === 'invalid') {
    const reasons = failureReasons(summary.failures);
    return (
      <Alert variant="destructive">
        <p className="font-medium">
          Not valid: {reasons.length > 0 ? reasons.join(' ') : 'the credentials did not check out.'}
        </p>
        {summary.untrusted ? <p>{UNKNOWN_SIGNER}</p> : null}
      </Alert>
    );
  }
  return (
    <Alert variant="success">
      <p className="font-medium">{VERIFIED}</p>
      {summary.state === 'trusted' ? (
        <p>Signed by a certificate this page trusts.</p>
      ) : summary.untrusted ? (
        <p>{UNKNOWN_SIGNER} The file is unchanged, but who signed it cannot be confirmed.</p>
      ) : null}
    </Alert>
  );
}

function actionWords(action: CredentialsSummary['actions'][number]): string {
  const made = action.sourceType === null ? null : sourceTypeWords(action.sourceType);
  const how = made === null ? '' : ` (${made.name})`;
  const by = action.softwareAgent === null ? '' : ` by ${action.softwareAgent}`;
  return `${actionLabel(action.action)}${how}${by}`;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-medium text-muted-foreground sm:font-normal">{term}</dt>
      <dd className="mb-2 break-words sm:mb-0">{children}</dd>
    </div>
  );
}
