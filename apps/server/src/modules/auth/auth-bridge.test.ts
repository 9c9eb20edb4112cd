import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { authError } from './auth-bridge';

describe('authError', () => {
  it('keeps a 4xx code (lower-cased) and message', async () => {
    const error = await authError(
      Response.json({ code: 'INVALID_TOKEN', message: 'Invalid token' }, { status: 400 }),
    );
    expect(error).toEqual(new AppError(400, 'invalid_token', 'Invalid token'));
  });

  it('gives a plain-text or empty 4xx the code of its status', async () => {
    const error = await authError(new Response('Not Found', { status: 404 }));
    expect(error).toMatchObject({ statusCode: 404, code: 'not_found', message: 'Not found' });
    expect(await authError(new Response(null, { status: 403 }))).toMatchObject({
      code: 'forbidden',
    });
  });

  it('turns a 5xx into a plain error, for the handler to log and hide', async () => {
    const error = await authError(
      Response.json({ message: 'relation "users" does not exist' }, { status: 500 }),
    );
    expect(error).not.toBeInstanceOf(AppError);
    expect(error.message).toContain('500');
  });
});
