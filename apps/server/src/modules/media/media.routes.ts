import multipart from '@fastify/multipart';
import { MAX_FILES_PER_UPLOAD, MAX_UPLOAD_BYTES, uploadResponseSchema } from '@studio/contract';
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../http/errors';
import { requireUser } from '../auth/session-guard';
import { idempotencyKeyHeader } from '../idempotency/idempotency-key';
import * as media from './media.service';
import { byUserOrAddress } from '../rate-limits/rate-limit-keys';

const tags = ['media'];
const megabytes = MAX_UPLOAD_BYTES / 1024 / 1024;

/** Multipart limits surface as our own error bodies, with the limit in the message. */
function uploadError(error: FastifyError): AppError {
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        413,
        'upload_too_large',
        `Each image can be at most ${String(megabytes)} MB.`,
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(
        413,
        'upload_too_large',
        `Upload at most ${String(MAX_FILES_PER_UPLOAD)} images at a time.`,
      );
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'unsupported_media_type', 'Send images as multipart/form-data.');
    default:
      return new AppError(400, 'bad_request', 'The upload could not be read.');
  }
}

async function readFiles(request: FastifyRequest, userId: string): Promise<media.IncomingFile[]> {
  const files: media.IncomingFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'files' && part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        files.push({ name: part.filename, body: await part.toBuffer() });
      } else if (part.fieldname === 'userId' && part.value !== userId) {
        // The spec's clients send their user id; it must be the session's (ARCHITECTURE §1).
        throw forbidden('You can only act on your own account.');
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw uploadError(error as FastifyError);
  }
  return files;
}

export const mediaRoutes =
  (deps: media.MediaDeps & { rateLimitMultiplier: number }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: MAX_UPLOAD_BYTES,
        files: MAX_FILES_PER_UPLOAD,
        fields: 10,
        parts: MAX_FILES_PER_UPLOAD + 10,
      },
    });
    // Re-encoding is the costly part of an upload: a person adds a few images a minute.
    const uploadLimit = app.rateLimit({
      max: Math.ceil(30 * deps.rateLimitMultiplier),
      timeWindow: '1 minute',
      keyGenerator: byUserOrAddress('uploads'),
      errorResponseBuilder: () =>
        new AppError(429, 'rate_limited', 'Too many uploads. Please wait a minute and try again.'),
    });

    app.post(
      '/uploads',
      {
        config: { apiKey: 'generate' },
        preHandler: uploadLimit,
        schema: {
          tags,
          summary: 'Upload images (multipart `files`, repeatable): JPEG, PNG or WebP, 10 MB each',
          consumes: ['multipart/form-data'],
          // Loose: multipart reads the content type from the validated headers.
          headers: z.looseObject(idempotencyKeyHeader),
          response: { 200: uploadResponseSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const uploaded = await media.storeUploadsOnce(
          deps,
          user.id,
          await readFiles(request, user.id),
          request.headers['idempotency-key'],
        );
        const urls = uploaded.map((item) => item.url);
        return { success: true as const, uploaded, urls, url: urls[0] ?? '' };
      },
    );

    const serve = (variant: media.MediaVariant) =>
      app.get(
        variant === 'original' ? '/media/:id' : `/media/:id/${variant}`,
        {
          // The id is the capability: 128 random bits, shared links work without a session.
          config: { public: true },
          schema: {
            tags,
            summary: `A stored image (${variant})`,
            params: z.object({ id: z.string().max(64) }),
            querystring: z.object({ download: z.string().max(200).optional() }),
          },
        },
        async (request, reply) => {
          const object = await media.openMedia(deps, request.params.id, variant);
          const name = request.query.download?.replace(/[^A-Za-z0-9._-]/g, '_');
          reply
            .header('content-type', object.contentType)
            .header('content-length', String(object.size))
            .header('cache-control', 'public, max-age=31536000, immutable')
            .header('cross-origin-resource-policy', 'same-site')
            .header(
              'content-disposition',
              name ? `attachment; filename="${name}"` : `inline; filename="image.${object.ext}"`,
            );
          return reply.send(object.body);
        },
      );
    for (const variant of media.MEDIA_VARIANTS) serve(variant);
  };
