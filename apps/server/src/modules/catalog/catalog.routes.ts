import {
  posesResponseSchema,
  templateItemSchema,
  videoTemplatesRequestSchema,
  videoTemplatesResponseSchema,
} from '@studio/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { catalogPoses, catalogTemplates, catalogVideoTemplates } from '../../db/schema';

const tags = ['catalog'];
const isPoseType = (t: string): t is 'standing' | 'sitting' | 'leaning' =>
  t === 'standing' || t === 'sitting' || t === 'leaning';

/** Catalog lists (document 2 §3, §7). They change rarely: clients may cache them for a minute. */
export const catalogRoutes =
  (deps: { db: Db }): FastifyPluginAsyncZod =>
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
        const rows = await deps.db
          .select()
          .from(catalogTemplates)
          .where(eq(catalogTemplates.live, true))
          .orderBy(asc(catalogTemplates.sort));
        void reply.header('cache-control', 'private, max-age=60');
        return rows.map((t) => ({
          templateId: t.id,
          templateName: t.name,
          templateUrl: t.imageUrl,
          templateDescription: t.description,
          category: t.category,
          prompt: t.prompt,
        }));
      },
    );
    app.get(
      '/poses',
      { schema: { tags, summary: 'Pose presets', response: { 200: posesResponseSchema } } },
      async (_request, reply) => {
        const rows = await deps.db
          .select()
          .from(catalogPoses)
          .where(eq(catalogPoses.live, true))
          .orderBy(asc(catalogPoses.createdAt), asc(catalogPoses.id));
        void reply.header('cache-control', 'private, max-age=60');
        return {
          success: true as const,
          poses: rows.map((p) => ({
            poseId: p.id,
            poseName: p.name,
            type: isPoseType(p.type) ? p.type : 'standing',
            gender: p.gender === 'male' ? ('male' as const) : ('female' as const),
            imageUrl: p.imageUrl,
            prompt: p.prompt,
            generationType: p.generationType,
            liveStatus: p.live,
            timestamp: p.createdAt.toISOString(),
          })),
        };
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
      async (request) => {
        const rows = await deps.db
          .select()
          .from(catalogVideoTemplates)
          .where(eq(catalogVideoTemplates.type, request.body.type));
        const live = rows
          .filter((v) => v.live)
          .sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
        return {
          success: true as const,
          videoTemplates: live.map((v) => ({
            videoId: v.id,
            videoUrl: v.videoUrl,
            thumbnailUrl: v.thumbnailUrl,
            duration: v.durationSeconds,
            type: v.type,
          })),
          message: live.length ? 'Video templates loaded' : 'No video templates',
        };
      },
    );
  };
