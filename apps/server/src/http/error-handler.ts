import type { ErrorBody } from '@studio/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from './errors';

const body = (code: string, message: string, details?: unknown): ErrorBody => ({
  success: false,
  error: details === undefined ? { code, message } : { code, message, details },
});

// Fastify's own 4xx errors (bad JSON, wrong content type, body too large) mapped to stable codes.
const fastifyCodes: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
};

/**
 * The one error handler: every failure leaves as `{ success:false, error:{ code, message, details? } }`.
 * 5xx bodies never carry stacks, SQL or driver messages; those go to the log with the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message,
      }));
      return reply
        .status(400)
        .send(body('validation_failed', 'The request is not valid.', details));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body('internal_error', 'Something went wrong on our side.'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', 'Too many requests. Please wait a moment and try again.'));
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(body(fastifyCodes[error.code] ?? 'bad_request', error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(status >= 500 ? status : 500)
      .send(body('internal_error', 'Something went wrong on our side.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body('not_found', `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`));
  });
}
