import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import type { AccessPlan } from '@studio/contract/tools';
import { DESIGN_PREVIEW_NOTE, designerHandlers, designFixture } from '@/testing/designer-handlers';
import {
  generateFailureHandlers,
  generateHandlers,
  generationSequence,
  mediaUrl,
  pastGenerationHandler,
  pngFile,
  stubObjectUrls,
  UPLOADED_URL,
  uploadFailureHandler,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import { renderArrival, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server, testUser } from '@/testing/server';
import { AiDesignerPage } from './ai-designer-page';

interface Setup {
  subscription?: string;
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
  estimates?: Record<string, unknown>[];
  queryClient?: QueryClient;
}

function open({
  subscription = 'free',
  plan = 'free',
  estimate,
  estimates,
  queryClient,
}: Setup = {}) {
  const calls: RecordedGenerate[] = [];
  mockSignedIn({ plan: subscription });
  server.use(...designerHandlers({ plan, estimate, estimates, calls }));
  const rendered = renderWithProviders(<AiDesignerPage />, {
    path: '/ai-designer',
    ...(queryClient ? { queryClient } : {}),
  });
  return { ...rendered, calls };
}

type User = ReturnType<typeof open>['user'];

const generateButton = () => screen.getByRole('button', { name: /Generate Design|Generating/ });
const designs = () => within(screen.getByRole('region', { name: 'Generated Designs' }));
const settingsPanel = () => within(screen.getByRole('region', { name: 'Design Settings' }));

async function uploadCloth(user: User) {
  await user.upload(screen.getByLabelText('Upload cloth image'), pngFile());
  await screen.findByText('Upload successful!');
}

async function ready(setup: Setup = {}) {
  const rendered = open(setup);
  await uploadCloth(rendered.user);
  await screen.findByText(/Estimated cost/);
  return rendered;
}

/** The next generation (polled after the start) succeeds with `urls`. */
function succeedWith(urls: string[], previewNote: string | null = DESIGN_PREVIEW_NOTE) {
  server.use(
    generationSequence([
      designFixture({ status: 'running', progress: 50 }),
      designFixture({ status: 'succeeded', progress: 100, imageUrls: urls, previewNote }),
    ]),
  );
}

beforeEach(() => {
  stubObjectUrls();
});

describe('AI designer: the form', () => {
  it('starts with no designs, titled Generated Designs, and the spec’s defaults', () => {
    open();

    expect(designs().getByText('No Designs Yet')).toBeInTheDocument();
    expect(screen.getByLabelText('Cloth type')).toHaveValue('auto');
    expect(screen.getByLabelText('Design theme')).toHaveValue('automatic');
    expect(screen.getByLabelText('Colour palette')).toHaveValue('auto');
    const aspect = screen.getByRole('radiogroup', { name: 'Aspect ratio' });
    expect(within(aspect).getByRole('radio', { name: '9:16' })).toBeChecked();
    const variations = screen.getByRole('radiogroup', { name: 'Variations' });
    expect(within(variations).getByRole('radio', { name: '1' })).toBeChecked();
    expect(generateButton()).toBeEnabled();
  });

  it('alerts ‘Please upload a cloth image’ when Generate Design is pressed without one, sends nothing, and the alert goes with a new image', async () => {
    const { user, calls } = open();

    await user.click(generateButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a cloth image');
    expect(calls).toEqual([]);
    await uploadCloth(user);
    expect(screen.queryByText('Please upload a cloth image')).not.toBeInTheDocument();
  });

  it('offers auto, custom and the garment list of the spec', () => {
    open();
    const options = within(screen.getByLabelText('Cloth type'))
      .getAllByRole('option')
      .map((option) => option.textContent);

    expect(options.slice(0, 2)).toEqual(['Auto detect', 'Custom']);
    expect(options).toHaveLength(40);
    expect(options).toEqual(
      expect.arrayContaining([
        'Saree',
        'Kurta',
        'Lehenga',
        'Dress',
        'Jeans',
        'T-shirt',
        'Hoodie',
        'Swimwear',
      ]),
    );
  });

  it('offers the spec’s design themes and the palettes the engine recolours with', () => {
    open();
    expect(
      within(screen.getByLabelText('Design theme'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual([
      'automatic',
      'bohemian',
      'bridal',
      'casual',
      'contemporary',
      'ethnic',
      'formal',
      'minimalist',
      'western',
      'vintage',
    ]);
    expect(
      within(screen.getByLabelText('Colour palette'))
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['auto', 'pastel', 'earth', 'jewel', 'monochrome', 'neon', 'classic']);
  });

  it('shows the custom cloth type’s text field only for a custom type', async () => {
    const { user } = open();
    expect(screen.queryByLabelText('Custom cloth type')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Cloth type'), 'custom');
    await user.type(screen.getByLabelText('Custom cloth type'), 'angrakha');
    expect(screen.getByLabelText('Custom cloth type')).toHaveValue('angrakha');

    await user.selectOptions(screen.getByLabelText('Cloth type'), 'saree');
    expect(screen.queryByLabelText('Custom cloth type')).not.toBeInTheDocument();
  });

  it('shows the prompt built from theme, type and palette while none is written', async () => {
    const { user } = open();
    await user.selectOptions(screen.getByLabelText('Cloth type'), 'kurta');
    await user.selectOptions(screen.getByLabelText('Design theme'), 'ethnic');
    await user.selectOptions(screen.getByLabelText('Colour palette'), 'jewel');

    await user.click(screen.getByText('Advanced Settings'));
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveAttribute(
      'placeholder',
      'An ethnic redesign of this kurta, in a jewel colour palette',
    );
  });

  it('re-estimates the ‘ai-designer’ price as the variations and mode change', async () => {
    const estimates: Record<string, unknown>[] = [];
    const { user } = await ready({ estimates, subscription: 'pro_monthly', plan: 'pro' });
    expect(estimates.at(-1)).toMatchObject({ feature: 'ai-designer', numImages: 1 });

    await user.click(screen.getByRole('radio', { name: '3' }));
    await waitFor(() => {
      expect(estimates.at(-1)).toMatchObject({ feature: 'ai-designer', numImages: 3 });
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
    await user.upload(screen.getByLabelText('Upload cloth image'), pngFile());
    expect(await screen.findByText('Upload failed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Cloth image' })).not.toBeInTheDocument();
  });
});

describe('AI designer: generating', () => {
  it('sends the designer call with the form’s choices, the built prompt and the spec’s fixed values', async () => {
    const { user, calls } = await ready();
    await user.selectOptions(screen.getByLabelText('Cloth type'), 'lehenga');
    await user.selectOptions(screen.getByLabelText('Design theme'), 'bridal');
    await user.selectOptions(screen.getByLabelText('Colour palette'), 'pastel');
    await user.click(screen.getByRole('radio', { name: '16:9' }));
    await user.click(screen.getByRole('radio', { name: '2' }));
    server.use(generationSequence([designFixture({ status: 'running' })]));

    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.path).toBe('/ai-designer/generate');
    expect(calls[0]?.body).toEqual({
      clothImage: UPLOADED_URL,
      clothType: 'lehenga',
      designTheme: 'bridal',
      colorPalette: 'pastel',
      style: 'modern',
      aspectRatio: '16:9',
      prompt: 'A bridal redesign of this lehenga, in a pastel colour palette',
      numImages: 2,
      mode: 'performance',
      userId: testUser.id,
      outputFormat: 'jpeg',
      enableSafetyChecker: true,
    });
    expect(calls[0]?.idempotencyKey).toBeTruthy();
  });

  it('sends the custom cloth type’s text and the user’s own prompt', async () => {
    const { user, calls } = await ready();
    await user.selectOptions(screen.getByLabelText('Cloth type'), 'custom');
    await user.type(screen.getByLabelText('Custom cloth type'), 'angrakha');
    await user.click(screen.getByText('Advanced Settings'));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'mirror work, festive');
    server.use(generationSequence([designFixture({ status: 'running' })]));

    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({
      clothType: 'angrakha',
      prompt: 'mirror work, festive',
    });
  });

  it('opens the insufficient-credits dialog when the price exceeds the balance, and sends nothing', async () => {
    const { user, calls } = await ready({ estimate: { creditCost: 4, available: 1 } });

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient credits' });
    expect(dialog).toHaveTextContent('FeatureAI Designer');
    expect(dialog).toHaveTextContent('Required credits4');
    expect(dialog).toHaveTextContent('Available credits1');
    expect(calls).toEqual([]);
  });

  it('counts the seconds on the button while generating', async () => {
    const { user } = await ready();
    server.use(generationSequence([designFixture({ status: 'running', progress: 20 })]));

    await user.click(generateButton());

    expect(await screen.findByRole('button', { name: /Generating… \d+\.\ds/ })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('shows the designs titled Generated Designs, labelled as previews, each with Download, Create Video and HD', async () => {
    const { user } = await ready({ subscription: 'pro_monthly', plan: 'pro' });
    succeedWith([mediaUrl('design_1'), mediaUrl('design_2')]);

    await user.click(generateButton());

    const second = await designs().findByRole(
      'img',
      { name: 'Generated design 2' },
      { timeout: 5000 },
    );
    expect(second).toHaveAttribute('src', mediaUrl('design_2'));
    expect(designs().getByRole('note')).toHaveTextContent(DESIGN_PREVIEW_NOTE);
    expect(designs().getByRole('button', { name: 'Download result 1' })).toBeInTheDocument();
    expect(
      await designs().findByRole('link', { name: 'Create Video from result 2' }),
    ).toHaveAttribute('href', '/canvas-editor');
    expect(designs().getByRole('link', { name: 'HD from result 1' })).toHaveAttribute(
      'href',
      '/canvas-editor',
    );
  });

  it('locks Create Video for a plan without video and sends it to the plans', async () => {
    const { user } = await ready();
    succeedWith([mediaUrl('design_1')]);
    await user.click(generateButton());
    expect(
      await designs().findByRole(
        'link',
        { name: 'Create Video (needs the Pro plan)' },
        { timeout: 5000 },
      ),
    ).toHaveAttribute('href', '/subscription');
  });

  it('says ‘Failed to generate design. Please try again.’ when the generation fails, whatever the reason', async () => {
    const { user } = await ready();
    server.use(
      generationSequence([designFixture({ status: 'failed', error: 'No garment was found' })]),
    );
    await user.click(generateButton());
    expect(await designs().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      /^Failed to generate design\. Please try again\.$/,
    );

    // A success without images is a failure too.
    server.use(
      generationSequence([designFixture({ id: 'gen_2', status: 'succeeded', imageUrls: [] })]),
      ...generateHandlers([], { generationId: 'gen_2' }),
    );
    await user.click(generateButton());
    await waitFor(
      () => {
        expect(designs().getByRole('alert')).toHaveTextContent(
          'Failed to generate design. Please try again.',
        );
      },
      { timeout: 5000 },
    );
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
    expect(await designs().findByRole('alert')).toHaveTextContent(
      'Failed to generate design. Please try again.',
    );
  });

  it('clears the image, choices, prompt, results and message with Clear All Settings, and sets variations to 2', async () => {
    const { user } = await ready();
    await user.selectOptions(screen.getByLabelText('Cloth type'), 'custom');
    await user.type(screen.getByLabelText('Custom cloth type'), 'angrakha');
    await user.selectOptions(screen.getByLabelText('Design theme'), 'vintage');
    await user.selectOptions(screen.getByLabelText('Colour palette'), 'neon');
    await user.click(screen.getByRole('radio', { name: '1:1' }));
    await user.click(screen.getByRole('radio', { name: '4' }));
    await user.click(screen.getByText('Advanced Settings'));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'patchwork');
    succeedWith([mediaUrl('design_1')]);
    await user.click(generateButton());
    await designs().findByRole('img', { name: 'Generated design' }, { timeout: 5000 });

    await user.click(settingsPanel().getByRole('button', { name: 'Clear All Settings' }));

    expect(screen.queryByRole('img', { name: 'Cloth image' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Cloth type')).toHaveValue('auto');
    expect(screen.queryByLabelText('Custom cloth type')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Design theme')).toHaveValue('automatic');
    expect(screen.getByLabelText('Colour palette')).toHaveValue('auto');
    expect(screen.getByRole('radio', { name: '9:16' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(designs().queryByRole('img')).not.toBeInTheDocument();
    expect(designs().getByText('No Designs Yet')).toBeInTheDocument();
  });
});

describe('AI designer: examples', () => {
  it('offers three examples while no image is loaded; one fills its settings and shows its Example Results until the next generate', async () => {
    const { user, calls } = open();
    const examples = screen.getAllByRole('button', { name: /^Use example / });
    expect(examples.map((button) => button.textContent)).toEqual([
      'Use example Kurta',
      'Use example Dress',
      'Use example T-shirt',
    ]);

    await user.click(screen.getByRole('button', { name: 'Use example Kurta' }));

    expect(await screen.findByText('Upload successful!')).toBeInTheDocument();
    expect(
      screen.getByText('This is an example image. Upload your own to customize.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Use example / })).not.toBeInTheDocument();
    // The chosen button is gone: focus stays in the cloth panel.
    expect(screen.getByRole('button', { name: 'Remove image' })).toHaveFocus();
    expect(screen.getByLabelText('Cloth type')).toHaveValue('kurta');
    expect(screen.getByLabelText('Design theme')).toHaveValue('ethnic');
    expect(screen.getByLabelText('Colour palette')).toHaveValue('jewel');
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue(
      'A festive kurta in rich jewel tones with a contrast yoke',
    );
    const exampleResults = within(screen.getByRole('region', { name: 'Example Results' }));
    expect(
      exampleResults.getByRole('img', { name: 'Example result 2 for the Kurta' }),
    ).toHaveAttribute('src', '/examples/ai-designer/kurta-result-2.jpg');
    expect(exampleResults.getByRole('note')).toHaveTextContent('Made by the offline engine');
    // Bundled files are not the user's media: no hand-offs from them.
    expect(exampleResults.queryByRole('link', { name: /HD/ })).not.toBeInTheDocument();

    server.use(generationSequence([designFixture({ status: 'running' })]));
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({
      clothImage: UPLOADED_URL,
      clothType: 'kurta',
      colorPalette: 'jewel',
    });
    expect(
      screen.queryByText('This is an example image. Upload your own to customize.'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Example Results' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Generated Designs' })).toBeInTheDocument();
  });

  it('ends example mode when the image is removed', async () => {
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Use example Dress' }));
    await screen.findByRole('region', { name: 'Example Results' });

    await user.click(screen.getByRole('button', { name: 'Remove image' }));

    expect(
      screen.queryByText('This is an example image. Upload your own to customize.'),
    ).not.toBeInTheDocument();
    expect(designs().getByText('No Designs Yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use example Dress' })).toBeInTheDocument();
  });

  it('hides the examples while a generation runs', async () => {
    const { user } = await ready();
    server.use(generationSequence([designFixture({ status: 'running' })]));
    await user.click(generateButton());
    await screen.findByRole('button', { name: /Generating/ });
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('button', { name: /^Use example / })).not.toBeInTheDocument();
  });
});

describe('AI designer: arriving from the gallery', () => {
  function arriveWith(state: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(
      ...designerHandlers({ plan: 'pro' }),
      pastGenerationHandler(
        designFixture({
          id: 'gen_past',
          status: 'succeeded',
          imageUrls: [mediaUrl('past_1'), mediaUrl('past_2')],
          previewNote: DESIGN_PREVIEW_NOTE,
        }),
      ),
    );
    return renderArrival('/ai-designer', <AiDesignerPage />, state).seen;
  }

  it('fills the cloth image, the choices a built prompt names and the variations, shows the past designs with their label, then clears the state', async () => {
    const seen = arriveWith({
      inputImages: [mediaUrl('cloth')],
      generatedImages: [mediaUrl('past_1'), mediaUrl('past_2')],
      prompt: 'A vintage redesign of this saree, in a classic colour palette',
      style: 'modern',
      variations: 2,
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('img', { name: 'Cloth image' })).toHaveAttribute(
      'src',
      mediaUrl('cloth'),
    );
    expect(screen.getByText(/Loaded from a past generation/)).toBeInTheDocument();
    expect(screen.getByLabelText('Cloth type')).toHaveValue('saree');
    expect(screen.getByLabelText('Design theme')).toHaveValue('vintage');
    expect(screen.getByLabelText('Colour palette')).toHaveValue('classic');
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(designs().getByRole('img', { name: 'Generated design 2' })).toHaveAttribute(
      'src',
      mediaUrl('past_2'),
    );
    expect(await designs().findByText(DESIGN_PREVIEW_NOTE)).toBeInTheDocument();
    expect(designs().getByRole('link', { name: 'HD from result 1' })).toBeInTheDocument();
    // The router applies navigations in a transition, so the cleared entry may land a tick later.
    await waitFor(() => {
      expect(seen.at(-1)).toBeNull();
    });
  });

  it('puts a prompt the user wrote back in the prompt field', async () => {
    arriveWith({
      inputImages: [mediaUrl('cloth')],
      generatedImages: [mediaUrl('past_1')],
      prompt: 'mirror work, festive',
      variations: 1,
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue(
      'mirror work, festive',
    );
    expect(screen.getByLabelText('Cloth type')).toHaveValue('auto');
    expect(screen.getByRole('radio', { name: '1' })).toBeChecked();
  });
});

describe('AI designer: Reuse settings from the gallery', () => {
  function arriveWith(settings: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(...designerHandlers({ plan: 'pro' }));
    renderArrival('/ai-designer', <AiDesignerPage />, {
      inputImages: [mediaUrl('cloth')],
      prompt: 'mirror work, festive',
      variations: 1,
      settings,
    });
  }
  const group = (name: string) => within(screen.getByRole('radiogroup', { name }));

  it("selects the run's own cloth type, theme, palette, aspect ratio, variations and mode", async () => {
    arriveWith({
      clothType: 'kurta',
      designTheme: 'bridal',
      colorPalette: 'jewel',
      aspectRatio: '16:9',
      numImages: 3,
      mode: 'quality',
    });

    expect(await screen.findByLabelText('Cloth type')).toHaveValue('kurta');
    expect(screen.getByLabelText('Design theme')).toHaveValue('bridal');
    expect(screen.getByLabelText('Colour palette')).toHaveValue('jewel');
    expect(group('Aspect ratio').getByRole('radio', { name: '16:9' })).toBeChecked();
    expect(group('Variations').getByRole('radio', { name: '3' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('mirror work, festive');
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toHaveValue('quality');
    });
  });

  it('puts an unlisted cloth type in the custom field and keeps defaults for unknown values', async () => {
    arriveWith({ clothType: 'poncho', designTheme: 'space age', colorPalette: 'plaid', mode: 1 });

    expect(await screen.findByLabelText('Cloth type')).toHaveValue('custom');
    expect(screen.getByRole('textbox', { name: 'Custom cloth type' })).toHaveValue('poncho');
    expect(screen.getByLabelText('Design theme')).toHaveValue('automatic');
    expect(screen.getByLabelText('Colour palette')).toHaveValue('auto');
    expect(screen.getByLabelText('Mode')).toHaveValue('performance');
  });
});

describe('AI designer: coming back to the page', () => {
  it('finds the image, choices, prompt and designs as they were left', async () => {
    const { user, unmount, queryClient } = await ready({
      subscription: 'pro_monthly',
      plan: 'pro',
    });
    await user.selectOptions(screen.getByLabelText('Cloth type'), 'hoodie');
    await user.selectOptions(screen.getByLabelText('Colour palette'), 'monochrome');
    await user.click(screen.getByRole('radio', { name: '1:1' }));
    await user.click(screen.getByRole('radio', { name: '3' }));
    await user.click(screen.getByText('Advanced Settings'));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'streetwear drop');
    succeedWith([mediaUrl('design_1')]);
    await user.click(generateButton());
    await designs().findByRole('img', { name: 'Generated design' }, { timeout: 5000 });
    unmount();

    open({ subscription: 'pro_monthly', plan: 'pro', queryClient });

    expect(await screen.findByRole('img', { name: 'Cloth image' })).toHaveAttribute(
      'src',
      UPLOADED_URL,
    );
    expect(screen.getByLabelText('Cloth type')).toHaveValue('hoodie');
    expect(screen.getByLabelText('Colour palette')).toHaveValue('monochrome');
    expect(screen.getByRole('radio', { name: '1:1' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('streetwear drop');
    expect(
      await designs().findByRole('img', { name: 'Generated design' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('design_1'));
    expect(designs().getByRole('note')).toHaveTextContent(DESIGN_PREVIEW_NOTE);
  });
});
