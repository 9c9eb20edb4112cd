import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentCredentials } from '@studio/contract';
import { renderWithProviders } from '@/testing/render';
import { CredentialsDisclosure } from './credentials-disclosure';

const marked = (overrides: Partial<NonNullable<ContentCredentials>> = {}): ContentCredentials => ({
  sourceType: 'trainedAlgorithmicMedia',
  generator: 'AI Product Studio 1.4.0',
  model: 'fal-ai/fashn/tryon/v1.6',
  signedBy: 'AI Product Studio',
  signedAt: '2026-11-29T03:00:00.000Z',
  marked: 2,
  outputs: 2,
  verified: true,
  ...overrides,
});

async function openCredentials(credentials: ContentCredentials, tool = 'try-on') {
  const rendered = renderWithProviders(
    <CredentialsDisclosure credentials={credentials} tool={tool} outputUrl="/api/v1/media/out_1" />,
  );
  const button = screen.getByRole('button', { name: 'Content credentials' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await rendered.user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  // The details load on first use.
  await screen.findByText(credentials ? 'How it was made' : 'No content credentials');
  return rendered;
}

/** The definition list's value for a term. */
function valueOf(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('CredentialsDisclosure', () => {
  it('stays closed until asked, then says a generated result was made with AI, by what and when', async () => {
    await openCredentials(marked());
    expect(valueOf('How it was made')).toBe('Made with AI (Created using Generative AI)');
    expect(valueOf('Tool')).toBe('Clothes AI Photoshoot');
    expect(valueOf('Model')).toBe('fal-ai/fashn/tryon/v1.6');
    expect(valueOf('Date')).toMatch(/2026/);
    expect(valueOf('Signed by')).toBe('AI Product Studio');
    expect(valueOf('Verification')).toBe('Verified');
    expect(screen.getByRole('link', { name: /Check in the verifier/ })).toHaveAttribute(
      'href',
      '/verify?media=%2Fapi%2Fv1%2Fmedia%2Fout_1',
    );
  });

  it("says an upscale was not made with generative AI, by the studio's own engine", async () => {
    await openCredentials(
      marked({ sourceType: 'algorithmicallyEnhanced', model: null }),
      'upscaler',
    );
    expect(valueOf('How it was made')).toBe(
      'Not made with generative AI (Algorithmically-altered media)',
    );
    expect(valueOf('Model')).toBe("The studio's own engine");
  });

  it('says how many outputs carry credentials when only some do', async () => {
    await openCredentials(marked({ marked: 1, outputs: 3 }));
    expect(valueOf('Verification')).toBe('Verified: 1 of 3 outputs carries credentials');
  });

  it('says when the credentials did not verify', async () => {
    await openCredentials(marked({ verified: false }));
    expect(valueOf('Verification')).toBe('Not verified');
  });

  it('says a result without credentials has none, and why, with no verifier link', async () => {
    await openCredentials(null);
    const panel = screen.getByText('No content credentials').parentElement;
    expect(panel).not.toBeNull();
    expect(
      within(panel as HTMLElement).getByText(/made before the studio marked its outputs/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Check in the verifier/ })).toBeNull();
  });

  it('closes again on a second press', async () => {
    const { user } = await openCredentials(marked());
    await user.click(screen.getByRole('button', { name: 'Content credentials' }));
    expect(screen.queryByText('How it was made')).toBeNull();
  });
});
