/* Links to the support address the operator configured (site-info's supportEmail). */

function mailto(email: string, subject?: string, body?: string): string {
  const params = new URLSearchParams();
  if (subject) params.set('subject', subject);
  if (body) params.set('body', body);
  const query = params.toString().replace(/\+/g, '%20');
  return `mailto:${email}${query ? `?${query}` : ''}`;
}

/** A plain email to support. */
export function supportMailto(email: string): string {
  return mailto(email);
}

/**
 * Cancellations are handled by the support team by email, not self-service (spec §2): the
 * message names the plan and the subscription id so support can find it without a reply.
 */
export function cancellationMailto(
  email: string,
  planName: string,
  subscriptionId: string | null,
): string {
  const lines = [
    'Hello,',
    '',
    `Please cancel my ${planName} subscription.`,
    `Subscription ID: ${subscriptionId ?? 'not shown'}`,
    '',
    'Thank you.',
  ];
  return mailto(
    email,
    `Cancellation request${subscriptionId ? ` - ${subscriptionId}` : ''}`,
    lines.join('\n'),
  );
}
