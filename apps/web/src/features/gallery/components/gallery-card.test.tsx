import { screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { galleryItem, mediaHandler } from '@/testing/gallery-handlers';
import { currentLocation, renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import type { GalleryItem } from '@studio/contract';
import { GalleryCard } from './gallery-card';

const DETAIL_URL = '/api/v1/generations/:id/settings';

/** Where the card sent the user, with the router state it carried. */
function ToolProbe() {
  const location = useLocation();
  return <pre data-testid="tool-state">{JSON.stringify(location.state)}</pre>;
}

function openCard(item: GalleryItem) {
  mockSignedIn();
  server.use(mediaHandler());
  return renderWithProviders(
    <Routes>
      <Route path="/gallery" element={<GalleryCard item={item} priority={false} />} />
      <Route path="*" element={<ToolProbe />} />
    </Routes>,
    { path: '/gallery' },
  );
}

const detail = (item: GalleryItem, settings: unknown) => ({
  success: true,
  generation: { id: item.generationId, type: item.type, settings },
});

const reuseLink = () => screen.getByRole('link', { name: 'Reuse settings' });

describe('gallery card: Reuse settings', () => {
  it('opens the tool with the settings the generation was made with', async () => {
    const item = galleryItem({ type: 'video-generation', videoUrlList: ['/api/v1/media/clip'] });
    const asked: string[] = [];
    server.use(
      http.get(DETAIL_URL, ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(detail(item, { duration: 10, mode: 'quality' }));
      }),
    );
    const { user } = openCard(item);

    await user.click(reuseLink());

    await waitFor(() => {
      expect(currentLocation()).toBe('/canvas-editor');
    });
    expect(asked).toEqual([item.generationId]);
    const state = JSON.parse(screen.getByTestId('tool-state').textContent) as Record<
      string,
      unknown
    >;
    expect(state).toMatchObject({
      tool: 'video-generation',
      recreatingFrom: item.generationId,
      settings: { duration: 10, mode: 'quality' },
    });
    expect(state).not.toHaveProperty('generatedVideos');
  });

  it('shows it is busy while the settings load', async () => {
    const item = galleryItem({ type: 'ai-poses' });
    server.use(
      http.get(DETAIL_URL, async () => {
        await delay('infinite');
        return HttpResponse.json(detail(item, {}));
      }),
    );
    const { user } = openCard(item);

    await user.click(reuseLink());

    expect(reuseLink()).toHaveAttribute('aria-busy', 'true');
    expect(currentLocation()).toBe('/gallery');
  });

  it('says so and stays on the gallery when the settings cannot be loaded', async () => {
    const item = galleryItem({ type: 'try-on' });
    server.use(
      http.get(DETAIL_URL, () =>
        HttpResponse.json(
          { success: false, error: { code: 'not_found', message: 'Generation not found' } },
          { status: 404 },
        ),
      ),
    );
    const { user } = openCard(item);

    await user.click(reuseLink());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the settings of this generation. Please try again.',
    );
    expect(currentLocation()).toBe('/gallery');
    expect(reuseLink()).toHaveAttribute('aria-busy', 'false');
  });

  it('tries again on a second click after a failure', async () => {
    const item = galleryItem({ type: 'photoshoot' });
    let calls = 0;
    server.use(
      http.get(DETAIL_URL, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'down' }, { status: 503 })
          : HttpResponse.json(detail(item, { sceneStyle: 'outdoor' }));
      }),
    );
    const { user } = openCard(item);

    await user.click(reuseLink());
    await screen.findByRole('alert');
    await user.click(reuseLink());

    await waitFor(() => {
      expect(currentLocation()).toBe('/photoshoot');
    });
    expect(screen.getByTestId('tool-state')).toHaveTextContent('"sceneStyle":"outdoor"');
  });
});

/** A checked result's fidelity as the gallery sends it. */
const checked = (passed: boolean, colourDifference: number) => ({
  passed,
  colourDifference,
  patternSimilarity: 0.9,
  freeRegenerationOffered: !passed,
  freeRegenerationId: null,
});

describe('gallery card: colour check', () => {
  it('shows "Check colour" on a result that failed the garment-fidelity check', () => {
    openCard(galleryItem({ fidelity: checked(false, 8.2) }));
    expect(screen.getByLabelText(/^Colour check: check colour/)).toHaveTextContent('Check colour');
  });

  it('shows "Colour true" on a result that passed', () => {
    openCard(galleryItem({ fidelity: checked(true, 1.1) }));
    expect(screen.getByLabelText(/^Colour check: colour true/)).toBeInTheDocument();
  });

  it('shows no colour check on a result without one', () => {
    openCard(galleryItem({ type: 'upscaler' }));
    expect(screen.queryByLabelText(/^Colour check/)).not.toBeInTheDocument();
  });
});

describe('gallery card: content credentials', () => {
  it("opens what the outputs' credentials say, with a link that checks the first one in the verifier", async () => {
    const item = galleryItem({
      credentials: {
        sourceType: 'trainedAlgorithmicMedia',
        generator: 'AI Product Studio 1.4.0',
        model: null,
        signedBy: 'AI Product Studio',
        signedAt: '2026-11-29T03:00:00.000Z',
        marked: 2,
        outputs: 2,
        verified: true,
      },
    });
    const { user } = openCard(item);

    await user.click(screen.getByRole('button', { name: 'Content credentials' }));

    expect(await screen.findByText('Made with AI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Check in the verifier/ })).toHaveAttribute(
      'href',
      `/verify?media=${encodeURIComponent(item.imageUrlList[0] ?? '')}`,
    );
  });
});

describe('gallery card: colourway sets', () => {
  it('links a colourway to its whole set, saying how many colourways it has', async () => {
    const item = galleryItem({
      type: 'colourways',
      group: { id: 'cws_9', kind: 'colourways', size: 6, index: 2 },
    });
    const { user } = openCard(item);

    await user.click(screen.getByRole('link', { name: 'All 6 colourways' }));

    expect(currentLocation()).toBe('/colourways?set=cws_9');
  });

  it('shows no set link for work made alone', () => {
    openCard(galleryItem({ group: null }));

    expect(screen.queryByRole('link', { name: /colourways/ })).not.toBeInTheDocument();
  });
});

describe('gallery card: angle sets', () => {
  it('counts an angle set’s images as views', () => {
    const urls = ['front', 'side', 'back', 'detail'].map((v) => `/api/v1/media/${v}`);
    openCard(
      galleryItem({
        type: 'angle-set',
        imageUrlList: urls,
        numberOfImages: 4,
        views: [
          { url: urls[0] ?? '', view: 'front', slot: 'main' },
          { url: urls[1] ?? '', view: 'side', slot: 'additional' },
          { url: urls[2] ?? '', view: 'back', slot: 'additional' },
          { url: urls[3] ?? '', view: 'detail', slot: 'swatch' },
        ],
      }),
    );

    expect(screen.getByText('4 views')).toBeInTheDocument();
  });
});
