import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { TemplateItem } from '@studio/contract';
import type { AccessPlan } from '@studio/contract/tools';
import {
  estimateHandler,
  generateFailureHandlers,
  generateHandlers,
  generationFixture,
  generationSequence,
  mediaUrl,
  modelTemplatesFailureHandler,
  modelTemplatesHandler,
  modesHandler,
  pngFile,
  stubObjectUrls,
  UPLOADED_URL,
  uploadFailureHandler,
  uploadHandler,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import { createTestQueryClient, renderArrival, renderWithProviders } from '@/testing/render';
import { mockSignedIn, mockSubscriptionFailure, server, testUser } from '@/testing/server';
import { sessionQueryOptions } from '@/features/auth';
import { RealisticPhotoshootPage } from './realistic-photoshoot-page';

interface Setup {
  templates?: TemplateItem[];
  subscription?: string;
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
  estimates?: Record<string, unknown>[];
  /** The app's client (the session already read), as when the page is opened again. */
  queryClient?: QueryClient;
}

function open({
  templates: listed,
  subscription = 'free',
  plan = 'free',
  estimate,
  estimates,
  queryClient,
}: Setup = {}) {
  const calls: RecordedGenerate[] = [];
  mockSignedIn({ plan: subscription });
  server.use(
    modesHandler(plan),
    estimateHandler(estimate, estimates),
    modelTemplatesHandler(listed),
    uploadHandler(),
    ...generateHandlers(calls),
  );
  const rendered = renderWithProviders(<RealisticPhotoshootPage />, {
    path: '/realistic-photoshoot',
    ...(queryClient ? { queryClient } : {}),
  });
  return { ...rendered, calls };
}

const generateButton = () => screen.getByRole('button', { name: /Generate Photoshoot|Generating/ });
const templates = () => within(screen.getByRole('list', { name: 'Templates' }));
const results = () => within(screen.getByRole('region', { name: 'Results' }));

async function uploadCloth(user: ReturnType<typeof open>['user']) {
  await user.upload(screen.getByLabelText('Upload cloth image'), pngFile());
  await screen.findByText('Upload successful!');
}

async function ready(setup: Setup = {}) {
  const rendered = open(setup);
  await uploadCloth(rendered.user);
  await rendered.user.click(await templates().findByRole('checkbox', { name: /Ava/ }));
  await screen.findByText(/Estimated cost/);
  return rendered;
}

beforeEach(() => {
  stubObjectUrls();
});

describe('advance clothes AI photoshoot: the form', () => {
  it('keeps Generate Photoshoot disabled with the reason until a cloth image and a template are chosen', async () => {
    const { user } = open();

    expect(generateButton()).toBeDisabled();
    expect(generateButton()).toHaveAccessibleDescription('Please upload a cloth image');

    await uploadCloth(user);
    expect(generateButton()).toHaveAccessibleDescription('Please select at least one template');

    await user.click(await templates().findByRole('checkbox', { name: /Ava/ }));
    expect(generateButton()).toBeEnabled();
  });

  it('lists the random entry first and the rest numerically, and toggles templates with chips to remove them', async () => {
    const { user } = open({
      templates: ['10', '2', '1'].map((id) => ({
        templateId: id,
        templateName: `Model ${id}`,
        templateUrl: mediaUrl(`template_${id}`),
        templateDescription: '',
        category: 'General',
        prompt: '',
      })),
    });

    await templates().findByRole('checkbox', { name: /Model 10/ });
    expect(
      templates()
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual([
      expect.stringContaining('Random'),
      expect.stringContaining('Model 1'),
      expect.stringContaining('Model 2'),
      expect.stringContaining('Model 10'),
    ]);

    const second = templates().getByRole('checkbox', { name: /Model 2/ });
    await user.click(second);
    expect(second).toBeChecked();
    await user.click(second);
    expect(second).not.toBeChecked();

    await user.click(second);
    const chips = within(screen.getByRole('list', { name: 'Chosen templates' }));
    await user.click(chips.getByRole('button', { name: 'Remove Model 2' }));
    expect(second).not.toBeChecked();
    expect(screen.queryByRole('list', { name: 'Chosen templates' })).not.toBeInTheDocument();
  });

  it('says the templates failed to load, with the reason, and leaves only the random entry', async () => {
    mockSignedIn();
    server.use(modesHandler(), estimateHandler(), modelTemplatesFailureHandler(503));
    renderWithProviders(<RealisticPhotoshootPage />, { path: '/realistic-photoshoot' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading templates');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(templates().getAllByRole('checkbox')).toHaveLength(1);
    expect(templates().getByRole('checkbox', { name: /Random/ })).toBeEnabled();
  });

  it('shows a placeholder instead of a broken template picture', async () => {
    open();
    const card = (await templates().findByRole('checkbox', { name: /Noah/ })).closest('label');
    const picture = card?.querySelector('img');
    expect(picture).toBeTruthy();
    if (picture) fireEvent.error(picture);
    expect(card).toHaveTextContent('Image unavailable');
    expect(card?.querySelector('img')).toBeNull();
  });

  it('offers female models and shows male as Coming Soon, disabled', async () => {
    open();
    const gender = screen.getByRole('radiogroup', { name: 'Gender' });
    expect(within(gender).getByRole('radio', { name: 'Female' })).toBeChecked();
    const male = within(gender).getByRole('radio', { name: 'Male' });
    expect(male).toBeDisabled();
    expect(male.closest('label')).toHaveTextContent('Coming Soon');
  });

  it('switches a mode the plan lacks to the first one it has, and names the plan needed', async () => {
    const { user } = open({ plan: 'free' });
    const mode = screen.getByLabelText('Mode');
    await waitFor(() => {
      expect(mode).toBeEnabled();
    });
    expect(within(mode).getByRole('option', { name: 'Quality (Pro)' })).toBeDisabled();
    expect(screen.getByText(/Balanced needs the Plus plan/)).toBeInTheDocument();
    await user.selectOptions(mode, 'performance');
    expect(mode).toHaveValue('performance');
  });

  it('re-estimates as templates are added: one image per template', async () => {
    const estimates: Record<string, unknown>[] = [];
    const { user } = await ready({ estimates });
    await user.click(templates().getByRole('checkbox', { name: /Mia/ }));

    await waitFor(() => {
      const last = estimates.at(-1);
      expect(last?.feature).toBe('realistic-tryon');
      expect(last?.template).toHaveLength(2);
    });
  });

  it('reports a failed upload and empties the image', async () => {
    mockSignedIn();
    server.use(modesHandler(), estimateHandler(), modelTemplatesHandler(), uploadFailureHandler());
    const { user } = renderWithProviders(<RealisticPhotoshootPage />, {
      path: '/realistic-photoshoot',
    });
    await user.upload(screen.getByLabelText('Upload cloth image'), pngFile());
    expect(await screen.findByText('Upload failed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Cloth image' })).not.toBeInTheDocument();
  });
});

describe('advance clothes AI photoshoot: generating', () => {
  it('sends the realistic try-on call with one image per template and the spec’s fixed values', async () => {
    const { user, calls } = await ready();
    await user.click(templates().getByRole('checkbox', { name: /Random/ }));
    await user.click(screen.getByText('Advanced Settings'));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'linen, soft light');
    await user.selectOptions(screen.getByLabelText('Ethnicity'), 'indian');
    server.use(
      generationSequence([generationFixture({ type: 'realistic-try-on', status: 'running' })]),
    );

    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    const [call] = calls;
    expect(call?.path).toBe('/realistic-tryon/generate');
    expect(call?.body).toMatchObject({
      template: [
        { templateId: '1', templateUrl: mediaUrl('template_1') },
        { templateId: 'random' },
      ],
      clothing: { imageUrl: [UPLOADED_URL] },
      clothType: 'auto',
      prompt: 'linen, soft light',
      numImages: 1,
      ethnicity: 'indian',
      gender: 'female',
      mode: 'performance',
      quality: 'high',
      aspectRatio: '9:16',
      enableSafetyChecker: true,
      outputFormat: 'jpeg',
      numInferenceSteps: 28,
      guidanceScale: 3.5,
    });
    expect(call?.idempotencyKey).toBeTruthy();
  });

  it('opens the insufficient-credits dialog when the price exceeds the balance, and sends nothing', async () => {
    const { user, calls } = await ready({ estimate: { creditCost: 4, available: 1 } });

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient credits' });
    expect(dialog).toHaveTextContent('FeatureAdvance Clothes AI Photoshoot');
    expect(dialog).toHaveTextContent('Required credits4');
    expect(dialog).toHaveTextContent('Available credits1');
    expect(calls).toEqual([]);
  });

  it('shows each result with Download, Create Video and HD, and the preview note', async () => {
    const { user } = await ready({ subscription: 'pro_monthly', plan: 'pro' });
    server.use(
      generationSequence([
        generationFixture({ type: 'realistic-try-on', status: 'running', progress: 40 }),
        generationFixture({
          type: 'realistic-try-on',
          status: 'succeeded',
          imageUrls: [mediaUrl('out_1'), mediaUrl('out_2')],
          previewNote: 'Preview made by the offline engine.',
        }),
      ]),
    );

    await user.click(generateButton());

    const second = await results().findByRole(
      'img',
      { name: 'Generated photo 2' },
      { timeout: 5000 },
    );
    expect(second).toHaveAttribute('src', mediaUrl('out_2'));
    expect(results().getByRole('note')).toHaveTextContent('Preview made by the offline engine.');
    expect(results().getByRole('button', { name: 'Download result 1' })).toBeInTheDocument();
    expect(
      await results().findByRole('link', { name: 'Create Video from result 2' }),
    ).toHaveAttribute('href', '/canvas-editor');
    expect(results().getByRole('link', { name: 'HD from result 1' })).toHaveAttribute(
      'href',
      '/canvas-editor',
    );
  });

  it('shows the server’s message when the generation fails, else the spec’s fallback', async () => {
    const { user } = await ready();
    server.use(
      generationSequence([
        generationFixture({
          type: 'realistic-try-on',
          status: 'failed',
          error: 'The garment was not found',
        }),
      ]),
    );
    await user.click(generateButton());
    expect(await results().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The garment was not found',
    );

    server.use(
      generationSequence([
        generationFixture({ id: 'gen_2', type: 'realistic-try-on', status: 'failed', error: null }),
      ]),
      ...generateHandlers([], { generationId: 'gen_2' }),
    );
    await user.click(generateButton());
    expect(await results().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to generate images. Please try again.',
    );
  });

  it('shows a refused start in the server’s words', async () => {
    const { user } = await ready();
    server.use(
      ...generateFailureHandlers(
        429,
        'too_many_generations',
        'You already have 4 generations in progress.',
      ),
    );
    await user.click(generateButton());
    expect(await results().findByRole('alert')).toHaveTextContent(
      'You already have 4 generations in progress.',
    );
  });

  it('locks Create Video for a plan without video, and when the plan check fails', async () => {
    const { user } = await ready({ subscription: 'plus_monthly', plan: 'plus' });
    server.use(
      generationSequence([
        generationFixture({
          type: 'realistic-try-on',
          status: 'succeeded',
          imageUrls: [mediaUrl('out_1')],
        }),
      ]),
    );
    await user.click(generateButton());
    const locked = await results().findByRole(
      'link',
      { name: 'Create Video (needs the Pro plan)' },
      { timeout: 5000 },
    );
    expect(locked).toHaveAttribute('href', '/subscription');
  });

  it('keeps Create Video locked when the subscription cannot be read', async () => {
    const { user } = await ready();
    mockSubscriptionFailure();
    server.use(
      generationSequence([
        generationFixture({
          type: 'realistic-try-on',
          status: 'succeeded',
          imageUrls: [mediaUrl('out_1')],
        }),
      ]),
    );
    await user.click(generateButton());
    expect(
      await results().findByRole('link', { name: /Create Video.*Pro plan/ }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/subscription');
  });

  it('clears the image, templates, prompt, results and message with Clear All Settings', async () => {
    const { user } = await ready();
    await user.click(screen.getByText('Advanced Settings'));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'evening light');
    server.use(
      generationSequence([
        generationFixture({
          type: 'realistic-try-on',
          status: 'succeeded',
          imageUrls: [mediaUrl('out_1')],
        }),
      ]),
    );
    await user.click(generateButton());
    await results().findByRole('img', { name: 'Generated photo' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Clear All Settings' }));

    expect(screen.queryByRole('img', { name: 'Cloth image' })).not.toBeInTheDocument();
    expect(templates().getByRole('checkbox', { name: /Ava/ })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(results().queryByRole('img')).not.toBeInTheDocument();
    expect(generateButton()).toHaveAccessibleDescription('Please upload a cloth image');
  });
});

describe('advance clothes AI photoshoot: arriving from the gallery', () => {
  it('fills the cloth image, prompt and templates and shows the past results, then clears the state', async () => {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(modesHandler('pro'), estimateHandler(), modelTemplatesHandler());
    const { seen } = renderArrival('/realistic-photoshoot', <RealisticPhotoshootPage />, {
      inputImages: [mediaUrl('cloth')],
      generatedImages: [mediaUrl('past_1'), mediaUrl('past_2')],
      prompt: 'silk scarf',
      style: '3, 1',
      variations: 2,
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('img', { name: 'Cloth image' })).toHaveAttribute(
      'src',
      mediaUrl('cloth'),
    );
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('silk scarf');
    await waitFor(() => {
      expect(templates().getByRole('checkbox', { name: /Mia/ })).toBeChecked();
    });
    expect(templates().getByRole('checkbox', { name: /Ava/ })).toBeChecked();
    expect(templates().getByRole('checkbox', { name: /Noah/ })).not.toBeChecked();
    expect(results().getByRole('img', { name: 'Generated photo 2' })).toHaveAttribute(
      'src',
      mediaUrl('past_2'),
    );
    expect(results().getByRole('link', { name: 'HD from result 1' })).toBeInTheDocument();
    // The router applies navigations in a transition, so the cleared entry may land a tick later.
    await waitFor(() => {
      expect(seen.at(-1)).toBeNull();
    });
  });
});

describe('advance clothes AI photoshoot: Reuse settings from the gallery', () => {
  function arriveWith(settings: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(modesHandler('pro'), estimateHandler(), modelTemplatesHandler());
    renderArrival('/realistic-photoshoot', <RealisticPhotoshootPage />, {
      inputImages: [mediaUrl('cloth')],
      style: '3',
      settings,
    });
  }

  it("selects the run's own ethnicity and mode", async () => {
    arriveWith({ ethnicity: 'latino', mode: 'balanced' });

    expect(await screen.findByLabelText('Ethnicity')).toHaveValue('latino');
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toHaveValue('balanced');
    });
  });

  it('keeps the defaults for values the form does not offer', async () => {
    arriveWith({ ethnicity: 'martian', mode: 42 });

    expect(await screen.findByLabelText('Ethnicity')).toHaveValue('auto');
    expect(screen.getByLabelText('Mode')).toHaveValue('performance');
  });
});

describe('advance clothes AI photoshoot: coming back to the page', () => {
  async function generateOnce(user: ReturnType<typeof open>['user']) {
    server.use(
      generationSequence([
        generationFixture({
          type: 'realistic-try-on',
          status: 'succeeded',
          imageUrls: [mediaUrl('out_1')],
        }),
      ]),
    );
    await user.click(generateButton());
    await results().findByRole('img', { name: 'Generated photo' }, { timeout: 5000 });
  }

  it('finds the image, templates, settings and results as they were left', async () => {
    const { user, unmount, queryClient } = await ready({
      subscription: 'pro_monthly',
      plan: 'pro',
    });
    await user.click(templates().getByRole('checkbox', { name: /Mia/ }));
    await user.selectOptions(screen.getByLabelText('Ethnicity'), 'latino');
    await user.selectOptions(screen.getByLabelText('Mode'), 'quality');
    await user.click(screen.getByText('Advanced Settings'));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'evening light');
    await generateOnce(user);
    unmount();

    open({ subscription: 'pro_monthly', plan: 'pro', queryClient });

    expect(await screen.findByRole('img', { name: 'Cloth image' })).toHaveAttribute(
      'src',
      UPLOADED_URL,
    );
    await waitFor(() => {
      expect(templates().getByRole('checkbox', { name: /Mia/ })).toBeChecked();
    });
    expect(templates().getByRole('checkbox', { name: /Ava/ })).toBeChecked();
    expect(templates().getByRole('checkbox', { name: /Noah/ })).not.toBeChecked();
    expect(screen.getByLabelText('Ethnicity')).toHaveValue('latino');
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toHaveValue('quality');
    });
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('evening light');
    expect(
      await results().findByRole('img', { name: 'Generated photo' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('out_1'));
    expect(results().getByRole('link', { name: 'HD' })).toBeInTheDocument();
  });

  it('comes back empty after Clear All Settings', async () => {
    const { user, unmount, queryClient } = await ready();
    await generateOnce(user);
    await user.click(screen.getByRole('button', { name: 'Clear All Settings' }));
    unmount();

    open({ queryClient });

    await templates().findByRole('checkbox', { name: /Ava/ });
    expect(screen.queryByRole('img', { name: 'Cloth image' })).not.toBeInTheDocument();
    expect(templates().getByRole('checkbox', { name: /Ava/ })).not.toBeChecked();
    expect(results().queryByRole('img')).not.toBeInTheDocument();
    expect(generateButton()).toHaveAccessibleDescription('Please upload a cloth image');
  });

  it('does not show one account what another left on the tab', async () => {
    const { user, unmount } = await ready();
    await generateOnce(user);
    unmount();

    mockSignedIn({ user: { ...testUser, id: 'user_other', email: 'other@example.com' } });
    server.use(modesHandler(), estimateHandler(), modelTemplatesHandler());
    const otherClient = createTestQueryClient();
    await otherClient.query(sessionQueryOptions);
    renderWithProviders(<RealisticPhotoshootPage />, {
      path: '/realistic-photoshoot',
      queryClient: otherClient,
    });

    await templates().findByRole('checkbox', { name: /Ava/ });
    expect(screen.queryByRole('img', { name: 'Cloth image' })).not.toBeInTheDocument();
    expect(templates().getByRole('checkbox', { name: /Ava/ })).not.toBeChecked();
    expect(results().queryByRole('img')).not.toBeInTheDocument();
  });
});
