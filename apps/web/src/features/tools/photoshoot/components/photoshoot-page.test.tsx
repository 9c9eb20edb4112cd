import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { AccessPlan } from '@studio/contract/tools';
import {
  generateFailureHandlers,
  generationSequence,
  mediaUrl,
  pastGenerationHandler,
  pngFile,
  stubObjectUrls,
  UPLOADED_URL,
  uploadFailureHandler,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import {
  PHOTOSHOOT_PREVIEW_NOTE,
  photoshootFixture,
  photoshootHandlers,
} from '@/testing/photoshoot-handlers';
import { renderArrival, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server, testUser } from '@/testing/server';
import { PhotoshootPage } from './photoshoot-page';

interface Setup {
  subscription?: string;
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
  estimates?: Record<string, unknown>[];
  queryClient?: QueryClient;
}

const FAILED = 'Failed to generate photoshoot. Please try again.';
const EXAMPLE_NOTICE = 'This is an example image. Upload your own to customize.';

function open({
  subscription = 'free',
  plan = 'free',
  estimate,
  estimates,
  queryClient,
}: Setup = {}) {
  const calls: RecordedGenerate[] = [];
  mockSignedIn({ plan: subscription });
  server.use(...photoshootHandlers({ plan, estimate, estimates, calls }));
  const rendered = renderWithProviders(<PhotoshootPage />, {
    path: '/photoshoot',
    ...(queryClient ? { queryClient } : {}),
  });
  return { ...rendered, calls };
}

type User = ReturnType<typeof open>['user'];

const generateButton = () => screen.getByRole('button', { name: /Generate Photoshoot|Generating/ });
const scenes = () => within(screen.getByRole('region', { name: 'Generated Photoshoot' }));
const settingsPanel = () => within(screen.getByRole('region', { name: 'Photoshoot Settings' }));
const count = () => screen.getByRole('spinbutton', { name: 'Number of images' });

async function uploadProduct(user: User) {
  await user.upload(screen.getByLabelText('Upload product image'), pngFile('bottle.png'));
  await screen.findByText('Upload successful!');
}

async function ready(setup: Setup = {}) {
  const rendered = open(setup);
  await uploadProduct(rendered.user);
  await screen.findByText(/Estimated cost/);
  return rendered;
}

/** The next generation (polled after the start) succeeds with `urls`. */
function succeedWith(urls: string[], previewNote: string | null = PHOTOSHOOT_PREVIEW_NOTE) {
  server.use(
    generationSequence([
      photoshootFixture({ status: 'running', progress: 50 }),
      photoshootFixture({ status: 'succeeded', progress: 100, imageUrls: urls, previewNote }),
    ]),
  );
}

beforeEach(() => {
  stubObjectUrls();
});

describe('Product photoshoot: the form', () => {
  it('starts with the defaults: studio scene, 1 image, an empty prompt and no results', () => {
    open();

    expect(screen.getByRole('heading', { level: 2, name: 'Product AI Photoshoot' })).toBeVisible();
    expect(screen.getByLabelText('Scene style')).toHaveValue('studio');
    expect(count()).toHaveValue(1);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(scenes().getByText('Your product scenes will appear here.')).toBeInTheDocument();
  });

  it('offers the spec’s scene styles', () => {
    open();
    expect(
      within(screen.getByLabelText('Scene style'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['lifestyle', 'studio', 'outdoor', 'minimal', 'luxury']);
  });

  it('keeps Generate Photoshoot disabled, with the reason, until a product image is loaded', async () => {
    const { user, calls } = open();

    expect(generateButton()).toBeDisabled();
    expect(generateButton()).toHaveAccessibleDescription(
      'Upload a product image or try an example to generate.',
    );
    await user.click(generateButton());
    expect(calls).toEqual([]);

    await uploadProduct(user);
    expect(generateButton()).toBeEnabled();
    expect(generateButton()).not.toHaveAccessibleDescription();
  });

  it('steps the number of images from 1 to 5 and no further, either way', async () => {
    const { user } = open();
    const fewer = screen.getByRole('button', { name: 'Fewer images' });
    const more = screen.getByRole('button', { name: 'More images' });
    expect(fewer).toBeDisabled();

    for (const expected of [2, 3, 4, 5]) {
      await user.click(more);
      expect(count()).toHaveValue(expected);
    }
    expect(more).toBeDisabled();

    await user.click(fewer);
    expect(count()).toHaveValue(4);
    expect(more).toBeEnabled();

    // Typed values stay in range too; an emptied field shows the count again when left.
    await user.clear(count());
    await user.type(count(), '9');
    expect(count()).toHaveValue(5);
    await user.clear(count());
    await user.type(count(), '0');
    expect(count()).toHaveValue(1);
    await user.clear(count());
    await user.tab();
    expect(count()).toHaveValue(1);
  });

  it('shows the default prompt ‘in a landscape’ while none is written', () => {
    open();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveAttribute(
      'placeholder',
      'in a landscape',
    );
  });

  it('re-estimates the ‘photoshoot’ price as the number of images and mode change', async () => {
    const estimates: Record<string, unknown>[] = [];
    const { user } = await ready({ estimates, subscription: 'pro_monthly', plan: 'pro' });
    expect(estimates.at(-1)).toMatchObject({ feature: 'photoshoot', numImages: 1 });

    await user.click(screen.getByRole('button', { name: 'More images' }));
    await user.click(screen.getByRole('button', { name: 'More images' }));
    await waitFor(() => {
      expect(estimates.at(-1)).toMatchObject({ feature: 'photoshoot', numImages: 3 });
    });
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toBeEnabled();
    });
    await user.selectOptions(screen.getByLabelText('Mode'), 'quality');
    await waitFor(() => {
      expect(estimates.at(-1)).toMatchObject({ mode: 'quality', numImages: 3 });
    });
  });

  it('reports a failed upload and empties the image', async () => {
    const { user } = open();
    server.use(uploadFailureHandler());
    await user.upload(screen.getByLabelText('Upload product image'), pngFile());
    expect(await screen.findByText('Upload failed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Product image' })).not.toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
  });
});

describe('Product photoshoot: generating', () => {
  it('sends the product call with the scene, the count, ‘in a landscape’ for an empty prompt and the spec’s fixed values', async () => {
    const { user, calls } = await ready();
    await user.selectOptions(screen.getByLabelText('Scene style'), 'outdoor');
    await user.click(screen.getByRole('button', { name: 'More images' }));
    server.use(generationSequence([photoshootFixture({ status: 'running' })]));

    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.path).toBe('/photoshoot/generate');
    expect(calls[0]?.body).toEqual({
      sceneStyle: 'outdoor',
      productImageIds: [],
      colorTheme: 'white',
      inputImageUrls: [UPLOADED_URL],
      prompt: 'in a landscape',
      numImages: 2,
      userId: testUser.id,
      mode: 'performance',
      quality: 'high',
    });
    expect(calls[0]?.idempotencyKey).toBeTruthy();
  });

  it('sends ‘in a landscape’ for a blank prompt', async () => {
    const { user, calls } = await ready();
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), '   ');
    server.use(generationSequence([photoshootFixture({ status: 'running' })]));
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({ prompt: 'in a landscape' });
  });

  it('sends the user’s own prompt', async () => {
    const { user, calls } = await ready();
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'on a marble counter');
    server.use(generationSequence([photoshootFixture({ status: 'running' })]));
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({ prompt: 'on a marble counter' });
  });

  it('opens the insufficient-credits dialog when the price exceeds the balance, and sends nothing', async () => {
    const { user, calls } = await ready({ estimate: { creditCost: 3, available: 1 } });

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient credits' });
    expect(dialog).toHaveTextContent('FeatureProduct AI Photoshoot');
    expect(dialog).toHaveTextContent('Required credits3');
    expect(dialog).toHaveTextContent('Available credits1');
    expect(calls).toEqual([]);
  });

  it('counts the seconds on the button while generating', async () => {
    const { user } = await ready();
    server.use(generationSequence([photoshootFixture({ status: 'running', progress: 20 })]));

    await user.click(generateButton());

    expect(await screen.findByRole('button', { name: /Generating… \d+\.\ds/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows up to 4 scenes and ‘+1 more’ for 5, labelled as previews, each with Download, Create Video and HD', async () => {
    const { user } = await ready({ subscription: 'pro_monthly', plan: 'pro' });
    succeedWith([1, 2, 3, 4, 5].map((n) => mediaUrl(`scene_${String(n)}`)));

    await user.click(generateButton());

    const fourth = await scenes().findByRole('img', { name: 'Product scene 4' }, { timeout: 5000 });
    expect(fourth).toHaveAttribute('src', mediaUrl('scene_4'));
    expect(scenes().getAllByRole('img')).toHaveLength(4);
    expect(scenes().getByText('+1 more')).toBeInTheDocument();
    expect(scenes().getByRole('note')).toHaveTextContent(PHOTOSHOOT_PREVIEW_NOTE);
    expect(scenes().getByRole('button', { name: 'Download result 1' })).toBeInTheDocument();
    // Create Video works as on every other tool (not the old 'coming soon' message).
    expect(
      await scenes().findByRole('link', { name: 'Create Video from result 2' }),
    ).toHaveAttribute('href', '/canvas-editor');
    expect(screen.queryByText('Video generation feature coming soon!')).not.toBeInTheDocument();
    expect(scenes().getByRole('link', { name: 'HD from result 3' })).toHaveAttribute(
      'href',
      '/canvas-editor',
    );
  });

  it('locks Create Video for a plan without video and sends it to the plans', async () => {
    const { user } = await ready();
    succeedWith([mediaUrl('scene_1')]);
    await user.click(generateButton());
    expect(
      await scenes().findByRole(
        'link',
        { name: 'Create Video (needs the Pro plan)' },
        { timeout: 5000 },
      ),
    ).toHaveAttribute('href', '/subscription');
  });

  it('says ‘Failed to generate photoshoot. Please try again.’ when the generation fails, whatever the reason', async () => {
    const { user } = await ready();
    server.use(
      generationSequence([
        photoshootFixture({ status: 'failed', error: 'There is no product to place.' }),
      ]),
    );
    await user.click(generateButton());
    expect(await scenes().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      /^Failed to generate photoshoot\. Please try again\.$/,
    );
  });

  it('says so, instead of showing nothing, when a finished run has no images', async () => {
    const { user } = await ready();
    server.use(
      generationSequence([
        photoshootFixture({ status: 'succeeded', progress: 100, imageUrls: [] }),
      ]),
    );
    await user.click(generateButton());
    expect(await scenes().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(FAILED);
    expect(scenes().queryByRole('img')).not.toBeInTheDocument();
  });

  it('says so, instead of showing nothing, when the start’s answer lacks success', async () => {
    const { user } = await ready();
    server.use(http.post('/api/v1/photoshoot/generate', () => HttpResponse.json({})));
    await user.click(generateButton());
    expect(await scenes().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(FAILED);
  });

  it('says the same when the server refuses the start', async () => {
    const { user } = await ready();
    server.use(
      ...generateFailureHandlers(
        429,
        'too_many_generations',
        'You already have 4 generations in progress.',
      ),
    );
    await user.click(generateButton());
    expect(await scenes().findByRole('alert')).toHaveTextContent(FAILED);
  });

  it('clears the image, scene, count, prompt, mode, results and message with Clear All Settings', async () => {
    const { user } = await ready({ subscription: 'pro_monthly', plan: 'pro' });
    await user.selectOptions(screen.getByLabelText('Scene style'), 'luxury');
    await user.click(screen.getByRole('button', { name: 'More images' }));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'on velvet');
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toBeEnabled();
    });
    await user.selectOptions(screen.getByLabelText('Mode'), 'quality');
    succeedWith([mediaUrl('scene_1'), mediaUrl('scene_2')]);
    await user.click(generateButton());
    await scenes().findByRole('img', { name: 'Product scene 1' }, { timeout: 5000 });

    await user.click(settingsPanel().getByRole('button', { name: 'Clear All Settings' }));

    expect(screen.queryByRole('img', { name: 'Product image' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Scene style')).toHaveValue('studio');
    expect(count()).toHaveValue(1);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(screen.getByLabelText('Mode')).toHaveValue('performance');
    expect(scenes().queryByRole('img')).not.toBeInTheDocument();
    expect(scenes().getByText('Your product scenes will appear here.')).toBeInTheDocument();
    expect(generateButton()).toBeDisabled();
  });
});

describe('Product photoshoot: examples', () => {
  it('offers three examples while no image is loaded; one sets its scene and shows its Example Results with the notice until the next generate', async () => {
    const { user, calls } = open();
    expect(
      screen.getAllByRole('button', { name: /^Use example / }).map((b) => b.textContent),
    ).toEqual(['Use example Perfume', 'Use example Sneaker', 'Use example Handbag']);

    await user.click(screen.getByRole('button', { name: 'Use example Perfume' }));

    expect(await screen.findByText('Upload successful!')).toBeInTheDocument();
    expect(screen.getByText(EXAMPLE_NOTICE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Use example / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove image' })).toHaveFocus();
    expect(screen.getByLabelText('Scene style')).toHaveValue('luxury');
    const exampleResults = within(screen.getByRole('region', { name: 'Example Results' }));
    expect(
      exampleResults.getByRole('img', { name: 'Example scene 2 for the Perfume' }),
    ).toHaveAttribute('src', '/examples/photoshoot/perfume-result-2.jpg');
    expect(exampleResults.getByRole('note')).toHaveTextContent('These are example results');
    // Bundled files are not the user's media: no hand-offs from them.
    expect(exampleResults.queryByRole('link', { name: /HD/ })).not.toBeInTheDocument();
    expect(generateButton()).toBeEnabled();

    server.use(generationSequence([photoshootFixture({ status: 'running' })]));
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({
      inputImageUrls: [UPLOADED_URL],
      sceneStyle: 'luxury',
      prompt: 'in a landscape',
    });
    expect(screen.queryByText(EXAMPLE_NOTICE)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Example Results' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Generated Photoshoot' })).toBeInTheDocument();
  });

  it('ends example mode when the image is removed', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Use example Sneaker' }));
    await screen.findByRole('region', { name: 'Example Results' });

    await user.click(screen.getByRole('button', { name: 'Remove image' }));

    expect(screen.queryByText(EXAMPLE_NOTICE)).not.toBeInTheDocument();
    expect(scenes().getByText('Your product scenes will appear here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use example Sneaker' })).toBeInTheDocument();
  });
});

describe('Product photoshoot: arriving from the gallery', () => {
  function arriveWith(state: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(
      ...photoshootHandlers({ plan: 'pro' }),
      pastGenerationHandler(
        photoshootFixture({
          id: 'gen_past',
          status: 'succeeded',
          imageUrls: [mediaUrl('past_1'), mediaUrl('past_2')],
          previewNote: PHOTOSHOOT_PREVIEW_NOTE,
        }),
      ),
    );
    return renderArrival('/photoshoot', <PhotoshootPage />, state).seen;
  }

  it('fills the product, scene and count, leaves the default prompt empty, shows the past scenes with their label, then clears the state', async () => {
    const seen = arriveWith({
      inputImages: [mediaUrl('product')],
      generatedImages: [mediaUrl('past_1'), mediaUrl('past_2')],
      prompt: 'in a landscape',
      style: 'minimal',
      variations: 2,
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('img', { name: 'Product image' })).toHaveAttribute(
      'src',
      mediaUrl('product'),
    );
    expect(screen.getByText(/Loaded from a past generation/)).toBeInTheDocument();
    expect(screen.getByLabelText('Scene style')).toHaveValue('minimal');
    expect(count()).toHaveValue(2);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(scenes().getByRole('img', { name: 'Product scene 2' })).toHaveAttribute(
      'src',
      mediaUrl('past_2'),
    );
    expect(await scenes().findByText(PHOTOSHOOT_PREVIEW_NOTE)).toBeInTheDocument();
    expect(scenes().getByRole('link', { name: 'HD from result 1' })).toBeInTheDocument();
    // The router applies navigations in a transition, so the cleared entry may land a tick later.
    await waitFor(() => {
      expect(seen.at(-1)).toBeNull();
    });
  });

  it('puts a prompt the user wrote back in the prompt field and keeps counts in range', async () => {
    arriveWith({
      inputImages: [mediaUrl('product')],
      generatedImages: [mediaUrl('past_1')],
      prompt: 'on a beach towel',
      style: 'not-a-scene',
      variations: 9,
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue('on a beach towel');
    expect(screen.getByLabelText('Scene style')).toHaveValue('studio');
    expect(count()).toHaveValue(5);
  });
});

describe('Product photoshoot: Reuse settings from the gallery', () => {
  it("selects the run's own scene, count and mode", async () => {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(...photoshootHandlers({ plan: 'pro' }));
    renderArrival('/photoshoot', <PhotoshootPage />, {
      inputImages: [mediaUrl('product')],
      style: 'studio',
      variations: 1,
      settings: { sceneStyle: 'outdoor', numImages: 4, mode: 'quality' },
    });

    expect(await screen.findByLabelText('Scene style')).toHaveValue('outdoor');
    expect(count()).toHaveValue(4);
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toHaveValue('quality');
    });
  });

  it('keeps the defaults for reused values it does not offer', async () => {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(...photoshootHandlers({ plan: 'pro' }));
    renderArrival('/photoshoot', <PhotoshootPage />, {
      settings: { sceneStyle: 'on the moon', numImages: 'many', mode: 'turbo' },
    });

    expect(await screen.findByLabelText('Scene style')).toHaveValue('studio');
    expect(count()).toHaveValue(1);
    expect(screen.getByLabelText('Mode')).toHaveValue('performance');
  });
});

describe('Product photoshoot: coming back to the page', () => {
  it('finds the image, scene, count, prompt and scenes as they were left', async () => {
    const { user, unmount, queryClient } = await ready({
      subscription: 'pro_monthly',
      plan: 'pro',
    });
    await user.selectOptions(screen.getByLabelText('Scene style'), 'minimal');
    await user.click(screen.getByRole('button', { name: 'More images' }));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'on white stone');
    succeedWith([mediaUrl('scene_1'), mediaUrl('scene_2')]);
    await user.click(generateButton());
    await scenes().findByRole('img', { name: 'Product scene 2' }, { timeout: 5000 });
    unmount();

    open({ subscription: 'pro_monthly', plan: 'pro', queryClient });

    expect(await screen.findByRole('img', { name: 'Product image' })).toHaveAttribute(
      'src',
      UPLOADED_URL,
    );
    expect(screen.getByLabelText('Scene style')).toHaveValue('minimal');
    expect(count()).toHaveValue(2);
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('on white stone');
    expect(
      await scenes().findByRole('img', { name: 'Product scene 2' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('scene_2'));
    expect(scenes().getByRole('note')).toHaveTextContent(PHOTOSHOOT_PREVIEW_NOTE);
  });
});
