import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccessPlan } from '@studio/contract/tools';
import { sessionQueryOptions } from '@/features/auth';
import { creditsQueryKey } from '@/features/credits';
import { estimateQueryPrefix } from '@/features/generations';
import {
  cancelHandler,
  canvasHandlers,
  deferred,
  estimateHandler,
  generateFailureHandlers,
  generateHandlers,
  generationFixture,
  generationSequence,
  MALFORMED_ANSWER,
  mediaUrl,
  modesHandler,
  pngFile,
  stubObjectUrls,
  UPLOADED_URL,
  uploadHandler,
  videoTemplatesHandler,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import { createTestQueryClient, renderArrival, renderWithProviders } from '@/testing/render';
import { mockSignedIn, mockSubscriptionFailure, server, testUser } from '@/testing/server';
import { CanvasEditorPage } from './canvas-editor-page';

interface Setup {
  path?: string;
  subscription?: string;
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
}

/** Signed in, on the canvas editor, with an image uploaded; generate calls are recorded. */
async function openWithImage({
  path = '/canvas-editor',
  subscription = 'free',
  plan = 'free',
  estimate,
}: Setup = {}) {
  const calls: RecordedGenerate[] = [];
  mockSignedIn({ plan: subscription });
  server.use(...canvasHandlers({ plan, estimate }), ...generateHandlers(calls), uploadHandler());
  const rendered = renderWithProviders(<CanvasEditorPage />, { path });
  await rendered.user.upload(screen.getByLabelText('Upload image'), pngFile());
  await screen.findByText('Image uploaded successfully!');
  await screen.findByText(/Estimated cost/);
  return { ...rendered, calls };
}

const generateButton = () => screen.getByRole('button', { name: /^Generat/ });
const resultPanel = () => within(screen.getByRole('region', { name: 'Generated Result' }));

beforeEach(() => {
  stubObjectUrls();
});

describe('canvas editor generate checks', () => {
  it('asks for an image first and sends nothing', async () => {
    const calls: RecordedGenerate[] = [];
    mockSignedIn();
    server.use(...canvasHandlers(), ...generateHandlers(calls));
    const { user } = renderWithProviders(<CanvasEditorPage />, { path: '/canvas-editor' });

    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload an image first');
    expect(calls).toEqual([]);
  });

  it("takes 'Please upload an image first' away once an image is uploaded", async () => {
    mockSignedIn();
    server.use(...canvasHandlers(), uploadHandler());
    const { user } = renderWithProviders(<CanvasEditorPage />, { path: '/canvas-editor' });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));
    expect(await screen.findAllByText('Please upload an image first')).toHaveLength(2);

    await user.upload(screen.getByLabelText('Upload image'), pngFile());
    await screen.findByText('Image uploaded successfully!');

    expect(screen.queryByText('Please upload an image first')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("takes 'Please wait for the image to finish uploading' away once it has", async () => {
    const upload = deferred();
    mockSignedIn();
    server.use(...canvasHandlers(), uploadHandler({ until: upload.promise }));
    // Signed in before the page shows, as the app's sign-in guard has it: on a busy machine a click
    // could otherwise beat the session and be answered 'Please log in', which is not what this is about.
    const queryClient = createTestQueryClient();
    await queryClient.query(sessionQueryOptions);
    const { user } = renderWithProviders(<CanvasEditorPage />, {
      path: '/canvas-editor?tool=upscaler',
      queryClient,
    });
    await user.upload(screen.getByLabelText('Upload image'), pngFile());
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait for the image to finish uploading before generating',
    );

    upload.release();
    await screen.findByText('Image uploaded successfully!');

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("takes a video's plan-check failure away when another tool is chosen", async () => {
    const { user } = await openWithImage();
    mockSubscriptionFailure();
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to verify subscription status. Please try again.',
    );

    await user.click(screen.getByRole('radio', { name: 'Upscaler' }));

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the upgrade modal for a Free user making a video, and sends nothing', async () => {
    const { user, calls } = await openWithImage({ subscription: 'free', plan: 'free' });

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Upgrade to Pro' });
    expect(dialog).toHaveTextContent(
      'Video Generation is available on the Pro and Enterprise plans.',
    );
    expect(within(dialog).getByRole('button', { name: 'Upgrade to Pro Plan' })).toBeEnabled();
    expect(within(dialog).getByRole('link', { name: 'View All Plans' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(calls).toEqual([]);
  });

  it('says the plan could not be checked when the subscription status fails', async () => {
    const { user, calls } = await openWithImage();
    mockSubscriptionFailure();

    await user.click(generateButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to verify subscription status. Please try again.',
    );
    expect(calls).toEqual([]);
  });

  it('opens the insufficient-credits dialog when the estimate exceeds the balance, and sends nothing', async () => {
    const { user, calls } = await openWithImage({
      subscription: 'pro_monthly',
      plan: 'pro',
      estimate: { creditCost: 4, available: 1 },
    });
    expect(screen.getByRole('group', { name: 'Credit estimate' })).toHaveTextContent(
      'Not enough credits: you need 3 credits more.',
    );

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient credits' });
    expect(dialog).toHaveTextContent('FeatureCanvas Editor');
    expect(dialog).toHaveTextContent('Required credits4');
    expect(dialog).toHaveTextContent('Available credits1');
    expect(within(dialog).getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      '/subscription',
    );
    expect(within(dialog).getByRole('link', { name: 'View credit history' })).toHaveAttribute(
      'href',
      '/credit-history',
    );
    expect(calls).toEqual([]);
  });

  it("opens the insufficient-credits dialog on the server's 402", async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    server.use(
      ...generateFailureHandlers(402, 'insufficient_credits', 'You need 2 credits', {
        required: 2,
        available: 0,
      }),
    );

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient credits' });
    expect(dialog).toHaveTextContent('Required credits2');
    expect(dialog).toHaveTextContent('Available credits0');

    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(generateButton()).toHaveAccessibleName('Generate');
    expect(generateButton()).toHaveFocus();
    expect(resultPanel().queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('canvas editor generation', () => {
  it('upscales: queue position, progress, then the result with a Download button', async () => {
    const { user, calls, queryClient } = await openWithImage({
      path: '/canvas-editor?tool=upscaler',
    });
    queryClient.setQueryData(creditsQueryKey(testUser.id), 12);
    server.use(
      generationSequence([
        generationFixture({ status: 'queued', queuePosition: 1 }),
        generationFixture({ status: 'running', queuePosition: null, progress: 40 }),
        generationFixture({
          status: 'succeeded',
          queuePosition: null,
          progress: 100,
          imageUrls: [mediaUrl('upscaled_1')],
        }),
      ]),
    );

    await user.click(screen.getByRole('radio', { name: '4K' }));
    await user.click(generateButton());

    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    expect(generateButton()).toHaveAccessibleName(/^Generating… \d+\.\ds$/);
    expect(await resultPanel().findByText('Queued — position 1 in queue')).toBeInTheDocument();
    const progress = await resultPanel().findByRole('progressbar', { name: 'Generation progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(await resultPanel().findByRole('img', { name: 'Generated result' })).toHaveAttribute(
      'src',
      mediaUrl('upscaled_1'),
    );
    expect(resultPanel().getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(generateButton()).toHaveAccessibleName('Generate');
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
    expect(resultPanel().getByText('Generation finished')).toHaveAttribute('role', 'status');

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: '/upscaler',
      body: {
        userId: testUser.id,
        imageUrl: UPLOADED_URL,
        upscaleFactor: '4k',
        method: 'High Fidelity V2',
      },
    });
    expect(calls[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(queryClient.getQueryState(creditsQueryKey(testUser.id))?.isInvalidated).toBe(true);
  });

  it('shows why a generation failed', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=background-removal' });
    server.use(
      generationSequence([
        generationFixture({
          type: 'background-removal',
          status: 'failed',
          queuePosition: null,
          error: 'The engine could not read the image',
        }),
      ]),
    );

    await user.click(generateButton());

    expect(await resultPanel().findByRole('alert')).toHaveTextContent(
      'Generation failed: The engine could not read the image',
    );
    expect(resultPanel().getByText('Generation failed')).toHaveAttribute('role', 'status');
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
  });

  it("says 'Generation failed' with the server's reason when the request is refused", async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=background-removal' });
    server.use(
      ...generateFailureHandlers(
        429,
        'too_many_generations',
        'You already have 4 generations in progress. Wait for one to finish.',
      ),
    );

    await user.click(generateButton());

    expect(await resultPanel().findByRole('alert')).toHaveTextContent(
      'Generation failed: You already have 4 generations in progress. Wait for one to finish.',
    );
  });

  it('shows a cut-out on a checkerboard with its download name and the engine note', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=background-removal' });
    server.use(
      generationSequence([
        generationFixture({
          type: 'background-removal',
          status: 'succeeded',
          queuePosition: null,
          imageUrls: [mediaUrl('cutout_1')],
          previewNote: 'Made by the offline engine.',
        }),
      ]),
    );

    await user.click(generateButton());

    const image = await resultPanel().findByRole('img', { name: 'Generated result' });
    expect(image.parentElement?.className).toMatch(/conic-gradient/);
    expect(resultPanel().getByRole('note')).toHaveTextContent('Made by the offline engine.');
  });

  it('downloads a cut-out as canvas-editor-result.png', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=background-removal' });
    server.use(
      generationSequence([
        generationFixture({
          type: 'background-removal',
          status: 'succeeded',
          queuePosition: null,
          imageUrls: [mediaUrl('cutout_1')],
        }),
      ]),
      http.get('/api/v1/media/cutout_1', () =>
        HttpResponse.arrayBuffer(new Uint8Array([137, 80, 78, 71]).buffer, {
          headers: { 'Content-Type': 'image/png' },
        }),
      ),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });

    await user.click(generateButton());
    await user.click(await resultPanel().findByRole('button', { name: 'Download' }));

    await waitFor(() => {
      expect(saved).toEqual(['canvas-editor-result.png']);
    });
    click.mockRestore();
  });

  it('makes a video for a Pro user with the default prompt, then plays it', async () => {
    const { user, calls } = await openWithImage({ subscription: 'pro_monthly', plan: 'pro' });
    server.use(
      generationSequence([
        generationFixture({
          type: 'video-generation',
          status: 'succeeded',
          queuePosition: null,
          videoUrls: [mediaUrl('video_1')],
        }),
      ]),
    );

    await user.click(generateButton());

    const video = await resultPanel().findByLabelText('Generated video');
    expect(video).toHaveAttribute('src', mediaUrl('video_1'));
    expect(resultPanel().getByText('Loading video…')).toHaveAttribute('role', 'status');
    fireEvent.loadedMetadata(video);
    expect(resultPanel().queryByText('Loading video…')).not.toBeInTheDocument();
    expect(resultPanel().getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      path: '/video/generate',
      body: {
        userId: testUser.id,
        inputImageUrls: [UPLOADED_URL],
        prompt: 'showing off clothes to camera in different poses',
        duration: 5,
        resolution: '360p',
        mode: 'performance',
      },
    });
    expect(calls[0]?.body).not.toHaveProperty('templateId');
  });

  it("sends the chosen template, and offers the video's link when it cannot be played", async () => {
    const { user, calls } = await openWithImage({ subscription: 'enterprise', plan: 'enterprise' });
    server.use(
      generationSequence([
        generationFixture({
          type: 'video-generation',
          status: 'succeeded',
          queuePosition: null,
          videoUrls: [mediaUrl('video_2')],
        }),
      ]),
    );
    await user.click(await screen.findByRole('button', { name: 'Template 4' }));

    await user.click(generateButton());
    fireEvent.error(await resultPanel().findByLabelText('Generated video'));

    const alert = resultPanel().getByRole('alert');
    expect(alert).toHaveTextContent('Video failed to load');
    expect(alert).toHaveTextContent('The video may be processing or the URL may be invalid');
    expect(within(alert).getByRole('link', { name: 'Download video' })).toHaveAttribute(
      'download',
      'canvas-editor-video.mp4',
    );
    expect(calls[0]?.body).toMatchObject({
      templateId: '4',
      inputVideoUrl: mediaUrl('template_video_4'),
      duration: 10,
    });
  });

  it('cancels a queued generation', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    server.use(
      generationSequence([generationFixture({ status: 'queued', queuePosition: 3 })]),
      cancelHandler(
        generationFixture({ status: 'canceled', queuePosition: null, error: 'Canceled by you' }),
      ),
    );

    await user.click(generateButton());
    await user.click(await resultPanel().findByRole('button', { name: 'Cancel generation' }));

    expect(
      await resultPanel().findByText('Generation canceled. Your credits were returned.'),
    ).toBeInTheDocument();
    expect(resultPanel().getByText('Generation canceled')).toHaveAttribute('role', 'status');
    expect(generateButton()).not.toHaveAttribute('aria-disabled');
  });
  it('says the provider decides after Cancel, then shows a result it finished first, charged', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    const running = generationFixture({ status: 'running', queuePosition: null, progress: 60 });
    // What the server reports: running until the cancel, then once more while the provider
    // decides, then the provider's outcome (it had already finished the work).
    let afterCancel = 0;
    server.use(
      http.get('/api/v1/generations/:id', () => {
        const generation =
          afterCancel === 0
            ? running
            : afterCancel++ === 1
              ? { ...running, cancelRequested: true }
              : generationFixture({
                  status: 'succeeded',
                  queuePosition: null,
                  progress: 100,
                  imageUrls: [mediaUrl('upscaled_1')],
                  cancelRequested: true,
                });
        return HttpResponse.json({ success: true, generation });
      }),
      http.post('/api/v1/generations/:id/cancel', () => {
        afterCancel = 1;
        return HttpResponse.json({
          success: true,
          generation: { ...running, cancelRequested: true },
        });
      }),
    );

    await user.click(generateButton());
    await user.click(await resultPanel().findByRole('button', { name: 'Cancel generation' }));

    expect(
      await resultPanel().findByText(/^Canceling… The provider may still finish it/),
    ).toBeInTheDocument();
    expect(resultPanel().getByRole('button', { name: 'Cancel generation' })).toBeDisabled();
    expect(
      await resultPanel().findByText(
        'The provider finished before your cancel reached it, so here is the result and its credits were used.',
      ),
    ).toBeInTheDocument();
    expect(resultPanel().queryByText(/Generation canceled/)).not.toBeInTheDocument();
  });
});

describe('canvas editor generation, robustness', () => {
  it('resumes the run after leaving the page and coming back, then shows the result', async () => {
    const { user, unmount, queryClient } = await openWithImage({
      path: '/canvas-editor?tool=upscaler',
    });
    server.use(generationSequence([generationFixture({ status: 'queued', queuePosition: 2 })]));
    await user.click(generateButton());
    expect(await resultPanel().findByText('Queued — position 2 in queue')).toBeInTheDocument();

    unmount();
    server.use(
      generationSequence([
        generationFixture({ status: 'running', queuePosition: null, progress: 60 }),
        generationFixture({
          status: 'succeeded',
          queuePosition: null,
          progress: 100,
          imageUrls: [mediaUrl('upscaled_1')],
        }),
      ]),
    );
    renderWithProviders(<CanvasEditorPage />, { path: '/canvas-editor', queryClient });

    const progress = await resultPanel().findByRole('progressbar', {
      name: 'Generation progress',
    });
    expect(progress).toHaveAttribute('aria-valuenow', '60');
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    expect(await resultPanel().findByRole('img', { name: 'Generated result' })).toHaveAttribute(
      'src',
      mediaUrl('upscaled_1'),
    );
    expect(resultPanel().getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await waitFor(() => {
      expect(window.sessionStorage.getItem('studio:active-generation:canvas-editor')).toBeNull();
    });
  });

  it('locks Remove image and the tool while checking, and sends nothing when the image changed meanwhile', async () => {
    const calls: RecordedGenerate[] = [];
    const price = deferred();
    mockSignedIn();
    server.use(
      videoTemplatesHandler(),
      modesHandler('free'),
      estimateHandler({ until: price.promise }),
      ...generateHandlers(calls),
      uploadHandler(),
    );
    const { user } = renderWithProviders(<CanvasEditorPage />, {
      path: '/canvas-editor?tool=upscaler',
    });
    await user.upload(screen.getByLabelText('Upload image'), pngFile());
    await screen.findByText('Image uploaded successfully!');

    // The check waits for the price, which the fake server holds back.
    await user.click(generateButton());

    expect(screen.getByRole('button', { name: 'Remove image' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Upscaler' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Video Generation' })).toBeDisabled();
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');

    // A file dropped on the panel replaces the image before the price arrives.
    server.use(uploadHandler({ url: mediaUrl('upload_2'), previewUrl: mediaUrl('upload_2') }));
    fireEvent.drop(screen.getByRole('img', { name: 'Uploaded image' }), {
      dataTransfer: { files: [pngFile('other.png')] },
    });
    price.release();

    await waitFor(() => {
      expect(screen.getByRole('radio', { name: 'Upscaler' })).toBeEnabled();
    });
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeEnabled();
    expect(calls).toEqual([]);
  });

  it('keeps a handed-over result when the click is refused for credits', async () => {
    mockSignedIn();
    server.use(...canvasHandlers({ estimate: { creditCost: 4, available: 1 } }));
    const { user } = renderArrival('/canvas-editor', <CanvasEditorPage />, {
      tool: 'upscaler',
      inputImages: [mediaUrl('from_gallery')],
      generatedImages: [mediaUrl('past_result')],
    });
    await screen.findByText(/Estimated cost/);

    await user.click(generateButton());

    const dialog = await screen.findByRole('dialog', { name: 'Insufficient credits' });
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));

    expect(resultPanel().getByRole('img', { name: 'Generated result' })).toHaveAttribute(
      'src',
      mediaUrl('past_result'),
    );
  });

  it("sets a video up again from the gallery's View: template, duration and mode", async () => {
    const calls: RecordedGenerate[] = [];
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(
      ...canvasHandlers({ plan: 'pro' }),
      ...generateHandlers(calls),
      generationSequence([generationFixture({ type: 'video-generation', status: 'queued' })]),
    );
    // What the gallery's View hands over for a video (document 1 §2).
    const { user } = renderArrival('/canvas-editor', <CanvasEditorPage />, {
      tool: 'video-generation',
      inputImages: [UPLOADED_URL],
      generatedVideos: [mediaUrl('past_video')],
      prompt: 'showing off clothes to camera in different poses',
      style: 'template 3 · 10 sec · quality',
      variations: 1,
      recreatingFrom: 'gen_past',
    });

    expect(await screen.findByRole('button', { name: 'Template 3' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Duration' })).toHaveValue('10');
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveValue('quality');
    });
    expect(screen.getByLabelText('Prompt')).toHaveValue('');

    await screen.findByText(/Estimated cost/);
    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toMatchObject({
      templateId: '3',
      inputVideoUrl: mediaUrl('template_video_3'),
      duration: 10,
      mode: 'quality',
      resolution: '720p',
    });
  });

  it("names Video Generation in the upgrade dialog after the server's 403", async () => {
    const { user } = await openWithImage({ subscription: 'pro_monthly', plan: 'pro' });
    server.use(
      ...generateFailureHandlers(403, 'plan_required', 'Video generation needs the Pro plan.', {
        requiresPlan: ['pro', 'enterprise'],
      }),
    );

    await user.click(generateButton());

    expect(await screen.findByRole('dialog', { name: 'Upgrade to Pro' })).toHaveTextContent(
      'Video Generation is available on the Pro and Enterprise plans.',
    );
  });

  it('keeps waiting through an unreadable poll answer or two', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=background-removal' });
    server.use(
      generationSequence([
        MALFORMED_ANSWER,
        MALFORMED_ANSWER,
        generationFixture({
          type: 'background-removal',
          status: 'succeeded',
          queuePosition: null,
          imageUrls: [mediaUrl('cutout_1')],
        }),
      ]),
    );

    await user.click(generateButton());

    expect(await resultPanel().findByRole('img', { name: 'Generated result' })).toHaveAttribute(
      'src',
      mediaUrl('cutout_1'),
    );
    expect(resultPanel().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('ends the wait after three unreadable poll answers in a row', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=background-removal' });
    const polls = { count: 0 };
    server.use(generationSequence([MALFORMED_ANSWER], polls));

    await user.click(generateButton());

    expect(await resultPanel().findByRole('alert')).toHaveTextContent(
      'Generation failed: The server sent an unexpected answer.',
    );
    expect(polls.count).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(polls.count).toBe(3);
  });

  it('announces the end of a run in a live region that stays in the panel', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    const announcer = resultPanel().getByRole('status');
    expect(announcer).toBeEmptyDOMElement();
    server.use(
      generationSequence([
        generationFixture({
          status: 'succeeded',
          queuePosition: null,
          imageUrls: [mediaUrl('upscaled_1')],
        }),
      ]),
    );

    await user.click(generateButton());
    await resultPanel().findByRole('img', { name: 'Generated result' });

    expect(announcer).toBeInTheDocument();
    expect(announcer).toHaveTextContent('Generation finished');
  });

  it('brings the result into view and focuses its heading when it arrives', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    server.use(
      generationSequence([
        generationFixture({ status: 'queued', queuePosition: 1 }),
        generationFixture({
          status: 'succeeded',
          queuePosition: null,
          imageUrls: [mediaUrl('upscaled_1')],
        }),
      ]),
    );
    const scrolled: { element: Element; options: unknown }[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
      options?: boolean | ScrollIntoViewOptions,
    ) {
      scrolled.push({ element: this, options });
    });

    generateButton().focus();
    await user.keyboard('{Enter}');
    await resultPanel().findByText('Queued — position 1 in queue');
    expect(scrolled).toEqual([]);
    await resultPanel().findByRole('img', { name: 'Generated result' });

    const heading = screen.getByRole('heading', { name: 'Generated Result' });
    await waitFor(() => {
      expect(heading).toHaveFocus();
    });
    expect(scrolled).toEqual([
      {
        element: screen.getByRole('region', { name: 'Generated Result' }),
        options: { behavior: 'smooth', block: 'start' },
      },
    ]);
    scroll.mockRestore();
  });

  it('brings a failure into view without motion when the user asks for reduced motion', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=background-removal' });
    server.use(
      generationSequence([
        generationFixture({
          type: 'background-removal',
          status: 'failed',
          queuePosition: null,
          error: 'The engine could not read the image',
        }),
      ]),
    );
    // Only what the page reads of a media query list.
    const reduced = (query: string) =>
      ({
        matches: query === '(prefers-reduced-motion: reduce)',
        media: query,
      }) as MediaQueryList;
    const media = vi.spyOn(window, 'matchMedia').mockImplementation(reduced);
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');

    await user.click(generateButton());
    await resultPanel().findByRole('alert');

    await waitFor(() => {
      expect(screen.getByRole('heading', { name: 'Generated Result' })).toHaveFocus();
    });
    expect(scroll).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    media.mockRestore();
    scroll.mockRestore();
  });

  it('leaves focus and scroll alone while the user is typing a prompt', async () => {
    const { user } = await openWithImage({ subscription: 'pro_monthly', plan: 'pro' });
    server.use(
      generationSequence([
        generationFixture({ type: 'video-generation', status: 'queued', queuePosition: 1 }),
        generationFixture({
          type: 'video-generation',
          status: 'succeeded',
          queuePosition: null,
          videoUrls: [mediaUrl('video_1')],
        }),
      ]),
    );
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');

    await user.click(generateButton());
    await user.click(screen.getByLabelText('Prompt'));
    await user.keyboard('next idea');
    await resultPanel().findByLabelText('Generated video');

    expect(screen.getByLabelText('Prompt')).toHaveFocus();
    expect(scroll).not.toHaveBeenCalled();
    scroll.mockRestore();
  });

  it('says the connection was lost while offline, then sends the run once and shows it', async () => {
    const { user, calls } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    server.use(
      generationSequence([
        generationFixture({
          status: 'succeeded',
          queuePosition: null,
          imageUrls: [mediaUrl('upscaled_1')],
        }),
      ]),
    );
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });

    await user.click(generateButton());

    expect(await resultPanel().findByText(/^Starting…/)).toHaveTextContent(
      'Connection lost. Your generation will start when you are back online, and is charged once.',
    );
    expect(calls).toEqual([]);

    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    expect(await resultPanel().findByRole('img', { name: 'Generated result' })).toHaveAttribute(
      'src',
      mediaUrl('upscaled_1'),
    );
    expect(calls).toHaveLength(1);
    expect(resultPanel().queryByText(/Connection lost/)).not.toBeInTheDocument();
  });

  it('starts a run clicked offline with an old price, and says it waits for the connection', async () => {
    const { user, calls, queryClient } = await openWithImage({
      path: '/canvas-editor?tool=upscaler',
    });
    server.use(
      generationSequence([
        generationFixture({
          status: 'succeeded',
          queuePosition: null,
          imageUrls: [mediaUrl('upscaled_1')],
        }),
      ]),
    );
    // The price shown was read a minute ago: too old to trust at the click.
    for (const query of queryClient.getQueryCache().findAll({ queryKey: estimateQueryPrefix })) {
      query.setState({ dataUpdatedAt: Date.now() - 60_000 });
    }
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });

    await user.click(generateButton());

    expect(await resultPanel().findByText(/^Starting…/)).toHaveTextContent(
      'Connection lost. Your generation will start when you are back online',
    );
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await resultPanel().findByRole('img', { name: 'Generated result' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('says the connection was lost while polls fail, and goes on when they answer again', async () => {
    const { user } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    let polls = 0;
    server.use(
      http.get('/api/v1/generations/:id', () => {
        polls += 1;
        if (polls === 1) {
          return HttpResponse.json({
            success: true,
            generation: generationFixture({ status: 'running', queuePosition: null }),
          });
        }
        if (polls <= 3) return HttpResponse.error();
        return HttpResponse.json({
          success: true,
          generation: generationFixture({
            status: 'succeeded',
            queuePosition: null,
            imageUrls: [mediaUrl('upscaled_1')],
          }),
        });
      }),
    );

    await user.click(generateButton());

    expect(await resultPanel().findByText(/Connection lost/)).toHaveTextContent(
      'Connection lost. Your generation continues on our servers and will resume here when you are back online.',
    );
    expect(
      await resultPanel().findByRole('img', { name: 'Generated result' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(resultPanel().queryByText(/Connection lost/)).not.toBeInTheDocument();
  });

  it('keeps keyboard focus on Generate while it runs, and ignores another press', async () => {
    const { user, calls } = await openWithImage({ path: '/canvas-editor?tool=upscaler' });
    server.use(generationSequence([generationFixture({ status: 'queued', queuePosition: 1 })]));

    generateButton().focus();
    await user.keyboard('{Enter}');
    await resultPanel().findByText('Queued — position 1 in queue');

    expect(generateButton()).toHaveFocus();
    expect(generateButton()).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
  });
});
