import type { ErrorCode } from '@studio/contract';

/** An error meant for the client: its code, status and message are safe to show. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | (string & {}),
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const unauthorized = (message = 'Sign in to continue') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You cannot do that') =>
  new AppError(403, 'forbidden', message);
