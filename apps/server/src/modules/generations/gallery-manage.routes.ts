import { galleryDeleteResponseSchema, gallerySelectionRequestSchema } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors';
import { requireUser } from '../auth/session-guard';
import { streamZip } from '../batches/batch-zip';
import * as gallery from './gallery-manage.service';

const tags = ['gallery'];
/** Zips per user per minute: each reads up to 100 generations' files from storage. */
const ZIP_REQUESTS_PER_MINUTE = 10;
/** Deletes per user per minute: an undo window sits before each, so people send few. */
const DELETE_REQUESTS_PER_MINUTE = 30;

/** Selecting, zipping and deleting many gallery cards at once (ADR 030). */
export const galleryManageRoutes =
  (deps: gallery.GalleryManageDeps & { rateLimitMultiplier: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = (name: string, perMinute: number, message: string) =>
      app.rateLimit({
        max: Math.ceil(perMinute * deps.rateLimitMultiplier),
        timeWindow: '1 minute',
        keyGenerator: (request) => `${name}:${request.sessionUser?.id ?? request.ip}`,
        errorResponseBuilder: () => new AppError(429, 'rate_limited', message),
      });

    app.post(
      '/gallery/zip',
      {
        preHandler: limit(
          'gallery-zips',
          ZIP_REQUESTS_PER_MINUTE,
          'Too many downloads. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary: 'The selected generations as one zip, files named as the gallery downloads them',
          body: gallerySelectionRequestSchema,
          produces: ['application/zip'],
        },
      },
      async (request, reply) => {
        const zip = await gallery.galleryZip(
          deps,
          requireUser(request).id,
          request.body.generationIds,
        );
        // The client going away ends the zip at once: no more reads from storage for nobody.
        const gone = new AbortController();
        reply.raw.once('close', () => {
          gone.abort();
        });
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', zip.disposition)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        return reply.send(streamZip(zip.sources, gone.signal));
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
