import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccessPlan } from '@studio/contract/tools';
import {
  batchFixture,
  catalogueHandlers,
  numberedUploadsHandler,
  pairGeneration,
  type RecordedCatalogue,
} from '@/testing/catalogue-handlers';
import {
  estimateHandler,
  latestCatalogueHandler,
  mediaUrl,
  modelTemplatesHandler,
  modesHandler,
  pngFile,
  stubObjectUrls,
} from '@/testing/generation-handlers';
import { currentLocation, renderArrival, renderWithProviders } from '@/testing/render';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { errorResponse, mockSignedIn, server } from '@/testing/server';
import type { TryOnBatch } from '@studio/contract';
import { TryOnPage } from './try-on-page';

interface Setup {
  path?: string;
  plan?: AccessPlan;
  estimate?: { creditCost?: number; available?: number };
  estimates?: Record<string, unknown>[];
  states?: TryOnBatch[];
  canceled?: TryOnBatch;
  queryClient?: QueryClient;
  subscription?: string;
  /** Answers that replace the defaults (used before the page first asks). */
  overrides?: RequestHandler[];
}

function open({
  path = '/try-on',
  plan = 'free',
  estimate,
  estimates,
  states = [batchFixture()],
  canceled,
  queryClient,
  subscription = 'free',
  overrides = [],
}: Setup = {}) {
  const calls: RecordedCatalogue[] = [];
  const reads = { count: 0 };
  mockSignedIn({ plan: subscription });
  server.use(
    modesHandler(plan),
    estimateHandler(estimate, estimates),
    modelTemplatesHandler(),
    numberedUploadsHandler(),
    ...catalogueHandlers({ calls, states, canceled, reads }),
  );
  server.use(...overrides);
  const rendered = renderWithProviders(<TryOnPage />, {
    path,
    ...(queryClient ? { queryClient } : {}),
  });
  return { ...rendered, calls, reads };
}

type User = ReturnType<typeof open>['user'];

const generateButton = () =>
  screen.getByRole('button', { name: /Generate (Try-On|Catalogue)|Generating/ });
const templates = () => within(screen.getByRole('list', { name: 'Templates' }));
const results = () => within(screen.getByRole('region', { name: 'Results' }));

async function addGarments(user: User, names: string[]) {
  await user.upload(
    screen.getByLabelText('Upload garment photos'),
    names.map((name) => pngFile(`${name}.png`)),
  );
  const list = within(screen.getByRole('list', { name: 'Garments' }));
  await waitFor(() => {
    expect(list.queryAllByText(/^Uploading/)).toHaveLength(0);
  });
}

async function chooseModels(user: User, names: string[]) {
  for (const name of names) {
    await user.click(await templates().findByRole('checkbox', { name: new RegExp(name) }));
  }
}

beforeEach(() => {
  stubObjectUrls();
});

describe('clothes AI photoshoot: the form', () => {
  it('keeps Generate disabled with the reason until a garment and a model are chosen', async () => {
    const { user } = open();

    expect(generateButton()).toBeDisabled();
    expect(generateButton()).toHaveAccessibleDescription('Please upload a garment photo');
    await addGarments(user, ['red-dress']);
    expect(generateButton()).toHaveAccessibleDescription('Please choose a model');
    await chooseModels(user, ['Ava']);
    expect(generateButton()).toBeEnabled();
    expect(generateButton()).toHaveAccessibleName('Generate Try-On');
  });

  it('names each garment after its file and lets one be removed', async () => {
    const { user } = open();
    await addGarments(user, ['red-dress', 'blue-kurta']);

    expect(screen.getByText('Upload successful!')).toHaveAttribute('role', 'status');
    const list = within(screen.getByRole('list', { name: 'Garments' }));
    expect(list.getByRole('img', { name: 'red-dress' })).toHaveAttribute(
      'src',
      `${mediaUrl('upload_1')}/preview`,
    );
    await user.click(list.getByRole('button', { name: 'Remove red-dress' }));
    expect(list.queryByRole('img', { name: 'red-dress' })).not.toBeInTheDocument();
    expect(list.getByRole('img', { name: 'blue-kurta' })).toBeInTheDocument();
  });

  it('refuses files that are not images and photos past the 20-garment limit, saying which', async () => {
    open();
    const pdf = new File([new Uint8Array(10)], 'specs.pdf', { type: 'application/pdf' });
    // Dropped, as a file picker would not offer a PDF.
    fireEvent.drop(screen.getByText('Upload garment photos'), {
      dataTransfer: {
        files: [pdf, ...Array.from({ length: 21 }, (_, i) => pngFile(`g${String(i + 1)}.png`))],
      },
    });

    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('specs.pdf: Please choose a PNG, JPG or WebP image.');
    expect(notice).toHaveTextContent('g21.png: at most 20 photos.');
    expect(within(screen.getByRole('list', { name: 'Garments' })).getAllByRole('img')).toHaveLength(
      20,
    );
  });

  it('marks a garment whose upload failed and keeps the others', async () => {
    mockSignedIn();
    server.use(
      modesHandler(),
      estimateHandler(),
      modelTemplatesHandler(),
      numberedUploadsHandler({ failFirst: 'This file is not an image we can read.' }),
    );
    const { user } = renderWithProviders(<TryOnPage />, { path: '/try-on' });
    await user.upload(screen.getByLabelText('Upload garment photos'), [
      pngFile('broken.png'),
      pngFile('fine.png'),
    ]);

    const list = within(screen.getByRole('list', { name: 'Garments' }));
    expect(await list.findByRole('alert')).toHaveTextContent(
      'Upload failed. This file is not an image we can read.',
    );
    expect(list.getByRole('img', { name: 'fine' })).toHaveAttribute(
      'src',
      `${mediaUrl('upload_2')}/preview`,
    );
  });

  it('counts the pairs and asks the estimate for the whole catalogue', async () => {
    const estimates: Record<string, unknown>[] = [];
    const { user } = open({ estimates });
    await addGarments(user, ['red-dress', 'blue-kurta', 'green-saree']);
    await chooseModels(user, ['Ava', 'Noah']);

    expect(screen.getByText('3 garments × 2 models = 6 photos')).toBeInTheDocument();
    await waitFor(() => {
      const last = estimates.at(-1);
      expect(last?.feature).toBe('try-on');
      expect(last?.garments).toHaveLength(3);
      expect(last?.models).toHaveLength(2);
    });
  });
});

describe('clothes AI photoshoot: generating', () => {
  it('sends one pair without asking, with the settings, and shows its photo with the actions', async () => {
    const { user, calls } = open({ plan: 'pro', subscription: 'pro_monthly' });
    await addGarments(user, ['red-dress']);
    await chooseModels(user, ['Ava']);
    await user.click(screen.getByRole('radio', { name: 'Tops' }));
    await user.selectOptions(screen.getByLabelText('Garment photo'), 'flat-lay');
    await user.click(screen.getByRole('radio', { name: '2' }));

    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.idempotencyKey).toBeTruthy();
    expect(calls[0]?.body).toMatchObject({
      garments: [{ imageUrl: mediaUrl('upload_1'), name: 'red-dress' }],
      models: [
        { kind: 'template', templateId: '1', templateUrl: mediaUrl('template_1'), name: 'Ava' },
      ],
      category: 'tops',
      garmentPhotoType: 'flat-lay',
      numImages: 2,
      mode: 'performance',
    });
    expect(await results().findByRole('img', { name: 'red-dress on Ava' })).toHaveAttribute(
      'src',
      mediaUrl('out_0_0'),
    );
    expect(
      results().getByRole('button', { name: 'Download red-dress on Ava' }),
    ).toBeInTheDocument();
    expect(results().getByRole('link', { name: 'HD from red-dress on Ava' })).toHaveAttribute(
      'href',
      '/canvas-editor',
    );
    expect(
      results().getByRole('link', { name: 'Create Video from red-dress on Ava' }),
    ).toHaveAttribute('href', '/canvas-editor');
    expect(currentLocation()).toBe('/try-on?batch=batch_1');
  });

  it('asks to confirm a catalogue with its total before sending anything', async () => {
    const { user, calls } = open({
      estimate: { creditCost: 6, available: 40 },
      states: [
        batchFixture({
          garmentNames: ['a', 'b', 'c'],
          modelNames: ['Ava', 'Noah'],
        }),
      ],
    });
    await addGarments(user, ['a', 'b', 'c']);
    await chooseModels(user, ['Ava', 'Noah']);
    await screen.findByText(/Estimated cost/);

    await user.click(screen.getByRole('button', { name: 'Generate Catalogue' }));
    const confirm = within(await screen.findByRole('group', { name: 'Confirm catalogue' }));
    expect(
      confirm.getByText(/Generate 6 photos \(3 garments × 2 models = 6 photos\) for 6 credits\?/),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(confirm.getByRole('button', { name: 'Back' }));
    expect(calls).toHaveLength(0);
    expect(generateButton()).toHaveFocus();

    await user.click(generateButton());
    await user.click(await screen.findByRole('button', { name: 'Confirm and generate' }));
    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body.garments).toHaveLength(3);
    expect(calls[0]?.body.models).toHaveLength(2);
  });

  it('opens the insufficient-credits dialog when the catalogue costs more than the balance, and sends nothing', async () => {
    const { user, calls } = open({ estimate: { creditCost: 30, available: 5 } });
    await addGarments(user, ['a', 'b']);
    await chooseModels(user, ['Ava']);

    await user.click(screen.getByRole('button', { name: 'Generate Catalogue' }));

    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('takes the user’s own model photo as a model', async () => {
    const { user, calls } = open();
    await addGarments(user, ['red-dress']);
    await user.upload(screen.getByLabelText('Upload model photos'), pngFile('me.png'));
    await within(screen.getByRole('list', { name: 'Your model photos' })).findByRole('img', {
      name: 'me',
    });

    await user.click(generateButton());

    await waitFor(() => {
      expect(calls).toHaveLength(1);
    });
    expect(calls[0]?.body.models).toEqual([
      { kind: 'photo', imageUrl: mediaUrl('upload_2'), name: 'me' },
    ]);
  });

  it('shows a refused start in the server’s words', async () => {
    const { user } = open();
    server.use(
      http.post('/api/v1/try-on/batches', () =>
        errorResponse(429, 'too_many_batches', 'Wait for your catalogue to finish first.'),
      ),
    );
    await addGarments(user, ['red-dress']);
    await chooseModels(user, ['Ava']);
    await user.click(generateButton());

    expect(await results().findByRole('alert')).toHaveTextContent(
      'Wait for your catalogue to finish first.',
    );
  });
  it('takes the confirmation back when the catalogue changes before Confirm', async () => {
    const { user, calls } = open({ estimate: { creditCost: 2, available: 40 } });
    await addGarments(user, ['a', 'b']);
    await chooseModels(user, ['Ava']);
    await user.click(screen.getByRole('button', { name: 'Generate Catalogue' }));
    await screen.findByRole('group', { name: 'Confirm catalogue' });

    await user.click(
      within(screen.getByRole('list', { name: 'Garments' })).getByRole('button', {
        name: 'Remove b',
      }),
    );

    expect(screen.queryByRole('group', { name: 'Confirm catalogue' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offers to show the catalogue still running when a new one is refused for it', async () => {
    const { user } = open({
      overrides: [
        http.post('/api/v1/try-on/batches', () =>
          HttpResponse.json(
            {
              success: false,
              error: {
                code: 'too_many_batches',
                message: 'A catalogue of yours is still in progress.',
                details: { batchId: 'batch_1' },
              },
            },
            { status: 429 },
          ),
        ),
      ],
    });
    await addGarments(user, ['red-dress']);
    await chooseModels(user, ['Ava']);
    await user.click(generateButton());

    const alert = await results().findByRole('alert');
    expect(alert).toHaveTextContent('A catalogue of yours is still in progress.');
    await user.click(within(alert).getByRole('button', { name: 'Show the running catalogue' }));

    expect(await results().findByRole('img', { name: 'red-dress on Ava' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/try-on?batch=batch_1');
  });

  it('clears the catalogue shown when the next one starts, so a refusal is seen', async () => {
    const { user } = open({
      path: '/try-on?batch=batch_1',
      overrides: [
        http.post('/api/v1/try-on/batches', () =>
          errorResponse(400, 'input_not_allowed', 'Media not found'),
        ),
      ],
    });
    await results().findByRole('img', { name: 'red-dress on Ava' });
    await addGarments(user, ['blue-kurta']);
    await chooseModels(user, ['Noah']);
    await user.click(generateButton());

    expect(await results().findByRole('alert')).toHaveTextContent('Media not found');
    expect(results().queryByRole('img', { name: 'red-dress on Ava' })).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/try-on');
  });
});

describe('clothes AI photoshoot: the catalogue', () => {
  const running = batchFixture({
    garmentNames: ['red-dress', 'blue-kurta'],
    modelNames: ['Ava', 'Noah'],
    item: (g, m) =>
      g === 0
        ? pairGeneration(g, m)
        : m === 0
          ? pairGeneration(g, m, { status: 'running', progress: 40, imageUrls: [] })
          : pairGeneration(g, m, {
              status: 'queued',
              progress: 0,
              queuePosition: 3,
              imageUrls: [],
            }),
  });
  const finished = batchFixture({
    garmentNames: ['red-dress', 'blue-kurta'],
    modelNames: ['Ava', 'Noah'],
    item: (g, m) =>
      g === 1 && m === 1
        ? pairGeneration(g, m, {
            status: 'failed',
            error: 'No person found in the model photo.',
            imageUrls: [],
          })
        : pairGeneration(g, m),
  });

  it('follows the catalogue after a reload, grouped by garment, up to its zip and refund', async () => {
    open({ path: '/try-on?batch=batch_1', states: [running, finished] });

    expect(await results().findByText('Generating… 2 of 4 done')).toHaveAttribute('role', 'status');
    const kurta = within(results().getByRole('list', { name: 'blue-kurta on each model' }));
    expect(kurta.getByRole('progressbar', { name: 'blue-kurta on Ava progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(kurta.getByText('Queued — position 3')).toBeInTheDocument();
    expect(
      within(results().getByRole('list', { name: 'red-dress on each model' })).getByRole('img', {
        name: 'red-dress on Noah',
      }),
    ).toBeInTheDocument();

    expect(
      await results().findByText(
        'Finished: 3 of 4 made, 1 failed · 1 credits returned',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(
      results().getByText(/No person found in the model photo\. Its credits were returned\./),
    ).toBeInTheDocument();
    expect(results().getByRole('link', { name: 'Download all (.zip)' })).toHaveAttribute(
      'href',
      '/api/v1/try-on/batches/batch_1/zip',
    );
  });

  it('shows the latest catalogue again when /try-on opens without one in the address', async () => {
    const { user } = open({
      states: [finished],
      overrides: [latestCatalogueHandler(finished)],
    });

    expect(await results().findByRole('heading', { name: 'Summer kurtas' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/try-on?batch=batch_1');
    expect(results().getByText(/^Finished: 3 of 4 made/)).toBeInTheDocument();
    // Each photo opens in the viewer, compared with the model it was made on.
    await user.click(results().getByRole('button', { name: 'View red-dress on Noah' }));
    const viewer = within(screen.getByRole('dialog'));
    expect(viewer.getByRole('heading', { name: 'red-dress on Noah' })).toBeInTheDocument();
    await user.click(viewer.getByRole('button', { name: 'Compare with original' }));
    expect(viewer.getByRole('img', { name: 'Original of red-dress on Noah' })).toHaveAttribute(
      'src',
      mediaUrl('template_2'),
    );
  });

  it('does not bring back a catalogue the user cleared', async () => {
    const first = open({
      path: '/try-on?batch=batch_1',
      states: [finished],
      overrides: [latestCatalogueHandler(finished)],
    });
    expect(await results().findByRole('heading', { name: 'Summer kurtas' })).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: /Clear all/i }));
    await waitFor(() => {
      expect(results().queryByRole('heading', { name: 'Summer kurtas' })).not.toBeInTheDocument();
    });
    first.unmount();

    open({ states: [finished], overrides: [latestCatalogueHandler(finished)] });
    expect(
      await results().findByText('Your photos will appear here, grouped by garment.'),
    ).toBeInTheDocument();
    expect(results().queryByRole('heading', { name: 'Summer kurtas' })).not.toBeInTheDocument();
  });

  it('keeps following the catalogue through a failed refresh, and says so meanwhile', async () => {
    let reads = 0;
    open({
      path: '/try-on?batch=batch_1',
      overrides: [
        http.get('/api/v1/try-on/batches/:id', () => {
          reads += 1;
          if (reads === 2) return HttpResponse.error();
          return HttpResponse.json({ success: true, batch: reads === 1 ? running : finished });
        }),
      ],
    });

    expect(await results().findByText('Generating… 2 of 4 done')).toBeInTheDocument();
    expect(
      await results().findByText(
        'Couldn’t refresh the progress. Trying again…',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    expect(
      await results().findByText(/^Finished: 3 of 4 made/, {}, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(results().queryByText(/Couldn’t refresh/)).not.toBeInTheDocument();
  });

  it('cancels what is left of a running catalogue', async () => {
    const canceled = batchFixture({
      garmentNames: ['red-dress', 'blue-kurta'],
      modelNames: ['Ava', 'Noah'],
      item: (g, m) =>
        g === 0
          ? pairGeneration(g, m)
          : pairGeneration(g, m, { status: 'canceled', imageUrls: [] }),
    });
    const { user } = open({ path: '/try-on?batch=batch_1', states: [running], canceled });

    await user.click(await results().findByRole('button', { name: 'Cancel remaining' }));

    expect(
      await results().findByText('Finished: 2 of 4 made, 2 canceled · 2 credits returned'),
    ).toBeInTheDocument();
    expect(results().queryByRole('button', { name: 'Cancel remaining' })).not.toBeInTheDocument();
  });

  it('says so when the catalogue in the address cannot be read', async () => {
    open({
      path: '/try-on?batch=batch_gone',
      overrides: [
        http.get('/api/v1/try-on/batches/:id', () =>
          errorResponse(404, 'not_found', 'Batch not found'),
        ),
      ],
    });

    expect(await results().findByRole('alert')).toHaveTextContent(
      'This catalogue could not be loaded: Batch not found',
    );
  });

  it('comes back with the garments and models it was left with', async () => {
    const { user, unmount, queryClient } = open();
    await addGarments(user, ['red-dress']);
    await chooseModels(user, ['Noah']);
    unmount();

    open({ queryClient });

    expect(
      await within(screen.getByRole('list', { name: 'Garments' })).findByRole('img', {
        name: 'red-dress',
      }),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(templates().getByRole('checkbox', { name: /Noah/ })).toBeChecked();
    });
  });
});

describe('Try-on: Reuse settings from the gallery', () => {
  function arriveWith(settings: Record<string, unknown>) {
    mockSignedIn({ plan: 'pro_monthly' });
    server.use(
      modesHandler('pro'),
      estimateHandler(),
      modelTemplatesHandler(),
      numberedUploadsHandler(),
      ...catalogueHandlers({ calls: [], states: [batchFixture()], reads: { count: 0 } }),
    );
    renderArrival('/try-on', <TryOnPage />, {
      inputImages: [mediaUrl('garment')],
      recreatingFrom: 'gen_past',
      settings,
    });
  }
  const group = (name: string) => within(screen.getByRole('radiogroup', { name }));

  it("selects the pair's own category, garment photo type, images per photo and mode", async () => {
    arriveWith({ category: 'bottoms', garmentPhotoType: 'model', numImages: 3, mode: 'quality' });

    expect(await screen.findByRole('radio', { name: 'Bottoms' })).toBeChecked();
    expect(screen.getByLabelText('Garment photo')).toHaveValue('model');
    expect(group('Images per photo').getByRole('radio', { name: '3' })).toBeChecked();
    await waitFor(() => {
      expect(screen.getByLabelText('Mode')).toHaveValue('quality');
    });
  });

  it('keeps the defaults for values the form does not offer', async () => {
    arriveWith({ category: 'hats', garmentPhotoType: 'drawing', numImages: 40, mode: 'turbo' });

    expect(await screen.findByRole('radio', { name: 'Auto' })).toBeChecked();
    expect(screen.getByLabelText('Garment photo')).toHaveValue('auto');
    expect(group('Images per photo').getByRole('radio', { name: '1' })).toBeChecked();
    expect(screen.getByLabelText('Mode')).toHaveValue('performance');
  });
});
