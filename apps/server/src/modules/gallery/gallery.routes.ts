import {
  GALLERY_DEFAULT_LIMIT,
  galleryDeleteResponseSchema,
  gallerySelectionRequestSchema,
  galleryZipResponseSchema,
  pastGenerationsFirstPageQuerySchema,
  pastGenerationsRequestSchema,
  pastGenerationsResponseSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../auth/session-guard';
import { fastSerializer } from '../../http/fast-serializer';
import { perUserLimits, sendZip } from '../../http/zip-reply';
import * as gallery from './gallery-manage.service';
import { pastGenerations } from './gallery.service';
import { createPageViewLog } from './page-view-log';
import { zipTokenKey, zipTokenParams } from '../../http/zip-token';

const tags = ['gallery'];
/** Zip links per user per minute: each download reads up to 100 generations' files from storage. */
const ZIP_REQUESTS_PER_MINUTE = 10;
/**
 * Zip downloads per user per minute: a link works for five minutes, so this bounds how often
 * one can be replayed; above the links' limit so a retried or resumed download is not refused.
 */
const ZIP_DOWNLOADS_PER_MINUTE = 20;
/** Deletes per user per minute: an undo window sits before each, so people send few. */
const DELETE_REQUESTS_PER_MINUTE = 30;

/** The gallery's pages, and selecting, zipping and deleting many cards at once (ADR 030). */
export const galleryRoutes =
  (
    deps: gallery.GalleryManageDeps & {
      rateLimitMultiplier: number;
      /** The session secret; zip links are signed with a key derived from it (zip-token.ts). */
      authSecret: string;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const pageViews = createPageViewLog(deps.db, {
      onError: (error) => {
        app.log.error({ err: error }, 'page views not written yet; kept for the next attempt');
      },
    });
    // onClose runs once the server has stopped taking requests: every waiting view is written.
    app.addHook('onClose', () => pageViews.close());
    const limit = perUserLimits(app, deps.rateLimitMultiplier);
    const zipKey = zipTokenKey(deps.authSecret, 'gallery-zip');
    const tooManyDownloads = 'Too many downloads. Please wait a minute and try again.';

    app.post(
      '/gallery/past-generations',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: 'Past generations, newest first, by type and prompt search (page and limit)',
          body: pastGenerationsRequestSchema,
          response: { 200: pastGenerationsResponseSchema },
        },
        serializerCompiler: fastSerializer,
      },
      async (request) => ({
        success: true as const,
        ...(await pastGenerations(deps.db, pageViews, requireUser(request).id, request.body)),
      }),
    );

    // The first page as a GET, so /gallery's HTML can preload it before any script runs (ADR 041):
    // the same service call, serializer and page view as the POST's default first page.
    app.get(
      '/gallery/past-generations',
      {
        config: { apiKey: 'read' },
        schema: {
          tags,
          summary: "The session user's first page of past generations, every type (preloadable)",
          querystring: pastGenerationsFirstPageQuerySchema,
          response: { 200: pastGenerationsResponseSchema },
        },
        serializerCompiler: fastSerializer,
        // A HEAD would read the page and log a page view for nothing.
        exposeHeadRoute: false,
      },
      async (request, reply) => {
        const userId = requireUser(request).id;
        // As GET /session does: one user's list, never kept by a shared (or any) cache.
        reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          ...(await pastGenerations(deps.db, pageViews, userId, {
            page: 1,
            limit: GALLERY_DEFAULT_LIMIT,
            type: 'all',
          })),
        };
      },
    );

    app.post(
      '/gallery/zip',
      {
        config: { apiKey: 'read' },
        preHandler: limit('gallery-zips', ZIP_REQUESTS_PER_MINUTE, tooManyDownloads),
        schema: {
          tags,
          summary:
            'Check a selection and answer a five-minute link that streams it as one zip (201)',
          body: gallerySelectionRequestSchema,
          response: { 201: galleryZipResponseSchema },
        },
      },
      async (request, reply) => {
        const link = await gallery.galleryZipLink(
          deps,
          zipKey,
          requireUser(request).id,
          request.body.generationIds,
        );
        return reply.code(201).send({ success: true as const, ...link });
      },
    );

    app.get(
      '/gallery/zip/*',
      {
        config: { apiKey: 'read' },
        preHandler: limit('gallery-zip-downloads', ZIP_DOWNLOADS_PER_MINUTE, tooManyDownloads),
        schema: {
          tags,
          summary:
            'The zip a link from POST /gallery/zip names, files named as the gallery downloads them (same user only; 404 unknown, 410 expired)',
          params: zipTokenParams,
          produces: ['application/zip'],
        },
      },
      async (request, reply) => {
        const zip = await gallery.galleryZipFromLink(
          deps,
          zipKey,
          requireUser(request).id,
          request.params['*'],
        );
        return sendZip(reply, zip);
      },
    );

    app.delete(
      '/gallery/generations',
      {
        preHandler: limit(
          'gallery-deletes',
          DELETE_REQUESTS_PER_MINUTE,
          'Too many deletions. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary:
            'Delete generations and the media only they made (all or nothing; 404 if any is not yours)',
          body: gallerySelectionRequestSchema,
          response: { 200: galleryDeleteResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        deleted: await gallery.deleteGenerations(
          deps,
          requireUser(request).id,
          request.body.generationIds,
        ),
      }),
    );
  };
