import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithProviders } from '@/testing/render';
import { errorResponse, server } from '@/testing/server';
import type * as reader from '../lib/read-credentials';
import {
  readCredentials,
  type CredentialsReading,
  type CredentialsSummary,
} from '../lib/read-credentials';
import { VerifyPage } from './verify-page';

// The reader boundary: the WASM reader itself is tested on real files in read-credentials.test.ts.
vi.mock('../lib/read-credentials', async (importOriginal) => ({
  ...(await importOriginal<typeof reader>()),
  readCredentials: vi.fn(),
}));
const read = vi.mocked(readCredentials);

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1];

const jpeg = (name = 'photo.jpg') =>
  new File([new Uint8Array([...JPEG_HEAD, ...new Uint8Array(64)])], name, {
    type: 'image/jpeg',
  });

const summary = (overrides: Partial<CredentialsSummary> = {}): CredentialsSummary => ({
  state: 'trusted',
  failures: [],
  untrusted: false,
  title: 'try-on.jpg',
  generator: 'AI Product Studio 1.4.0',
  sourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  actions: [
    {
      action: 'c2pa.created',
      sourceType: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
      softwareAgent: 'AI Product Studio 1.4.0',
      description: 'Clothes AI Photoshoot (fal-ai/fashn/tryon/v1.6)',
      parameters: [{ name: 'seed', value: '42' }],
    },
  ],
  issuer: 'AI Product Studio',
  signedAt: '2026-11-29T03:00:00.000Z',
  ingredients: ['garment.jpg'],
  ...overrides,
});

const found = (overrides: Partial<CredentialsSummary> = {}): CredentialsReading => ({
  found: true,
  summary: summary(overrides),
});

function serveTrustAnchor(status = 200) {
  server.use(
    http.get('/api/v1/provenance/trust-anchor', () =>
      status === 200
        ? new HttpResponse(PEM, { headers: { 'Content-Type': 'application/x-pem-file' } })
        : errorResponse(status, 'not_found', 'Not found'),
    ),
  );
}

/** Every path the page asked the server for. */
function recordRequests(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    paths.push(new URL(request.url).pathname);
  });
  return paths;
}

const fileInput = () => screen.getByLabelText('Choose a file');

/** The definition list's value for a term. */
function valueOf(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

beforeEach(() => {
  read.mockReset();
  server.events.removeAllListeners();
  serveTrustAnchor();
});

describe('VerifyPage', () => {
  it('opens without signing in and reads a chosen file in the browser, finding no credentials', async () => {
    let finish: (reading: CredentialsReading) => void = () => undefined;
    read.mockImplementation(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = renderApp('/verify');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Verify content credentials' }),
    ).toBeInTheDocument();

    const file = jpeg();
    await user.upload(fileInput(), file);
    expect(await screen.findByText('Reading the file…')).toBeInTheDocument();
    await waitFor(() => {
      expect(read).toHaveBeenCalledWith(
        file,
        'image/jpeg',
        expect.objectContaining({ trustAnchor: PEM }),
      );
    });

    finish({ found: false });
    expect(
      await screen.findByText('No content credentials found in this file.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'photo.jpg' })).toBeInTheDocument();
    expect(screen.queryByText('Reading the file…')).toBeNull();
  });

  it('shows a valid file as verified, with how it was made, its actions, generator, model, signer and ingredients', async () => {
    read.mockResolvedValue(found());
    const { user } = renderWithProviders(<VerifyPage />, { path: '/verify' });
    await user.upload(fileInput(), jpeg());

    expect(
      await screen.findByText("Verified: the signature and the file's contents match"),
    ).toBeInTheDocument();
    expect(screen.getByText('Signed by a certificate this page trusts.')).toBeInTheDocument();
    expect(valueOf('How it was made')).toBe('Made with AI (Created using Generative AI)');
    expect(valueOf('Actions')).toBe(
      'Created (Created using Generative AI) by AI Product Studio 1.4.0',
    );
    expect(valueOf('Generator')).toBe('AI Product Studio 1.4.0');
    // The generator itself (the studio) names no model; what the action says of one does.
    const model = screen.getByText('Model', { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(
      within(model)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Clothes AI Photoshoot (fal-ai/fashn/tryon/v1.6)', 'seed: 42']);
    expect(valueOf('Signed by')).toBe('AI Product Studio');
    expect(valueOf('Signed on')).toMatch(/2026/);
    expect(valueOf('Ingredients')).toBe('Made from 1 earlier file:garment.jpg');
  });

  it('shows a file changed after it was signed as not valid, in plain words', async () => {
    read.mockResolvedValue(found({ state: 'invalid', failures: ['assertion.dataHash.mismatch'] }));
    const { user } = renderWithProviders(<VerifyPage />, { path: '/verify' });
    await user.upload(fileInput(), jpeg());

    expect(
      await screen.findByText('Not valid: The file was changed after it was signed.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Verified/)).toBeNull();
  });

  it('shows an unknown code as the raw IPTC URI, with no verdict on AI', async () => {
    const uri = 'http://cv.iptc.org/newscodes/digitalsourcetype/digitalCapture';
    read.mockResolvedValue(found({ sourceType: uri, actions: [] }));
    const { user } = renderWithProviders(<VerifyPage />, { path: '/verify' });
    await user.upload(fileInput(), jpeg());

    await screen.findByText("Verified: the signature and the file's contents match");
    expect(valueOf('How it was made')).toBe(uri);
  });

  it('reads without the studio certificate when it cannot be had, and says the signer is unknown', async () => {
    serveTrustAnchor(404);
    read.mockResolvedValue(found({ state: 'valid', untrusted: true }));
    const { user } = renderWithProviders(<VerifyPage />, { path: '/verify' });
    expect(await screen.findByText(/could not load that certificate just now/)).toBeInTheDocument();
    await user.upload(fileInput(), jpeg());

    expect(
      await screen.findByText(/Signed by a certificate this page does not know/),
    ).toBeInTheDocument();
    expect(read).toHaveBeenCalledWith(
      expect.any(File),
      'image/jpeg',
      expect.objectContaining({ trustAnchor: null }),
    );
  });

  it('refuses a file that is not an image or video it reads, without reading it', async () => {
    renderWithProviders(<VerifyPage />, { path: '/verify' });
    const text = new File(['hello, this is text'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(screen.getByTestId('verify-drop-zone'), { dataTransfer: { files: [text] } });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page reads JPEG, PNG and WebP images and MP4 videos',
    );
    expect(read).not.toHaveBeenCalled();
  });

  it('refuses a file over 200 MB, without reading it', async () => {
    const { user } = renderWithProviders(<VerifyPage />, { path: '/verify' });
    const huge = jpeg('huge.jpg');
    Object.defineProperty(huge, 'size', { value: 200 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), huge);

    expect(await screen.findByRole('alert')).toHaveTextContent('larger than 200 MB');
    expect(read).not.toHaveBeenCalled();
  });

  it("reads the studio output that ?media= names, fetched with the visitor's cookies", async () => {
    const requests = recordRequests();
    let cookies: string | null = null;
    server.use(
      http.get('/api/v1/media/out_1', ({ request }) => {
        cookies = request.credentials;
        return new HttpResponse(new Uint8Array([...JPEG_HEAD, 0, 0]), {
          headers: { 'Content-Type': 'image/jpeg' },
        });
      }),
    );
    read.mockResolvedValue(found());
    renderWithProviders(<VerifyPage />, { path: '/verify?media=%2Fapi%2Fv1%2Fmedia%2Fout_1' });

    expect(
      await screen.findByText("Verified: the signature and the file's contents match"),
    ).toBeInTheDocument();
    expect(requests).toContain('/api/v1/media/out_1');
    expect(cookies).toBe('include');
    // The fetched bytes themselves (fetch's Blob is Node's here, not jsdom's).
    const [file, format] = read.mock.calls[0] ?? [];
    expect(file?.size).toBe(JPEG_HEAD.length + 2);
    expect(format).toBe('image/jpeg');
  });

  it('says to sign in when ?media= names an output the visitor may not fetch', async () => {
    server.use(
      http.get('/api/v1/media/out_1', () => errorResponse(401, 'unauthorized', 'Sign in')),
    );
    renderWithProviders(<VerifyPage />, { path: '/verify?media=/api/v1/media/out_1' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign in with the account that made this result',
    );
    expect(read).not.toHaveBeenCalled();
  });

  it.each([
    'https://evil.example/api/v1/media/out_1',
    '//evil.example/api/v1/media/out_1',
    '/api/v1/session',
    '/api/v1/media/../session',
  ])("ignores ?media=%s, which is not one of the studio's outputs", async (media) => {
    const requests = recordRequests();
    renderWithProviders(<VerifyPage />, {
      path: `/verify?${new URLSearchParams({ media }).toString()}`,
    });
    // The trust anchor is asked for on every visit; nothing else may be.
    await waitFor(() => {
      expect(requests).toEqual(['/api/v1/provenance/trust-anchor']);
    });
    expect(screen.queryByText('Reading the file…')).toBeNull();
    expect(read).not.toHaveBeenCalled();
  });
});
