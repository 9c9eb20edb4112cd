import { SUPPORT_EMAIL } from '@studio/contract/constants';
import { describe, expect, it } from 'vitest';
import { cancellationMailto, supportMailto } from './support-links';

describe('support links', () => {
  it('writes to the support address', () => {
    expect(supportMailto(SUPPORT_EMAIL)).toBe(`mailto:${SUPPORT_EMAIL}`);
  });

  it('asks for a cancellation with the plan and subscription id in the message', () => {
    const url = new URL(cancellationMailto(SUPPORT_EMAIL, 'Pro Monthly', 'sub_1234567890'));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(SUPPORT_EMAIL);
    expect(url.searchParams.get('subject')).toBe('Cancellation request - sub_1234567890');
    expect(url.searchParams.get('body')).toContain('Please cancel my Pro Monthly subscription.');
    expect(url.searchParams.get('body')).toContain('Subscription ID: sub_1234567890');
    // Spaces as %20, not '+', which some mail apps show literally.
    expect(url.search).not.toContain('+');
  });
});
