import { describe, expect, it } from 'vitest';
import { isPublicOrigin } from './public-url';

describe('isPublicOrigin (fal webhooks on by default, ADR 035)', () => {
  it.each([
    'https://studio.example.com',
    'https://studio.example.com:8443',
    'https://8.8.8.8',
    'https://[2001:4860:4860::8888]',
  ])('%s is reachable from fal', (origin) => {
    expect(isPublicOrigin(origin)).toBe(true);
  });

  it.each([
    ['plain http', 'http://studio.example.com'],
    ['localhost', 'https://localhost:3000'],
    ['a .localhost name', 'https://app.localhost'],
    ['a .local name', 'https://studio.local'],
    ['a .internal name', 'https://studio.corp.internal'],
    ['a single label', 'https://studio'],
    ['IPv4 loopback', 'https://127.0.0.1:3000'],
    ['IPv6 loopback', 'https://[::1]:3000'],
    ['a private address', 'https://10.0.0.5'],
    ['another private range', 'https://192.168.1.20'],
    ['carrier-grade NAT', 'https://100.64.0.1'],
    ['link-local', 'https://169.254.169.254'],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]'],
    ['not a URL', 'studio.example.com'],
  ])('%s is not (%s)', (_why, origin) => {
    expect(isPublicOrigin(origin)).toBe(false);
  });
});
