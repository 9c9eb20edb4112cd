import { API_BASE, AUTH_BASE } from '@studio/contract';
import { isRecord, isString } from './guards';

/** Codes the client itself produces, next to the server's stable codes (contract `errorCodes`). */
export type ClientErrorCode = 'network_error' | 'malformed_response' | 'http_error';

/**
 * Every failed call surfaces as an ApiError: HTTP errors carry the server's code and message
 * (from `{ success:false, error:{ code, message } }`, or Better Auth's `{ code, message }`),
 * network failures have status 0. UI code branches on `code`, never on message text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    details?: unknown;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }

  /** Client errors (4xx) and unreadable answers will not get better by retrying. */
  get isRetryable(): boolean {
    if (this.code === 'malformed_response') return false;
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** A message that is always safe to show to the user. */
export function getErrorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  if (error instanceof ApiError) return error.message;
  return fallback;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  method?: Method;
  /** Serialised as JSON; a FormData (uploads) is sent as multipart as it is. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Checks the untyped JSON and returns it typed; throwing marks the answer malformed. */
  parse: (data: unknown) => T;
}

const statusMessages: Record<number, string> = {
  400: 'The request was not accepted. Please check the form and try again.',
  401: 'Your session has ended. Please sign in again.',
  403: "You don't have access to this.",
  404: 'This is not available on the server yet.',
  413: 'That upload is too large.',
  429: 'Too many attempts. Please wait a moment and try again.',
};

function fallbackMessage(status: number): string {
  return (
    statusMessages[status] ??
    `The server could not complete the request (${status}). Please try again.`
  );
}

/** Reads `{ success:false, error:{code,message,details} }` or Better Auth's flat `{ code, message }`. */
function toApiError(status: number, data: unknown): ApiError {
  if (isRecord(data)) {
    const envelope = isRecord(data.error) ? data.error : data;
    const message =
      isString(envelope.message) && envelope.message.trim() !== ''
        ? envelope.message
        : fallbackMessage(status);
    const code =
      isString(envelope.code) && envelope.code !== '' ? envelope.code.toLowerCase() : 'http_error';
    return new ApiError({ status, code, message, details: envelope.details });
  }
  return new ApiError({ status, code: 'http_error', message: fallbackMessage(status) });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one fetch wrapper: same-origin cookies, JSON in and out, typed errors. Paths are resolved
 * against the page origin so the same code runs in the browser and under jsdom in tests.
 */
export async function request<T>(url: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, signal, headers, parse } = options;
  const isJson = body !== undefined && !(body instanceof FormData);
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      // The browser sets multipart's Content-Type itself, with its boundary.
      ...(isJson ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: body instanceof FormData ? body : isJson ? JSON.stringify(body) : null,
    signal: signal ?? null,
  };

  let response: Response;
  try {
    response = await fetch(new URL(url, window.location.origin), init);
  } catch (error) {
    // Cancellation is not a failure: let TanStack Query (or the caller) see the AbortError.
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: 'network_error',
      message: "Can't reach the server. Check your connection and try again.",
      cause: error,
    });
  }

  const data = await readJson(response);
  if (!response.ok) throw toApiError(response.status, data);
  if (data === undefined) {
    throw new ApiError({
      status: response.status,
      code: 'malformed_response',
      message: 'The server sent an unreadable answer.',
    });
  }
  try {
    return parse(data);
  } catch (error) {
    throw new ApiError({
      status: response.status,
      code: 'malformed_response',
      message: 'The server sent an unexpected answer.',
      cause: error,
    });
  }
}

/** A response schema of `@studio/contract/responses` (zod/mini): `parse` throws on a mismatch. */
interface ResponseSchema<T> {
  parse: (data: unknown) => T;
}

/**
 * The `parse` option for an answer the contract describes: the same schema the server serialises
 * with, so a mismatch (thrown) surfaces as `malformed_response`.
 */
export function schemaParser<T>(schema: ResponseSchema<T>): (data: unknown) => T {
  return (data) => schema.parse(data);
}

type ShortcutOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Calls under `/api/v1`. */
export const api = {
  get: <T>(path: string, options: ShortcutOptions<T>) =>
    request(`${API_BASE}${path}`, { ...options, method: 'GET' }),
  post: <T>(path: string, body: unknown, options: ShortcutOptions<T>) =>
    request(`${API_BASE}${path}`, { ...options, method: 'POST', body }),
  put: <T>(path: string, body: unknown, options: ShortcutOptions<T>) =>
    request(`${API_BASE}${path}`, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options: ShortcutOptions<T>) =>
    request(`${API_BASE}${path}`, { ...options, method: 'DELETE' }),
};

/** Calls to Better Auth under `/api/auth`. */
export const authApi = {
  post: <T>(path: string, body: unknown, options: ShortcutOptions<T>) =>
    request(`${AUTH_BASE}${path}`, { ...options, method: 'POST', body }),
};

/** For calls whose answer the client does not read. */
export const ignoreBody = (): void => undefined;
