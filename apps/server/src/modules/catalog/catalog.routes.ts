import {
  posesResponseSchema,
  templateItemSchema,
  videoTemplatesRequestSchema,
  videoTemplatesResponseSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as catalog from './catalog.service';

const tags = ['catalog'];

/** Catalog lists (document 2 §3, §7). They change rarely: clients may cache them for a minute. */
export const catalogRoutes =
  (deps: catalog.CatalogDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/templates',
      {
        schema: {
          tags,
          summary: 'Model templates',
          response: { 200: z.array(templateItemSchema) },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'private, max-age=60');
        return catalog.templates(deps);
      },
    );
    app.get(
      '/poses',
      { schema: { tags, summary: 'Pose presets', response: { 200: posesResponseSchema } } },
      async (_request, reply) => {
        void reply.header('cache-control', 'private, max-age=60');
        return catalog.poses(deps);
      },
    );
    app.post(
      '/video/templates',
      {
        schema: {
          tags,
          summary: 'Video templates of a type',
          body: videoTemplatesRequestSchema,
          response: { 200: videoTemplatesResponseSchema },
        },
      },
      async (request) => catalog.videoTemplates(deps, request.body.type),
    );
  };
