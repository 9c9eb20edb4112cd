import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccessPlan } from '@studio/contract/tools';
import {
  canvasHandlers,
  deferred,
  mediaUrl,
  pngFile,
  stubObjectUrls,
  UPLOADED_PREVIEW_URL,
  uploadFailureHandler,
  uploadHandler,
  videoPromptFailureHandler,
  videoPromptHandler,
  videoTemplatesFailureHandler,
  videoTemplatesHandler,
} from '@/testing/generation-handlers';
import { renderArrival, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import { SAMPLE_VIDEO_PROMPTS } from '../lib/sample-prompts';
import { CanvasEditorPage } from './canvas-editor-page';

function renderCanvas(
  path = '/canvas-editor',
  { subscription = 'free', plan = 'free' }: { subscription?: string; plan?: AccessPlan } = {},
) {
  mockSignedIn({ plan: subscription });
  server.use(...canvasHandlers({ plan }));
  return renderWithProviders(<CanvasEditorPage />, { path });
}

const uploadInput = () => screen.getByLabelText('Upload image');

async function uploadImage(user: ReturnType<typeof renderCanvas>['user']) {
  server.use(uploadHandler());
  await user.upload(uploadInput(), pngFile());
  await screen.findByText('Image uploaded successfully!');
}

beforeEach(() => {
  stubObjectUrls();
});

describe('canvas editor layout and presets', () => {
  it('shows the three panels and opens on video generation', async () => {
    renderCanvas();

    expect(screen.getByRole('heading', { level: 2, name: 'Canvas Editor' })).toBeInTheDocument();
    for (const panel of ['Input Image', 'Controls', 'Generated Result']) {
      expect(screen.getByRole('region', { name: panel })).toBeInTheDocument();
    }
    expect(screen.getByRole('radio', { name: 'Video Generation' })).toBeChecked();
    expect(screen.getByText('PNG, JPG, WebP up to 10MB')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveAttribute(
      'placeholder',
      'showing off clothes to camera in different poses',
    );
    expect(await screen.findByRole('button', { name: 'Template 1' })).toBeInTheDocument();
  });

  it('presets the upscaler from ?tool=upscaler, without prompt, mode or duration', async () => {
    renderCanvas('/canvas-editor?tool=upscaler');

    expect(screen.getByRole('radio', { name: 'Upscaler' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Auto-generate' })).toBeDisabled();
    expect(screen.getByRole('radiogroup', { name: 'Upscale factor' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '2x' })).toBeChecked();
    expect(screen.queryByRole('combobox', { name: 'Mode' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Duration' })).not.toBeInTheDocument();
  });

  it('keeps the chosen tool in the address', async () => {
    const { user } = renderCanvas();

    await user.click(screen.getByRole('radio', { name: 'Background Removal' }));

    expect(screen.getByTestId('location')).toHaveTextContent(
      '/canvas-editor?tool=background-removal',
    );
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toBeDisabled();
  });

  it('presets the tool, input image and result from navigation state, then clears the state', async () => {
    mockSignedIn();
    server.use(...canvasHandlers());
    const { seen } = renderArrival('/canvas-editor?tool=upscaler', <CanvasEditorPage />, {
      tool: 'background-removal',
      inputImages: [mediaUrl('from_gallery')],
      generatedImages: [mediaUrl('past_result')],
      prompt: 'a red dress',
    });

    expect(await screen.findByRole('radio', { name: 'Background Removal' })).toBeChecked();
    expect(screen.getByRole('img', { name: 'Uploaded image' })).toHaveAttribute(
      'src',
      mediaUrl('from_gallery'),
    );
    const result = within(screen.getByRole('region', { name: 'Generated Result' }));
    // The result view's code loads after the page (deferred-results): the result follows it.
    expect(await result.findByRole('img', { name: 'Generated result' })).toHaveAttribute(
      'src',
      mediaUrl('past_result'),
    );
    expect(result.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('a red dress');
    // The router applies navigations in a transition, so the cleared entry may land a tick later.
    await waitFor(() => {
      expect(seen.at(-1)).toBeNull();
    });
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/canvas-editor?tool=background-removal',
    );
  });
});

describe('canvas editor upload', () => {
  it('shows the local preview while uploading, then the stored image', async () => {
    const { revoke } = stubObjectUrls();
    const { promise: gate, release } = deferred();
    const { user } = renderCanvas();
    server.use(uploadHandler({ until: gate }));

    await user.upload(uploadInput(), pngFile());

    expect(await screen.findByRole('img', { name: 'Uploaded image' })).toHaveAttribute(
      'src',
      'blob:local-preview-1',
    );
    expect(screen.getByText('Uploading image…')).toBeInTheDocument();
    // Generating is refused while only the local preview exists.
    await screen.findByText(/Estimated cost/);
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait for the image to finish uploading before generating',
    );

    release();

    expect(await screen.findByText('Image uploaded successfully!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Uploaded image' })).toHaveAttribute(
      'src',
      UPLOADED_PREVIEW_URL,
    );
    expect(revoke).toHaveBeenCalledWith('blob:local-preview-1');
  });

  it('clears the image and says so when the upload fails', async () => {
    const { user } = renderCanvas();
    server.use(uploadFailureHandler(415, 'unsupported_image', 'This file is not an image.'));

    await user.upload(uploadInput(), pngFile());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Upload failed. Please try again.');
    expect(alert).toHaveTextContent('This file is not an image.');
    expect(screen.queryByRole('img', { name: 'Uploaded image' })).not.toBeInTheDocument();
    expect(uploadInput()).toBeInTheDocument();
  });

  it('says when the upload succeeded without a URL', async () => {
    const { user } = renderCanvas();
    server.use(uploadHandler({ body: { success: true, uploaded: [], urls: [], url: '' } }));

    await user.upload(uploadInput(), pngFile());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Upload successful, but no URL returned',
    );
    expect(screen.queryByRole('img', { name: 'Uploaded image' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not an image without uploading it', async () => {
    renderCanvas();

    // As a drop would deliver it: the input's `accept` filter does not apply to dropped files.
    fireEvent.change(uploadInput(), {
      target: { files: [new File(['%PDF'], 'spec.pdf', { type: 'application/pdf' })] },
    });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a PNG, JPG or WebP image.',
    );
  });

  it('removes the image with the x button', async () => {
    const { user } = renderCanvas();
    await uploadImage(user);

    await user.click(screen.getByRole('button', { name: 'Remove image' }));

    expect(screen.queryByRole('img', { name: 'Uploaded image' })).not.toBeInTheDocument();
    expect(uploadInput()).toBeInTheDocument();
  });

  it('moves focus to Remove image once a file is chosen, and back to the file input on removal', async () => {
    const { user } = renderCanvas();
    await uploadImage(user);

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Remove image' })).toHaveFocus();
    });

    await user.keyboard('{Enter}');

    await waitFor(() => {
      expect(uploadInput()).toHaveFocus();
    });
  });
});

describe('canvas editor templates and prompt', () => {
  it('loads the templates once, even when switching tools', async () => {
    mockSignedIn();
    const calls = { count: 0 };
    // Handlers given first in one `use` call win.
    server.use(videoTemplatesHandler(undefined, calls), ...canvasHandlers());
    const { user } = renderWithProviders(<CanvasEditorPage />, { path: '/canvas-editor' });

    const grid = await screen.findByRole('region', { name: 'Video templates' });
    expect(await within(grid).findAllByRole('button', { name: /^Template \d$/ })).toHaveLength(4);
    expect(within(grid).getByRole('button', { name: 'Template 3' })).toHaveAccessibleDescription(
      '10 sec · Try-on',
    );

    await user.click(screen.getByRole('radio', { name: 'Upscaler' }));
    await user.click(screen.getByRole('radio', { name: 'Video Generation' }));

    expect(await screen.findByRole('button', { name: 'Template 4' })).toBeInTheDocument();
    expect(calls.count).toBe(1);
  });

  it("shows 'Failed to load templates' and loads them again on Retry", async () => {
    mockSignedIn();
    server.use(videoTemplatesFailureHandler(500), ...canvasHandlers());
    const { user } = renderWithProviders(<CanvasEditorPage />, { path: '/canvas-editor' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load templates');
    expect(alert).toHaveTextContent('HTTP error! status: 500');

    server.use(videoTemplatesHandler());
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('button', { name: 'Template 1' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load templates')).not.toBeInTheDocument();
  });

  it('takes the duration from a chosen template and clears the prompt', async () => {
    const { user } = renderCanvas();
    const prompt = screen.getByRole('textbox', { name: 'Prompt' });
    const template = await screen.findByRole('button', { name: 'Template 3' });

    await user.click(template);

    expect(template).toHaveAttribute('aria-pressed', 'true');
    expect(prompt).toHaveValue('');
    const duration = screen.getByRole('combobox', { name: 'Duration' });
    expect(duration).toBeDisabled();
    expect(duration).toHaveDisplayValue('10sec');

    await user.click(screen.getByRole('button', { name: 'Clear' }));

    expect(template).toHaveAttribute('aria-pressed', 'false');
    expect(duration).toBeEnabled();
    expect(duration).toHaveDisplayValue('5sec');
  });

  it('clears the template when a prompt is typed, and locks the templates until it is cleared', async () => {
    const { user } = renderCanvas();
    const template = await screen.findByRole('button', { name: 'Template 2' });
    await user.click(template);

    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'a slow turn');

    expect(template).toHaveAttribute('aria-pressed', 'false');
    expect(template).toBeDisabled();
    expect(screen.getByText('Clear the prompt to choose a template.')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Prompt' }));
    expect(template).toBeEnabled();
  });

  it('plays and pauses a template preview', async () => {
    const { user } = renderCanvas();

    await user.click(await screen.findByRole('button', { name: 'Play preview of Template 1' }));

    const video = screen.getByLabelText('Preview of Template 1');
    expect(video).toHaveAttribute('src', mediaUrl('template_video_1'));
    expect(video).toHaveProperty('muted', true);

    await user.click(screen.getByRole('button', { name: 'Pause preview of Template 1' }));
    expect(screen.queryByLabelText('Preview of Template 1')).not.toBeInTheDocument();
  });

  it('asks for an image before auto-generating a prompt', async () => {
    const { user } = renderCanvas();

    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Please upload an image first');
  });

  it('fills the prompt it wrote for the image', async () => {
    const { user } = renderCanvas();
    await uploadImage(user);
    server.use(videoPromptHandler('turning slowly to show the dress'));

    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));

    expect(await screen.findByDisplayValue('turning slowly to show the dress')).toBeInTheDocument();
  });

  it('keeps what the user typed while the prompt was being written', async () => {
    const { user } = renderCanvas();
    await uploadImage(user);
    const answer = deferred();
    server.use(videoPromptHandler('turning slowly to show the dress', answer.promise));

    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'my own words');
    answer.release();

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Auto-generate' })).toBeEnabled();
    });
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('my own words');
  });

  it('keeps what the user typed when auto-generate fails after they typed', async () => {
    const { user } = renderCanvas();
    await uploadImage(user);
    const answer = deferred();
    server.use(videoPromptFailureHandler(undefined, answer.promise));

    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));
    await user.type(screen.getByRole('textbox', { name: 'Prompt' }), 'my own words');
    answer.release();

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Auto-generate' })).toBeEnabled();
    });
    expect(screen.getByRole('textbox', { name: 'Prompt' })).toHaveValue('my own words');
  });

  it('falls back to a sample prompt and says why when auto-generate fails', async () => {
    const { user } = renderCanvas();
    await uploadImage(user);
    server.use(videoPromptFailureHandler('Failed to generate prompt: the writer failed'));

    await user.click(screen.getByRole('button', { name: 'Auto-generate' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to generate prompt: the writer failed',
    );
    const prompt = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Prompt' });
    expect(SAMPLE_VIDEO_PROMPTS).toContain(prompt.value);
  });

  it('lists the modes a Free plan lacks with the plan they need', async () => {
    renderCanvas();

    const mode = screen.getByRole('combobox', { name: 'Mode' });
    expect(await screen.findByRole('option', { name: 'Quality (Pro)' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Balanced (Plus)' })).toBeDisabled();
    expect(mode).toBeEnabled();
    expect(mode).toHaveDisplayValue('Performance');
    expect(
      screen.getByText(/Balanced needs the Plus plan\. Quality needs the Pro plan\./),
    ).toBeInTheDocument();
  });
});

describe('canvas editor: Reuse settings from the gallery', () => {
  function arriveWith(state: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(...canvasHandlers({ plan: 'pro' }));
    renderArrival('/canvas-editor', <CanvasEditorPage />, {
      inputImages: [mediaUrl('from_gallery')],
      recreatingFrom: 'gen_past',
      ...state,
    });
  }

  it("selects a video's own duration and mode over what its style says, with its template", async () => {
    arriveWith({
      tool: 'video-generation',
      style: 'template 2',
      settings: { duration: 10, mode: 'balanced', templateId: '2' },
    });

    expect(await screen.findByRole('button', { name: 'Template 2' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('combobox', { name: 'Duration' })).toHaveValue('10');
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveValue('balanced');
    });
  });

  it('selects a non-template video’s duration and mode, ignoring values it does not offer', async () => {
    arriveWith({
      tool: 'video-generation',
      prompt: 'a slow turn',
      settings: { duration: 7, mode: 'quality', prompt: 'a slow turn' },
    });

    expect(await screen.findByRole('textbox', { name: 'Prompt' })).toHaveValue('a slow turn');
    expect(screen.getByRole('combobox', { name: 'Duration' })).toHaveValue('5');
    await waitFor(() => {
      expect(screen.getByRole('combobox', { name: 'Mode' })).toHaveValue('quality');
    });
  });

  it("selects an upscale's own factor", async () => {
    arriveWith({ tool: 'upscaler', settings: { upscaleFactor: '4k' } });
    expect(await screen.findByRole('radio', { name: '4K' })).toBeChecked();
  });

  it('keeps the default factor for one it does not offer', async () => {
    arriveWith({ tool: 'upscaler', settings: { upscaleFactor: '16x' } });
    expect(await screen.findByRole('radio', { name: '2x' })).toBeChecked();
  });
});
