import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PoseItem } from '@studio/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { AccessPlan } from '@studio/contract/tools';
import {
  generateFailureHandlers,
  generationSequence,
  mediaUrl,
  pngFile,
  stubObjectUrls,
  UPLOADED_URL,
  uploadFailureHandler,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import {
  POSE_PREVIEW_NOTE,
  poseGenerationFixture,
  poseItem,
  posesFailureHandler,
  posesHandler,
  posesPageHandlers,
} from '@/testing/poses-handlers';
import { useCredits } from '@/features/credits';
import { renderApp, renderArrival, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server, testUser } from '@/testing/server';
import { AiPosesPage } from './ai-poses-page';

interface Setup {
  subscription?: string;
  plan?: AccessPlan;
  poses?: PoseItem[];
  estimate?: { creditCost?: number; available?: number };
  estimates?: Record<string, unknown>[];
  queryClient?: QueryClient;
}

function open({
  subscription = 'free',
  plan = 'free',
  poses,
  estimate,
  estimates,
  queryClient,
}: Setup = {}) {
  const calls: RecordedGenerate[] = [];
  mockSignedIn({ plan: subscription });
  server.use(...posesPageHandlers({ plan, poses, estimate, estimates, calls }));
  const rendered = renderWithProviders(<AiPosesPage />, {
    path: '/ai-poses',
    ...(queryClient ? { queryClient } : {}),
  });
  return { ...rendered, calls };
}

type User = ReturnType<typeof open>['user'];

const generateButton = () =>
  screen.getByRole('button', { name: /Generate AI Poses|Generating|Checking/ });
const results = () => within(screen.getByRole('region', { name: 'Generated Result' }));
const controls = () => within(screen.getByRole('region', { name: 'Controls' }));
const poseGrid = () => within(screen.getByRole('radiogroup', { name: 'Pose' }));
const poseRadio = (name: string | RegExp) => poseGrid().getByRole('radio', { name });

/** The pose radio `name` shows and, once the presets are in, is the chosen one. */
async function expectPoseChosen(name: string) {
  await screen.findByRole('radio', { name });
  await waitFor(() => {
    expect(screen.getByRole('radio', { name })).toBeChecked();
  });
}

async function uploadModel(user: User) {
  await user.upload(screen.getByLabelText('Upload model image'), pngFile('model.png'));
  await screen.findByText('Upload successful!');
}

async function ready(setup: Setup = {}) {
  const rendered = open(setup);
  await expectPoseChosen('Confident Stand');
  await uploadModel(rendered.user);
  await screen.findByText(/Estimated cost/);
  return rendered;
}

async function typePrompt(user: User, text: string) {
  await user.click(screen.getByText('Advanced Settings'));
  await user.type(screen.getByRole('textbox', { name: 'Prompt' }), text);
}

/** The next generation (polled after the start) succeeds with `urls`. */
function succeedWith(urls: string[], previewNote: string | null = POSE_PREVIEW_NOTE) {
  server.use(
    generationSequence([
      poseGenerationFixture({ status: 'running', progress: 50 }),
      poseGenerationFixture({ status: 'succeeded', progress: 100, imageUrls: urls, previewNote }),
    ]),
  );
}

const optionValues = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((option) => option.getAttribute('value'));

beforeEach(() => {
  stubObjectUrls();
});

describe('AI poses: the form', () => {
  it('has the three columns and the spec’s controls, defaults and enumerations', async () => {
    open();

    expect(screen.getByRole('heading', { level: 2, name: 'AI Pose Change' })).toBeInTheDocument();
    for (const name of ['Model Image', 'Controls', 'Generated Result']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    // The pose and colour controls arrive in their own chunk, right after the page.
    await screen.findByLabelText('Background');
    expect(optionValues('Background')).toEqual([
      'no-change',
      'natural',
      'studio',
      'outdoor',
      'minimalist',
      'simple-background',
    ]);
    expect(optionValues('Expression')).toEqual(['no-change', 'neutral', 'smiling', 'laughing']);
    expect(optionValues('View')).toEqual([
      'random',
      'full body view',
      'upper body view',
      'closeup view',
      'side view',
      'back view',
    ]);
    expect(screen.getByLabelText('Background')).toHaveValue('no-change');
    expect(screen.getByLabelText('Expression')).toHaveValue('no-change');
    expect(screen.getByLabelText('View')).toHaveValue('random');
    const aspect = within(screen.getByRole('radiogroup', { name: 'Aspect ratio' }));
    expect(aspect.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '9:16',
      '16:9',
      '1:1',
    ]);
    expect(aspect.getByRole('radio', { name: '9:16' })).toBeChecked();
    expect(controls().getByText('1 image per run')).toBeInTheDocument();
    const colours = within(screen.getByRole('radiogroup', { name: 'Background colour' }));
    expect(colours.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'white',
      'black',
      'cream',
      'red',
      'yellow',
      'brown',
      'grey',
    ]);
    expect(colours.getByRole('radio', { name: 'White' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Generate AI Poses' })).toBeEnabled();
    expect(await screen.findByRole('radio', { name: 'Confident Stand' })).toBeInTheDocument();
  });

  it('lists only live poses and chooses the first live female standing one on load', async () => {
    open();

    await expectPoseChosen('Confident Stand');
    expect(poseRadio('Easy Seat')).not.toBeChecked();
    expect(poseGrid().queryByRole('radio', { name: 'Hidden Pose' })).not.toBeInTheDocument();
    // Female poses show; the male ones wait behind the gender filter.
    expect(poseGrid().queryByRole('radio', { name: 'Straight Stand' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('chooses the first live pose when none is female and standing, and shows its gender', async () => {
    open({
      poses: [
        poseItem({ poseId: '8', poseName: 'Hidden Stand', liveStatus: false }),
        poseItem({ poseId: '9', poseName: 'Bench Seat', gender: 'male', type: 'sitting' }),
        poseItem({ poseId: '10', poseName: 'Wall Lean', type: 'leaning' }),
      ],
    });

    await expectPoseChosen('Bench Seat');
    expect(screen.getByRole('radio', { name: 'Male' })).toBeChecked();
  });

  it('clears the chosen pose when a filter change hides it, and keeps one that still matches', async () => {
    const { user } = open();
    await screen.findByRole('radio', { name: 'Confident Stand' });

    await user.click(screen.getByRole('radio', { name: 'Standing' }));
    expect(poseRadio('Confident Stand')).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Sitting' }));
    expect(poseGrid().queryByRole('radio', { name: 'Confident Stand' })).not.toBeInTheDocument();
    expect(poseRadio('Random pose')).toBeChecked();
    expect(poseRadio('Easy Seat')).not.toBeChecked();

    await user.click(poseRadio('Easy Seat'));
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    expect(poseRadio('Random pose')).toBeChecked();
    expect(poseRadio('Bench Seat')).not.toBeChecked();
  });

  it('shows ‘Pose Not Available’ for a pose whose image is broken', async () => {
    open();
    const card = await screen.findByRole('radio', { name: 'Wall Lean' });
    const label = card.closest('label');
    const image = label?.querySelector('img');
    expect(image).toHaveAttribute('src', `${mediaUrl('pose_3')}/thumbnail`);
    if (image) fireEvent.error(image);

    expect(within(label ?? document.body).getByText('Pose Not Available')).toBeInTheDocument();
    expect(label?.querySelector('img')).toBeNull();
  });

  it('says ‘Failed to load poses’ when the presets cannot be read, and tries again', async () => {
    mockSignedIn();
    server.use(...posesPageHandlers());
    server.use(posesFailureHandler());
    const { user } = renderWithProviders(<AiPosesPage />, { path: '/ai-poses' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load poses');

    server.use(posesHandler());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await expectPoseChosen('Confident Stand');
  });

  it('a typed prompt clears the pose and locks background, expression, colour and pose (‘Clear prompt to enable’) until it is cleared', async () => {
    const { user } = open();
    await screen.findByRole('radio', { name: 'Confident Stand' });

    await typePrompt(user, 'on a beach');

    expect(poseRadio('Random pose')).toBeChecked();
    expect(poseRadio('Confident Stand')).not.toBeChecked();
    expect(screen.getByLabelText('Background')).toBeDisabled();
    expect(screen.getByLabelText('Expression')).toBeDisabled();
    for (const radio of within(
      screen.getByRole('radiogroup', { name: 'Background colour' }),
    ).getAllByRole('radio')) {
      expect(radio).toBeDisabled();
    }
    for (const radio of poseGrid().getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Male' })).toBeDisabled();
    expect(screen.getAllByText('Clear prompt to enable')).toHaveLength(4);
    expect(screen.getByLabelText('Background')).toHaveAccessibleDescription(
      'Clear prompt to enable',
    );
    // What the prompt does not replace stays open.
    expect(screen.getByLabelText('View')).toBeEnabled();
    expect(screen.getByRole('radio', { name: '16:9' })).toBeEnabled();

    await user.clear(screen.getByRole('textbox', { name: 'Prompt' }));
    expect(screen.queryByText('Clear prompt to enable')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Background')).toBeEnabled();
    expect(poseRadio('Confident Stand')).toBeEnabled();
  });

  it('re-estimates the ‘ai-poses’ price for one image as the mode changes', async () => {
    const estimates: Record<string, unknown>[] = [];
    const { user } = await ready({ estimates, subscription: 'pro_monthly', plan: 'pro' });
    expect(estimates.at(-1)).toMatchObject({ feature: 'ai-poses', numImages: 1 });

    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toBeEnabled();
    });
    await user.selectOptions(screen.getByLabelText('Mode'), 'quality');
    await waitFor(() => {
      expect(estimates.at(-1)).toMatchObject({ feature: 'ai-poses', mode: 'quality' });
    });
  });

  it('reports a failed upload and empties the image', async () => {
    const { user } = open();
    server.use(uploadFailureHandler());
    await user.upload(screen.getByLabelText('Upload model image'), pngFile());
    expect(await screen.findByText('Upload failed.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Model image' })).not.toBeInTheDocument();
  });
});

describe('AI poses: generating', () => {
  it('alerts ‘Please upload a model image’ without one, sends nothing, and the alert goes with a new image', async () => {
    const { user, calls } = open();

    await user.click(generateButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload a model image');
    expect(calls).toEqual([]);
    await uploadModel(user);
    expect(screen.queryByText('Please upload a model image')).not.toBeInTheDocument();
  });

  it('sends the chosen pose as preselected with the form’s choices, the colour’s sent name and the spec’s fixed values', async () => {
    const { user, calls } = await ready();
    await user.click(poseRadio('Wall Lean'));
    await user.selectOptions(screen.getByLabelText('Background'), 'studio');
    await user.selectOptions(screen.getByLabelText('Expression'), 'smiling');
    await user.selectOptions(screen.getByLabelText('View'), 'side view');
    await user.click(screen.getByRole('radio', { name: '1:1' }));
    await user.click(screen.getByRole('radio', { name: 'Cream' }));
    server.use(generationSequence([poseGenerationFixture({ status: 'running' })]));

    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.path).toBe('/ai-poses/generate');
    expect(calls[0]?.body).toEqual({
      background: 'studio',
      colorTheme: 'pastel cream',
      expression: 'smiling',
      inputImageUrls: [UPLOADED_URL],
      pose: {
        poseId: '3',
        imageUrl: [mediaUrl('pose_3')],
        prompt: 'pose 3 prompt',
        type: 'leaning',
        gender: 'female',
        generationType: 'pose',
        liveStatus: true,
        timestamp: '2026-11-20T10:00:00.000Z',
      },
      method: 'preselected',
      aspectRatio: '1:1',
      viewType: 'side view',
      imageSize: 'square',
      prompt: '',
      numImages: 1,
      numInferenceSteps: 28,
      guidanceScale: 3.5,
      outputFormat: 'jpeg',
      enableSafetyChecker: true,
      userId: testUser.id,
      mode: 'performance',
      quality: 'high',
    });
    expect(calls[0]?.idempotencyKey).toBeTruthy();
  });

  it.each([
    ['White', 'white'],
    ['Black', 'black'],
    ['Red', 'pastel red'],
    ['Yellow', 'pastel yellow'],
    ['Brown', 'pastel brown'],
    ['Grey', 'pastel grey'],
  ])('sends the %s background colour as ‘%s’', async (label, sent) => {
    const { user, calls } = await ready();
    await user.click(screen.getByRole('radio', { name: label }));
    server.use(generationSequence([poseGenerationFixture({ status: 'running' })]));
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body.colorTheme).toBe(sent);
  });

  it('sends a random pose as method random', async () => {
    const { user, calls } = await ready();
    await user.click(poseRadio('Random pose'));
    server.use(generationSequence([poseGenerationFixture({ status: 'running' })]));
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({ method: 'random', pose: null, colorTheme: 'white' });
  });

  it('sends a written prompt without the pose, background, expression and colour it locks', async () => {
    const { user, calls } = await ready();
    await user.selectOptions(screen.getByLabelText('Background'), 'outdoor');
    await user.selectOptions(screen.getByLabelText('Expression'), 'smiling');
    await typePrompt(user, 'walking on a beach');
    server.use(generationSequence([poseGenerationFixture({ status: 'running' })]));
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({
      prompt: 'walking on a beach',
      method: 'random',
      pose: null,
      background: 'no-change',
      expression: 'no-change',
    });
    expect(calls[0]?.body).not.toHaveProperty('colorTheme');
  });

  it('checks the credits first: the insufficient-credits dialog opens and nothing is sent', async () => {
    const { user, calls } = await ready({ estimate: { creditCost: 4, available: 1 } });

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient credits' });
    expect(dialog).toHaveTextContent('FeatureAI Pose Change');
    expect(dialog).toHaveTextContent('Required credits4');
    expect(dialog).toHaveTextContent('Available credits1');
    expect(calls).toEqual([]);
  });

  it('shows up to four results plus ‘+N more’, labelled as previews, each with Download, Create Video and HD', async () => {
    const { user } = await ready({ subscription: 'pro_monthly', plan: 'pro' });
    succeedWith([1, 2, 3, 4, 5, 6].map((n) => mediaUrl(`pose_out_${String(n)}`)));

    await user.click(generateButton());

    expect(
      await results().findByRole('img', { name: 'Generated pose 4' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('pose_out_4'));
    expect(results().getAllByRole('img', { name: /^Generated pose/ })).toHaveLength(4);
    expect(results().getByText('+2 more')).toBeInTheDocument();
    expect(results().getByRole('note')).toHaveTextContent(POSE_PREVIEW_NOTE);
    expect(results().getByRole('button', { name: 'Download result 1' })).toBeInTheDocument();
    expect(
      await results().findByRole('link', { name: 'Create Video from result 2' }),
    ).toHaveAttribute('href', '/canvas-editor');
    expect(results().getByRole('link', { name: 'HD from result 1' })).toHaveAttribute(
      'href',
      '/canvas-editor',
    );
  });

  it('says ‘Failed to generate AI poses. Please try again.’ when the generation fails, whatever the reason', async () => {
    const { user } = await ready();
    server.use(
      generationSequence([
        poseGenerationFixture({ status: 'failed', error: 'The model found no person' }),
      ]),
    );
    await user.click(generateButton());
    expect(await results().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      /^Failed to generate AI poses\. Please try again\.$/,
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
    expect(await results().findByRole('alert')).toHaveTextContent(
      'Failed to generate AI poses. Please try again.',
    );
  });

  it('shows a clear error (not nothing) for a success without images, and the balance with the credits returned', async () => {
    const calls: RecordedGenerate[] = [];
    mockSignedIn();
    server.use(...posesPageHandlers({ calls }));
    const polls = { count: 0 };
    let readsAfterEnd = 0;
    server.use(
      http.post('/api/v1/user/credits', () => {
        // Charged (11) once the run is accepted; returned (12) once it ended without images.
        const ended = polls.count >= 2;
        if (ended) readsAfterEnd += 1;
        const credits = calls.length > 0 && !ended ? 11 : 12;
        return HttpResponse.json({ success: true, credits });
      }),
    );
    function Balance() {
      const { credits } = useCredits(testUser.id);
      return <p>{`Balance: ${String(credits)}`}</p>;
    }
    const { user } = renderWithProviders(
      <>
        <AiPosesPage />
        <Balance />
      </>,
      { path: '/ai-poses' },
    );
    await screen.findByRole('radio', { name: 'Confident Stand' });
    await uploadModel(user);
    await screen.findByText(/Estimated cost/);
    expect(await screen.findByText('Balance: 12')).toBeInTheDocument();
    server.use(
      generationSequence(
        [
          poseGenerationFixture({ status: 'running' }),
          poseGenerationFixture({ status: 'succeeded', progress: 100, imageUrls: [] }),
        ],
        polls,
      ),
    );

    await user.click(generateButton());

    expect(await results().findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to generate AI poses. Please try again.',
    );
    expect(results().queryByRole('img')).not.toBeInTheDocument();
    // The balance is read again after the run ended: it shows the credits returned.
    await waitFor(() => {
      expect(readsAfterEnd).toBeGreaterThan(0);
    });
    expect(await screen.findByText('Balance: 12')).toBeInTheDocument();
  });

  it('Clear All Settings resets the image, choices, prompt, results and message, and chooses the pose chosen on load', async () => {
    const { user } = await ready();
    await user.selectOptions(screen.getByLabelText('Background'), 'natural');
    await user.selectOptions(screen.getByLabelText('View'), 'back view');
    await user.click(screen.getByRole('radio', { name: '16:9' }));
    await user.click(screen.getByRole('radio', { name: 'Black' }));
    await user.click(screen.getByRole('radio', { name: 'Male' }));
    await typePrompt(user, 'jumping');
    succeedWith([mediaUrl('pose_out_1')]);
    await user.click(generateButton());
    await results().findByRole('img', { name: 'Generated pose' }, { timeout: 5000 });

    await user.click(controls().getByRole('button', { name: 'Clear All Settings' }));

    expect(screen.queryByRole('img', { name: 'Model image' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Background')).toHaveValue('no-change');
    expect(screen.getByLabelText('Expression')).toHaveValue('no-change');
    expect(screen.getByLabelText('View')).toHaveValue('random');
    expect(screen.getByRole('radio', { name: '9:16' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'White' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('');
    expect(poseRadio('Confident Stand')).toBeChecked();
    expect(results().queryByRole('img')).not.toBeInTheDocument();
  });
});

describe('AI poses: arriving from the gallery', () => {
  function arriveWith(state: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(
      ...posesPageHandlers({ plan: 'pro' }),
      http.get('/api/v1/generations/gen_past', () =>
        HttpResponse.json({
          success: true,
          generation: poseGenerationFixture({
            id: 'gen_past',
            status: 'succeeded',
            imageUrls: [mediaUrl('past_1')],
            previewNote: POSE_PREVIEW_NOTE,
          }),
        }),
      ),
    );
    return renderArrival('/ai-poses', <AiPosesPage />, state).seen;
  }

  it('fills the model image and the recorded pose, shows the past result with its label, then clears the state', async () => {
    const seen = arriveWith({
      inputImages: [mediaUrl('model')],
      generatedImages: [mediaUrl('past_1')],
      style: 'pose 3',
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('img', { name: 'Model image' })).toHaveAttribute(
      'src',
      mediaUrl('model'),
    );
    expect(screen.getByText(/Loaded from a past generation/)).toBeInTheDocument();
    await expectPoseChosen('Wall Lean');
    expect(results().getByRole('img', { name: 'Generated pose' })).toHaveAttribute(
      'src',
      mediaUrl('past_1'),
    );
    expect(await results().findByText(POSE_PREVIEW_NOTE)).toBeInTheDocument();
    expect(results().getByRole('link', { name: 'HD' })).toBeInTheDocument();
    // The router applies navigations in a transition, so the cleared entry may land a tick later.
    await waitFor(() => {
      expect(seen.at(-1)).toBeNull();
    });
  });

  it('puts back a random pose’s view, or the prompt the user wrote', async () => {
    arriveWith({
      inputImages: [mediaUrl('model')],
      generatedImages: [mediaUrl('past_1')],
      style: 'closeup view',
      prompt: 'in the rain',
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue('in the rain');
    expect(screen.getByLabelText('View')).toHaveValue('closeup view');
    await screen.findByRole('radio', { name: 'Confident Stand' });
    expect(poseRadio('Random pose')).toBeChecked();
  });
});

describe('AI poses: Reuse settings from the gallery', () => {
  function arriveWith(settings: Record<string, unknown>, style = 'pose 3') {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(...posesPageHandlers({ plan: 'pro' }));
    renderArrival('/ai-poses', <AiPosesPage />, {
      inputImages: [mediaUrl('model')],
      style,
      recreatingFrom: 'gen_past',
      settings,
    });
  }
  const group = (name: string) => within(screen.getByRole('radiogroup', { name }));

  it("selects the run's own view, background, expression, aspect ratio, colour, pose and mode", async () => {
    arriveWith({
      viewType: 'back view',
      background: 'outdoor',
      expression: 'smiling',
      aspectRatio: '1:1',
      colorTheme: 'pastel cream',
      pose: { poseId: '4', gender: 'male', type: 'standing' },
      mode: 'quality',
    });

    expect(await screen.findByLabelText('View')).toHaveValue('back view');
    expect(screen.getByLabelText('Background')).toHaveValue('outdoor');
    expect(screen.getByLabelText('Expression')).toHaveValue('smiling');
    await expectPoseChosen('Straight Stand');
    expect(group('Aspect ratio').getByRole('radio', { name: '1:1' })).toBeChecked();
    expect(group('Background colour').getByRole('radio', { name: /Cream/ })).toBeChecked();
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toHaveValue('quality');
    });
  });

  it('keeps a random pose random, and the defaults for values the form does not offer', async () => {
    arriveWith(
      {
        viewType: 'from above',
        background: 'space',
        aspectRatio: '4:3',
        colorTheme: 'plaid',
        pose: null,
        mode: 'turbo',
      },
      'random',
    );

    expect(await screen.findByLabelText('View')).toHaveValue('random');
    expect(screen.getByLabelText('Background')).toHaveValue('no-change');
    await screen.findByRole('radio', { name: 'Confident Stand' });
    expect(poseRadio('Random pose')).toBeChecked();
    expect(group('Aspect ratio').getByRole('radio', { name: '9:16' })).toBeChecked();
    expect(group('Background colour').getByRole('radio', { name: /White/ })).toBeChecked();
    expect(screen.getByLabelText('Mode')).toHaveValue('performance');
  });
});

describe('AI poses: coming back to the page', () => {
  it('still chooses the pose on load after a reload that came before the presets did', async () => {
    // First visit, in the app as a reload sees it (the session known before the page mounts):
    // the presets never arrive (a slow line) before the page is reloaded.
    mockSignedIn();
    server.use(...posesPageHandlers({ plan: 'free' }));
    server.use(http.get('/api/v1/poses', () => delay('infinite')));
    const first = renderApp('/ai-poses');
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toBeEnabled();
    });
    first.unmount();

    // The reload, with the presets answering: the first female standing pose is chosen.
    server.use(...posesPageHandlers({ plan: 'free' }));
    renderApp('/ai-poses');
    await expectPoseChosen('Confident Stand');
  });

  it('finds the image, choices, pose, prompt and result as they were left', async () => {
    const { user, unmount, queryClient } = await ready({
      subscription: 'pro_monthly',
      plan: 'pro',
    });
    await user.click(screen.getByRole('radio', { name: 'Sitting' }));
    await user.click(poseRadio('Easy Seat'));
    await user.selectOptions(screen.getByLabelText('Expression'), 'laughing');
    await user.click(screen.getByRole('radio', { name: 'Grey' }));
    succeedWith([mediaUrl('pose_out_1')]);
    await user.click(generateButton());
    await results().findByRole('img', { name: 'Generated pose' }, { timeout: 5000 });
    unmount();

    open({ subscription: 'pro_monthly', plan: 'pro', queryClient });

    expect(await screen.findByRole('img', { name: 'Model image' })).toHaveAttribute(
      'src',
      UPLOADED_URL,
    );
    expect(screen.getByLabelText('Expression')).toHaveValue('laughing');
    expect(screen.getByRole('radio', { name: 'Grey' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Sitting' })).toBeChecked();
    await expectPoseChosen('Easy Seat');
    expect(
      await results().findByRole('img', { name: 'Generated pose' }, { timeout: 5000 }),
    ).toHaveAttribute('src', mediaUrl('pose_out_1'));
  });
});
