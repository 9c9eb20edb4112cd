import {
  listingCheckRequestSchema,
  listingCheckSchema,
  listingPackAcceptedSchema,
  listingPackRequestSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perUserLimits, sendZip } from '../../http/zip-reply';
import { zipTokenKey, zipTokenParams } from '../../http/zip-token';
import { z } from 'zod';
import { requireUser } from '../auth/session-guard';
import { idempotencyKeyHeader } from '../idempotency/idempotency-key';
import { makePackOnce, packZipFromLink, type PackDeps } from './listing-packs.service';
import { checkListing } from './listing.service';

const tags = ['listing'];
/**
 * Checks per user per minute: a kept verdict is one row, a new one runs the segmentation model
 * (a gallery page of badges for two marketplaces asks for a few dozen at once).
 */
const CHECKS_PER_MINUTE = 60;
/** Packs per user per minute: each checks, and may fix, up to LISTING_PACK_MAX images. */
const PACKS_PER_MINUTE = 10;
/** Pack downloads per user per minute: a link can be replayed for five minutes (as the gallery's). */
const PACK_DOWNLOADS_PER_MINUTE = 20;

/** The listing calls (issue 33, ADR 057); prepare is a generate call (generations.routes). */
export const listingRoutes =
  (
    deps: PackDeps & {
      rateLimitMultiplier: number;
      /** The session secret; pack links are signed with a key derived from it (zip-token.ts). */
      authSecret: string;
    },
  ): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = perUserLimits(app, deps.rateLimitMultiplier);
    const packKey = zipTokenKey(deps.authSecret, 'listing-pack');

    app.post(
      '/listing/check',
      {
        config: { apiKey: 'generate' },
        preHandler: limit(
          'listing-checks',
          CHECKS_PER_MINUTE,
          'Too many checks. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary:
            "Check an image (a URL of ours or a generation's first image) against a marketplace's slot: every rule measured, and the rules left to the eye",
          body: listingCheckRequestSchema,
          response: { 200: listingCheckSchema },
        },
      },
      async (request) => checkListing(deps, requireUser(request).id, request.body),
    );

    app.post(
      '/listing/packs',
      {
        config: { apiKey: 'generate' },
        preHandler: limit(
          'listing-packs',
          PACKS_PER_MINUTE,
          'Too many listing packs. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary:
            'Make a listing pack of gallery items or a catalogue (fixing what fails when asked, 1 credit each) and answer a five-minute link that streams it (201)',
          body: listingPackRequestSchema,
          headers: z.object(idempotencyKeyHeader),
          response: { 201: listingPackAcceptedSchema },
        },
      },
      async (request, reply) => {
        // Stop waiting for the fixes when the client goes away; the fixes themselves carry on.
        const gone = new AbortController();
        reply.raw.once('close', () => {
          gone.abort();
        });
        const pack = await makePackOnce(
          deps,
          packKey,
          requireUser(request).id,
          request.body,
          request.headers['idempotency-key'],
          gone.signal,
        );
        return reply.code(201).send(pack);
      },
    );

    app.get(
      '/listing/packs/*',
      {
        config: { apiKey: 'read' },
        preHandler: limit(
          'listing-pack-downloads',
          PACK_DOWNLOADS_PER_MINUTE,
          'Too many downloads. Please wait a minute and try again.',
        ),
        schema: {
          tags,
          summary:
            "The zip a link from POST /listing/packs names: files named the marketplace's way and manifest.csv (same user only; 404 unknown, 410 expired)",
          params: zipTokenParams,
          produces: ['application/zip'],
        },
      },
      async (request, reply) => {
        const zip = await packZipFromLink(
          deps,
          packKey,
          requireUser(request).id,
          request.params['*'],
        );
        return sendZip(reply, zip);
      },
    );
  };
