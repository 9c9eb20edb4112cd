import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { byUserOrAddress } from './rate-limit-keys';

const request = (ip: string, userId?: string) =>
  ({
    ip,
    sessionUser: userId ? { id: userId, email: 'a@b.c', name: 'A', image: null } : null,
  }) as FastifyRequest;

describe('byUserOrAddress', () => {
  const key = byUserOrAddress('generate');

  it('keys a signed-in call on the user, whatever the address', () => {
    expect(key(request('10.0.0.1', 'u1'))).toBe(key(request('10.9.9.9', 'u1')));
    expect(key(request('10.0.0.1', 'u1'))).not.toBe(key(request('10.0.0.1', 'u2')));
  });

  it('keys an anonymous call on its address, apart from any user', () => {
    expect(key(request('10.0.0.1'))).toBe('generate:ip:10.0.0.1');
    expect(key(request('10.0.0.1'))).not.toBe(key(request('10.0.0.2')));
    expect(key(request('u1'))).not.toBe(key(request('10.0.0.1', 'u1')));
  });

  it('keeps limits apart', () => {
    expect(byUserOrAddress('uploads')(request('10.0.0.1', 'u1'))).not.toBe(
      key(request('10.0.0.1', 'u1')),
    );
  });
});
