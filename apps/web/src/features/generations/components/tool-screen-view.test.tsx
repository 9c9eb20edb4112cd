import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { TOOL_DEFINITIONS } from '@studio/contract/tools';
import {
  deferred,
  generationFixture,
  mediaUrl,
  pastGenerationHandler,
  pngFile,
  stubObjectUrls,
  toolHandlers,
  UPLOADED_URL,
  uploadHandler,
  type RecordedGenerate,
} from '@/testing/generation-handlers';
import { renderArrival, renderWithProviders } from '@/testing/render';
import { googleUser, mockSignedIn, server } from '@/testing/server';
import { sessionQueryOptions } from '@/features/auth';
import { useToolScreen, type ToolScreenConfig } from '../hooks/use-tool-screen';
import { PRE_SEND_MESSAGES } from '../lib/pre-send-checks';
import { readRunContext, toolDraftReader, type RunContext } from '../lib/tool-draft';
import { ExampleResults } from './example-results';
import { ModeSelect } from './mode-select';
import { ToolScreenView } from './tool-screen-view';

/*
 * The kit's rules, each broken rule failing a test named for it: a probe tool that only declares
 * what a tool declares (settings, schema, request, estimate, example), so what is checked here is
 * the kit's own behaviour, not any one tool's.
 */
type Colour = 'red' | 'blue';
interface ProbeSettings {
  colour: Colour;
  note: string;
}
interface ProbeExample {
  name: string;
  imageUrl: string;
  resultUrls: readonly string[];
  colour: Colour;
}

const TOOL = 'photoshoot';
const NO_IMAGE = 'Please upload a probe image';
const BAD_NOTE = 'The note cannot be bad';
const EXAMPLE: ProbeExample = {
  name: 'Scarf',
  imageUrl: '/examples/photoshoot/scarf.jpg',
  resultUrls: ['/examples/photoshoot/scarf-result.jpg'],
  colour: 'blue',
};

const config: ToolScreenConfig<ProbeSettings, RunContext, ProbeExample> = {
  tool: TOOL,
  key: 'probe',
  estimateFeature: TOOL_DEFINITIONS[TOOL].feature,
  messages: { noImage: NO_IMAGE, uploadSuccess: 'Upload successful!', uploadFailure: 'Nope.' },
  readDraft: toolDraftReader<ProbeSettings>(
    z.object({ colour: z.enum(['red', 'blue']), note: z.string() }),
  ),
  arrivalSettings: (arrival) => ({ colour: 'red', note: arrival.prompt ?? '' }),
  clearedSettings: () => ({ colour: 'red', note: '' }),
  problem: (settings) => (settings.note === 'bad' ? BAD_NOTE : null),
  estimate: (settings, mode) => ({ mode, colour: settings.colour }),
  request: (settings, { userId, imageUrl, mode }) => ({
    path: TOOL_DEFINITIONS[TOOL].path,
    body: {
      colour: settings.colour,
      note: settings.note,
      inputImageUrls: [imageUrl],
      userId,
      mode,
    },
  }),
  context: (settings) => ({ prompt: settings.note, style: settings.colour }),
  readContext: readRunContext,
  describeFailure: () => 'Probe failed',
  examples: [EXAMPLE],
  exampleSettings: (example, current) => ({ ...current, colour: example.colour }),
};

function ProbePage() {
  const tool = useToolScreen(config);
  const { settings, update, handedOver } = tool;
  return (
    <ToolScreenView
      screen={tool}
      title="Probe"
      description="A tool made of the kit alone."
      outputNote={null}
      input={{
        title: 'Probe Image',
        label: 'Upload probe image',
        imageAlt: 'Probe image',
        hint: 'JPG or PNG',
        examples: config.examples,
      }}
      settingsTitle="Probe Settings"
      estimateIdleText="Add an image to see the price."
      generateLabel="Generate Probe"
      results={{
        title: 'Probe Results',
        exampleTitle: 'Example Results',
        renderResult: (generation) => <p>Made {generation.id}</p>,
        idle: handedOver ? (
          <p>Handed over {handedOver.generationId}</p>
        ) : tool.example ? (
          <ExampleResults example={tool.example} note="Made from the example." noun="result" />
        ) : null,
      }}
    >
      <label>
        Note
        <input
          value={settings.note}
          onChange={(event) => {
            update({ note: event.currentTarget.value });
          }}
        />
      </label>
      <label>
        Colour
        <select
          value={settings.colour}
          onChange={(event) => {
            const next = event.currentTarget.value;
            if (next === 'red' || next === 'blue') update({ colour: next });
          }}
        >
          <option value="red">Red</option>
          <option value="blue">Blue</option>
        </select>
      </label>
      <ModeSelect choice={tool.modeChoice} disabled={tool.busy} />
    </ToolScreenView>
  );
}

/** The probe at /probe; pass the last render's `queryClient` to come back as the app would (signed in). */
function open(queryClient?: QueryClient) {
  const calls: RecordedGenerate[] = [];
  const estimates: Record<string, unknown>[] = [];
  mockSignedIn({ plan: 'pro_monthly' });
  server.use(
    ...toolHandlers(TOOL, { plan: 'pro', calls, estimates }),
    // A started run is read back (it stays queued: these tests end at the start).
    pastGenerationHandler(generationFixture({ type: TOOL })),
  );
  const rendered = renderWithProviders(<ProbePage />, {
    path: '/probe',
    ...(queryClient ? { queryClient } : {}),
  });
  return { ...rendered, calls, estimates };
}

const generateButton = () => screen.getByRole('button', { name: /Generate Probe|Generating/ });
const note = () => screen.getByRole('textbox', { name: 'Note' });
const colour = () => screen.getByRole('combobox', { name: 'Colour' });
const mode = () => screen.getByRole('combobox', { name: 'Mode' });

/** Asked once there is an image and the session said who is signed in: the page knows them. */
async function signedInWithPrice(estimates: readonly unknown[]) {
  await waitFor(() => {
    expect(estimates).not.toHaveLength(0);
  });
}

async function withImage(setup = open()) {
  await setup.user.upload(screen.getByLabelText('Upload probe image'), pngFile());
  await screen.findByText('Upload successful!');
  await signedInWithPrice(setup.estimates);
  return setup;
}

beforeEach(() => {
  stubObjectUrls();
});

describe('Tool-screen kit: pre-send checks', () => {
  it('says the tool’s own no-image words and sends nothing without an image', async () => {
    const { user, calls } = open();
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_IMAGE);
    expect(calls).toHaveLength(0);
  });

  it('waits for the upload: a click while the image uploads says so and sends nothing; once stored, Generate sends the stored URL', async () => {
    const setup = open();
    const upload = deferred();
    server.use(uploadHandler({ until: upload.promise }));
    await setup.user.upload(screen.getByLabelText('Upload probe image'), pngFile());
    await signedInWithPrice(setup.estimates);

    await setup.user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(PRE_SEND_MESSAGES.stillUploading);
    expect(setup.calls).toHaveLength(0);

    act(() => {
      upload.release();
    });
    await screen.findByText('Upload successful!');
    // The message was about the image still uploading: the stored one makes it stale.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await setup.user.click(generateButton());
    await waitFor(() => {
      expect(setup.calls).toHaveLength(1);
    });
    expect(setup.calls[0]?.body).toMatchObject({ inputImageUrls: [UPLOADED_URL] });
  });

  it('says the tool’s problem with the settings before anything is sent', async () => {
    const { user, calls } = await withImage();
    await user.type(note(), 'bad');
    await user.click(generateButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(BAD_NOTE);
    expect(calls).toHaveLength(0);
  });

  it('sends the tool’s request built from the settings shown at the click, with the mode and user', async () => {
    const { user, calls } = await withImage();
    await user.selectOptions(colour(), 'blue');
    await user.type(note(), 'soft light');
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body).toEqual({
      colour: 'blue',
      note: 'soft light',
      inputImageUrls: [UPLOADED_URL],
      userId: 'user_123',
      mode: 'performance',
    });
  });
});

describe('Tool-screen kit: estimate', () => {
  it('asks for the price of the tool’s estimate payload once there is an image, and again as settings and mode change', async () => {
    const setup = open();
    expect(setup.estimates).toHaveLength(0);
    const { user, estimates } = await withImage(setup);
    await waitFor(() => {
      expect(estimates.at(-1)).toEqual({
        feature: TOOL_DEFINITIONS[TOOL].feature,
        userId: 'user_123',
        mode: 'performance',
        colour: 'red',
      });
    });
    await user.selectOptions(colour(), 'blue');
    await waitFor(() => {
      expect(estimates.at(-1)).toMatchObject({ colour: 'blue' });
    });
    await waitFor(() => {
      expect(mode()).toBeEnabled();
    });
    await user.selectOptions(mode(), 'quality');
    await waitFor(() => {
      expect(estimates.at(-1)).toMatchObject({ colour: 'blue', mode: 'quality' });
    });
  });
});

describe('Tool-screen kit: clear', () => {
  it('Clear All empties the image, settings, mode and message', async () => {
    const { user } = await withImage();
    await user.selectOptions(colour(), 'blue');
    await user.type(note(), 'bad');
    await waitFor(() => {
      expect(mode()).toBeEnabled();
    });
    await user.selectOptions(mode(), 'quality');
    await user.click(generateButton());
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Clear All Settings' }));

    expect(screen.queryByRole('img', { name: 'Probe image' })).not.toBeInTheDocument();
    expect(colour()).toHaveValue('red');
    expect(note()).toHaveValue('');
    expect(mode()).toHaveValue('performance');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Tool-screen kit: draft', () => {
  it('comes back as the user left it: image, settings and mode', async () => {
    const first = await withImage();
    await first.user.selectOptions(colour(), 'blue');
    await first.user.type(note(), 'kept');
    await waitFor(() => {
      expect(mode()).toBeEnabled();
    });
    await first.user.selectOptions(mode(), 'quality');
    first.unmount();

    open(first.queryClient);
    expect(await screen.findByRole('img', { name: 'Probe image' })).toHaveAttribute(
      'src',
      UPLOADED_URL,
    );
    expect(colour()).toHaveValue('blue');
    expect(note()).toHaveValue('kept');
    await waitFor(() => {
      expect(mode()).toHaveValue('quality');
    });
  });

  it('starts clean for another account on the tab', async () => {
    const first = await withImage();
    await first.user.type(note(), 'mine');
    first.unmount();

    // The same tab, now signed in as someone else (the session answered for them).
    mockSignedIn({ user: googleUser });
    await first.queryClient.query({ ...sessionQueryOptions, staleTime: 0 });
    server.use(...toolHandlers(TOOL));
    renderWithProviders(<ProbePage />, { path: '/probe', queryClient: first.queryClient });
    expect(await screen.findByRole('textbox', { name: 'Note' })).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Probe image' })).not.toBeInTheDocument();
  });
});

describe('Tool-screen kit: hand-over', () => {
  const handOver = {
    inputImages: [mediaUrl('input')],
    generatedImages: [mediaUrl('past_1')],
    prompt: 'from the gallery',
    recreatingFrom: 'gen_past',
  };

  it('opens with what another screen handed over, over the draft, and clears the router state', async () => {
    const first = await withImage();
    await first.user.type(note(), 'draft');
    first.unmount();

    mockSignedIn({ plan: 'pro_monthly' });
    server.use(...toolHandlers(TOOL, { plan: 'pro' }));
    const { seen } = renderArrival('/probe', <ProbePage />, handOver, {
      queryClient: first.queryClient,
    });

    expect(await screen.findByRole('img', { name: 'Probe image' })).toHaveAttribute(
      'src',
      mediaUrl('input'),
    );
    expect(note()).toHaveValue('from the gallery');
    expect(screen.getByText(/Loaded from a past generation/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Probe Results' })).getByText(
        'Handed over gen_past',
      ),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(seen.at(-1)).toBeNull();
    });
  });

  it('keeps the handed-over results with the draft until the next run', async () => {
    mockSignedIn({ plan: 'pro_monthly' });
    const estimates: Record<string, unknown>[] = [];
    server.use(...toolHandlers(TOOL, { plan: 'pro', estimates }));
    const arrived = renderArrival('/probe', <ProbePage />, handOver);
    await screen.findByText('Handed over gen_past');
    // The price is asked for once the session says who is signed in: the draft is theirs by then.
    await waitFor(() => {
      expect(estimates).not.toHaveLength(0);
    });
    arrived.unmount();

    const { user, calls } = open(arrived.queryClient);
    expect(await screen.findByText('Handed over gen_past')).toBeInTheDocument();
    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(screen.queryByText('Handed over gen_past')).not.toBeInTheDocument();
  });
});

describe('Tool-screen kit: examples', () => {
  it('an example takes its settings, shows its results under Example Results, and ends at the next generate', async () => {
    const { user, calls } = open();
    await user.click(screen.getByRole('button', { name: 'Use example Scarf' }));

    expect(await screen.findByText('Upload successful!')).toBeInTheDocument();
    expect(colour()).toHaveValue('blue');
    const results = within(screen.getByRole('region', { name: 'Example Results' }));
    expect(await results.findByRole('img', { name: 'Example result for the Scarf' })).toBeVisible();
    // Focus stays in the input panel: on the example's Remove button.
    expect(screen.getByRole('button', { name: 'Remove image' })).toHaveFocus();

    await user.click(generateButton());
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(screen.queryByRole('region', { name: 'Example Results' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Probe Results' })).toBeInTheDocument();
  });
});
