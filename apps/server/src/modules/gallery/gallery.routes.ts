import {
  galleryDeleteResponseSchema,
  gallerySelectionRequestSchema,
  galleryZipResponseSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/session-guard';
import { perUserLimits, sendZip } from '../batches/zip-reply';
import * as gallery from './gallery-manage.service';
import { ZIP_TOKEN_MAX_LENGTH, zipTokenKey } from './zip-token';

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

/**
 * The link's token. A wildcard, not `:token`: the router refuses a path parameter longer than
 * 100 characters, and a signed selection of 100 generations is a few thousand.
 */
const tokenParams = z.object({
  '*': z
    .string()
    .min(1)
    .max(ZIP_TOKEN_MAX_LENGTH)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
});

/** Selecting, zipping and deleting many gallery cards at once (ADR 030). */
export const galleryManageRoutes =
  (
    deps: gallery.GalleryManageDeps & {
      rateLimitMultiplier: number;
      /** The session secret; zip links are signed with a key derived from it (zip-token.ts). */
      authSecret: string;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = perUserLimits(app, deps.rateLimitMultiplier);
    const zipKey = zipTokenKey(deps.authSecret);
    const tooManyDownloads = 'Too many downloads. Please wait a minute and try again.';

    app.post(
      '/gallery/zip',
      {
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
        preHandler: limit('gallery-zip-downloads', ZIP_DOWNLOADS_PER_MINUTE, tooManyDownloads),
        schema: {
          tags,
          summary:
            'The zip a link from POST /gallery/zip names, files named as the gallery downloads them (same user only; 404 unknown, 410 expired)',
          params: tokenParams,
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
