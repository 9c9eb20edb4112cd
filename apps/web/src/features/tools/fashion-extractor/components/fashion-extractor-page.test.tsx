import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { AccessPlan } from '@studio/contract/tools';
import { extractionFixture, extractorHandlers } from '@/testing/extractor-handlers';
import {
  generationSequence,
  mediaUrl,
  pngFile,
  stubObjectUrls,
  UPLOADED_PREVIEW_URL,
  UPLOADED_URL,
  uploadFailureHandler,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import { renderArrival, renderWithProviders } from '@/testing/render';
import { mockSignedIn, mockSubscriptionFailure, server, testUser } from '@/testing/server';
import { FashionExtractorPage } from './fashion-extractor-page';

const PREVIEW_NOTE = 'Made by the offline engine: a labelled preview of the extraction.';
const FAILED = 'Failed to extract fashion items. Please try again.';

interface Setup {
  subscription?: string;
  plan?: AccessPlan;
  estimates?: Record<string, unknown>[];
  queryClient?: QueryClient;
}

function open({ subscription = 'plus', plan = 'plus', estimates, queryClient }: Setup = {}) {
  const calls: RecordedGenerate[] = [];
  mockSignedIn({ plan: subscription });
  server.use(...extractorHandlers({ plan, estimates, calls }));
  const rendered = renderWithProviders(<FashionExtractorPage />, {
    path: '/fashion-extractor',
    ...(queryClient ? { queryClient } : {}),
  });
  return { ...rendered, calls };
}

type User = ReturnType<typeof open>['user'];

const extractButton = () => screen.getByRole('button', { name: /Extract Fashion|Generating/ });
const items = () => within(screen.getByRole('region', { name: 'Extracted Items' }));

async function uploadPhoto(user: User) {
  await user.upload(await screen.findByLabelText('Upload fashion image'), pngFile());
  await screen.findByText('Upload successful!');
}

async function ready(setup: Setup = {}) {
  const rendered = open(setup);
  await uploadPhoto(rendered.user);
  await screen.findByText(/Estimated cost/);
  return rendered;
}

function succeedWith(urls: string[], previewNote: string | null = PREVIEW_NOTE) {
  server.use(
    generationSequence([
      extractionFixture({ status: 'running', progress: 50 }),
      extractionFixture({ status: 'succeeded', progress: 100, imageUrls: urls, previewNote }),
    ]),
  );
}

beforeEach(() => {
  stubObjectUrls();
});

describe('Fashion extractor: the premium gate', () => {
  it('shows a Free user the Plus upgrade page, not the tool', async () => {
    open({ subscription: 'free', plan: 'free' });

    expect(screen.getByRole('heading', { level: 2, name: 'Fashion Extractor' })).toBeVisible();
    expect(await screen.findByText('Checking subscription status...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Premium Feature - Plus Plan Required' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade to Plus Plan' })).toBeEnabled();
    expect(screen.queryByLabelText('Upload fashion image')).not.toBeInTheDocument();
  });

  it('says Error Loading Subscription with Try Again when the plan cannot be read', async () => {
    mockSignedIn({ plan: 'plus' });
    mockSubscriptionFailure();
    server.use(...extractorHandlers());
    renderWithProviders(<FashionExtractorPage />, { path: '/fashion-extractor' });

    expect(
      await screen.findByRole('heading', { name: 'Error Loading Subscription' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it.each([['plus_4months'], ['pro_monthly'], ['enterprise']])(
    'opens the tool to %s',
    async (subscription) => {
      open({ subscription, plan: 'pro' });
      expect(await screen.findByLabelText('Upload fashion image')).toBeInTheDocument();
    },
  );
});

describe('Fashion extractor: the form', () => {
  it('shows the single-file upload with its WebP hint, three examples and the fixed extraction type', async () => {
    open();

    const input = await screen.findByLabelText('Upload fashion image');
    expect(input).not.toHaveAttribute('multiple');
    expect(input).toHaveAccessibleDescription(/JPG, PNG or WebP up to 10MB/);
    expect(screen.getAllByRole('button', { name: /^Use example / })).toHaveLength(3);
    const type = screen.getByLabelText('Extraction type');
    expect(type).toBeDisabled();
    expect(type).toHaveValue('full-outfit');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['full-outfit', 'individual-items', 'accessories', 'upper-body', 'lower-body']);
    expect(screen.getByRole('textbox', { name: 'Custom instructions' })).toHaveAttribute(
      'placeholder',
      'Extract the clothes from the image',
    );
    expect(screen.getByLabelText('Mode')).toBeInTheDocument();
    expect(screen.getByText('Add a fashion image to see what this costs.')).toBeInTheDocument();
    expect(items().getByText('No extracted items yet')).toBeInTheDocument();
  });

  it('disables Extract Fashion without an image, and says why', async () => {
    const { user, calls } = open();

    await screen.findByLabelText('Upload fashion image');
    expect(extractButton()).toBeDisabled();
    expect(extractButton()).toHaveAccessibleDescription(
      'Upload a fashion image or choose an example to extract.',
    );
    await uploadPhoto(user);
    expect(extractButton()).toBeEnabled();
    expect(calls).toEqual([]);
  });

  it('says ‘Upload failed.’ and empties the image when the upload fails', async () => {
    const { user } = open();
    server.use(uploadFailureHandler());
    await user.upload(await screen.findByLabelText('Upload fashion image'), pngFile());

    expect(await screen.findByText('Upload failed.')).toBeInTheDocument();
    expect(extractButton()).toBeDisabled();
  });

  it('estimates the ‘fashion-extractor’ price for one image in the chosen mode', async () => {
    const estimates: Record<string, unknown>[] = [];
    await ready({ estimates });
    expect(estimates.at(-1)).toMatchObject({
      feature: 'fashion-extractor',
      mode: 'performance',
      numImages: 1,
      userId: testUser.id,
    });
  });

  it('uploads an example like a photo, with the example notice, until Clear', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Use example Summer dress' }));

    expect(
      await screen.findByText('This is an example image. Upload your own to customize.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Fashion image' })).toHaveAttribute(
      'src',
      UPLOADED_PREVIEW_URL,
    );
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Remove image' })).toHaveFocus();
    });
    expect(screen.queryByRole('button', { name: /^Use example / })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText(/This is an example image/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Use example / })).toHaveLength(3);
  });
});

describe('Fashion extractor: extracting', () => {
  it('sends ‘Extract the clothes from the image’ when no instructions are written, with the spec’s fixed values', async () => {
    const { user, calls } = await ready();
    succeedWith([mediaUrl('item_1')]);

    await user.click(extractButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.path).toBe('/fashion-extractor/generate');
    expect(calls[0]?.body).toEqual({
      extractionType: 'full-outfit',
      inputImageUrls: [UPLOADED_URL],
      prompt: 'Extract the clothes from the image',
      numImages: 1,
      userId: testUser.id,
      mode: 'performance',
      quality: 'high',
      preserveDetails: true,
      removeBackground: true,
    });
  });

  it('sends the custom instructions when written', async () => {
    const { user, calls } = await ready();
    succeedWith([mediaUrl('item_1')]);
    await user.type(
      screen.getByRole('textbox', { name: 'Custom instructions' }),
      'Only the jacket',
    );

    await user.click(extractButton());

    await waitFor(() => {
      expect(calls[0]?.body.prompt).toBe('Only the jacket');
    });
  });

  it('shows the item, labelled as a preview, with Download, Open Fullscreen and Upscale to the canvas editor', async () => {
    const { user } = await ready();
    succeedWith([mediaUrl('item_1')]);

    await user.click(extractButton());

    expect(
      await items().findByRole('img', { name: 'Extracted item' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('item_1'));
    expect(items().getByRole('note')).toHaveTextContent(PREVIEW_NOTE);
    expect(await items().findByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(items().getByRole('button', { name: 'Open Fullscreen' })).toBeInTheDocument();
    expect(items().getByRole('link', { name: 'Upscale' })).toHaveAttribute(
      'href',
      '/canvas-editor',
    );
  });

  it('opens the item full screen, closes it with Escape and gives focus back', async () => {
    const { user } = await ready();
    succeedWith([mediaUrl('item_1')]);
    await user.click(extractButton());
    const openButton = await items().findByRole(
      'button',
      { name: 'Open Fullscreen' },
      { timeout: 5000 },
    );

    await user.click(openButton);

    const viewer = await screen.findByRole('dialog', { name: 'Extracted item' });
    expect(within(viewer).getByRole('img', { name: 'Extracted item' })).toHaveAttribute(
      'src',
      mediaUrl('item_1'),
    );
    await waitFor(() => {
      expect(viewer).toContainElement(document.activeElement as HTMLElement);
    });
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    await waitFor(() => {
      expect(openButton).toHaveFocus();
    });
  });

  it('hands the item to the canvas editor’s upscaler', async () => {
    mockSignedIn({ plan: 'plus' });
    server.use(...extractorHandlers());
    succeedWith([mediaUrl('item_1')]);
    const seen: unknown[] = [];
    function EditorProbe() {
      seen.push(useLocation().state);
      return <p>Canvas editor</p>;
    }
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/fashion-extractor" element={<FashionExtractorPage />} />
        <Route path="/canvas-editor" element={<EditorProbe />} />
      </Routes>,
      { path: '/fashion-extractor' },
    );
    await uploadPhoto(user);
    await screen.findByText(/Estimated cost/);
    await user.click(extractButton());
    await user.click(await screen.findByRole('link', { name: 'Upscale' }, { timeout: 5000 }));

    expect(await screen.findByText('Canvas editor')).toBeInTheDocument();
    expect(seen.at(-1)).toEqual({
      inputImages: [mediaUrl('item_1')],
      prompt: 'Extract the clothes from the image',
      variations: 1,
      recreatingFrom: 'gen_1',
      tool: 'upscaler',
    });
  });

  it('shows up to four items and ‘+N more’, each with its own buttons', async () => {
    const { user } = await ready();
    succeedWith([1, 2, 3, 4, 5, 6].map((n) => mediaUrl(`item_${String(n)}`)));
    await user.click(extractButton());

    expect(
      await items().findByRole('img', { name: 'Extracted item 4' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(items().queryByRole('img', { name: 'Extracted item 5' })).not.toBeInTheDocument();
    expect(items().getByText('+2 more')).toBeInTheDocument();
    expect(items().getByRole('button', { name: 'Open Fullscreen item 3' })).toBeInTheDocument();
    expect(items().getByRole('link', { name: 'Upscale item 2' })).toBeInTheDocument();
    expect(await items().findByRole('button', { name: 'Download item 4' })).toBeInTheDocument();
  });

  it(`says ‘${FAILED}’ when the extraction fails, whatever the reason`, async () => {
    const { user } = await ready();
    server.use(
      generationSequence([extractionFixture({ status: 'failed', error: 'No person was found' })]),
    );
    await user.click(extractButton());

    expect(await items().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      new RegExp(`^${FAILED.replace(/\./g, '\\.')}$`),
    );
  });

  it(`says ‘${FAILED}’ when a finished run has no images`, async () => {
    const { user } = await ready();
    succeedWith([]);
    await user.click(extractButton());

    expect(await items().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(FAILED);
    expect(items().queryByRole('img')).not.toBeInTheDocument();
  });

  it('Clear resets the image, instructions, mode and results', async () => {
    const { user } = await ready({ subscription: 'pro_monthly', plan: 'pro' });
    succeedWith([mediaUrl('item_1')]);
    await user.type(screen.getByRole('textbox', { name: 'Custom instructions' }), 'shoes');
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toBeEnabled();
    });
    await user.selectOptions(screen.getByLabelText('Mode'), 'quality');
    await user.click(extractButton());
    await items().findByRole('img', { name: 'Extracted item' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect(screen.queryByRole('img', { name: 'Fashion image' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Custom instructions' })).toHaveValue('');
    expect(screen.getByLabelText('Mode')).toHaveValue('performance');
    expect(items().getByText('No extracted items yet')).toBeInTheDocument();
    expect(extractButton()).toBeDisabled();
  });
});

describe('Fashion extractor: Reuse settings from the gallery', () => {
  function arriveWith(settings: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(...extractorHandlers({ plan: 'pro' }));
    renderArrival('/fashion-extractor', <FashionExtractorPage />, {
      inputImages: [mediaUrl('photo')],
      prompt: 'Only the scarf',
      settings,
    });
  }

  it("selects the run's own mode with its instructions", async () => {
    arriveWith({ extractionType: 'full-outfit', prompt: 'Only the scarf', mode: 'quality' });

    expect(
      await screen.findByRole('textbox', { name: 'Custom instructions' }, { timeout: 5000 }),
    ).toHaveValue('Only the scarf');
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toHaveValue('quality');
    });
  });

  it('keeps the default mode for one it does not offer', async () => {
    arriveWith({ mode: 'warp speed' });

    expect(await screen.findByLabelText('Mode', {}, { timeout: 5000 })).toHaveValue('performance');
  });
});

describe('Fashion extractor: arriving from the gallery and coming back', () => {
  it('shows the photo, the instructions and the past items, then clears the state', async () => {
    mockSignedIn({ plan: 'plus' });
    server.use(
      ...extractorHandlers(),
      generationSequence([
        extractionFixture({
          id: 'gen_past',
          status: 'succeeded',
          imageUrls: [mediaUrl('past_1')],
          previewNote: PREVIEW_NOTE,
        }),
      ]),
    );
    const { seen } = renderArrival('/fashion-extractor', <FashionExtractorPage />, {
      inputImages: [mediaUrl('photo')],
      generatedImages: [mediaUrl('past_1')],
      prompt: 'Only the scarf',
      variations: 1,
      recreatingFrom: 'gen_past',
    });

    expect(
      await screen.findByRole('img', { name: 'Fashion image' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('photo'));
    expect(screen.getByText(/Loaded from a past generation/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Custom instructions' })).toHaveValue(
      'Only the scarf',
    );
    expect(
      await items().findByRole('img', { name: 'Extracted item' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('past_1'));
    expect(await items().findByText(PREVIEW_NOTE)).toBeInTheDocument();
    // The router applies navigations in a transition, so the cleared entry may land a tick later.
    await waitFor(() => {
      expect(seen.at(-1)).toBeNull();
    });
  });

  it('finds the image, instructions and items as they were left', async () => {
    const { user, unmount, queryClient } = await ready();
    await user.type(screen.getByRole('textbox', { name: 'Custom instructions' }), 'the coat');
    succeedWith([mediaUrl('item_1')]);
    await user.click(extractButton());
    await items().findByRole('img', { name: 'Extracted item' }, { timeout: 5000 });
    unmount();

    open({ queryClient });

    expect(await screen.findByRole('img', { name: 'Fashion image' })).toHaveAttribute(
      'src',
      UPLOADED_URL,
    );
    expect(screen.getByRole('textbox', { name: 'Custom instructions' })).toHaveValue('the coat');
    expect(
      await items().findByRole('img', { name: 'Extracted item' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('item_1'));
  });
});
