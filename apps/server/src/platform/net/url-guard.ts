import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The URL was refused by policy; nothing was connected to. `reason` is safe to show to the user. */
export class BlockedUrlError extends Error {
  override name = 'BlockedUrlError';
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`URL refused: ${reason}`, options);
  }
}

/** An allowed fetch that failed (timeout, size limit, network). `reason` is safe to show to the user. */
export class FetchFailedError extends Error {
  override name = 'FetchFailedError';
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`fetch failed: ${reason}`, options);
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface UrlGuardOptions {
  /** Hostnames allowed to be fetched (exact match, or a leading '*.' wildcard for subdomains). Empty: nothing external allowed. */
  allowedHosts: readonly string[];
  /**
   * Any host is allowed as long as it is public (every other check stands): outbound webhooks,
   * whose target the user names, where input fetches take only allowlisted hosts.
   */
  anyPublicHost?: boolean;
  /** Exact origins (scheme://host:port) trusted by the operator, e.g. a configured provider API; these may resolve to private addresses (used for local fakes in tests). */
  trustedOrigins?: readonly string[];
  /** DNS lookup, injectable for tests; default node:dns/promises lookup with all: true. */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface GuardedFetchOptions extends UrlGuardOptions {
  maxBytes: number;
  timeoutMs: number;
}

export interface GuardedResponse {
  status: number;
  contentType: string | null;
  body: Buffer;
  finalUrl: string;
}

const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const BLOCKED_NAME_SUFFIXES = ['.localhost', '.local', '.internal'];
// Everything public in IPv6 is allocated from 2000::/3; the rest is special-purpose or unassigned.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

const RANGE_REASONS: Record<string, string> = {
  loopback: 'loopback address',
  unspecified: 'unspecified address',
  private: 'private address',
  linkLocal: 'link-local address',
  uniqueLocal: 'unique-local address',
  carrierGradeNat: 'carrier-grade NAT address',
  multicast: 'multicast address',
  broadcast: 'broadcast address',
  reserved: 'reserved address',
  benchmarking: 'benchmarking address',
  rfc6052: 'NAT64 address',
  '6to4': '6to4 address',
  teredo: 'Teredo address',
};

async function systemLookup(hostname: string): Promise<ResolvedAddress[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

const stripTrailingDots = (host: string) => host.replace(/\.+$/, '');
const unbracket = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** Normalises a configured host the way WHATWG URL normalises a request's host (case, IDN, IPv4 spellings). */
function normaliseHost(entry: string): string {
  const wildcard = entry.startsWith('*.');
  const name = wildcard ? entry.slice(2) : entry;
  const host = new URL(`http://${ipaddr.IPv6.isValid(name) ? `[${name}]` : name}`).hostname;
  return (wildcard ? '*.' : '') + stripTrailingDots(unbracket(host));
}

function isAllowedHost(host: string, allowedHosts: readonly string[]): boolean {
  return allowedHosts
    .map(normaliseHost)
    .some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) : host === entry));
}

/** Whether a URL's host is one of the configured hosts (exact, or '*.' for subdomains). */
export function isAllowedUrlHost(url: URL, allowedHosts: readonly string[]): boolean {
  return isAllowedHost(stripTrailingDots(unbracket(url.hostname)), allowedHosts);
}

function bytesToV4(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** IPv4 addresses carried inside tunnelling/translation IPv6 forms, for a more telling reason. */
function embeddedV4(ip: ipaddr.IPv6, range: string): ipaddr.IPv4[] {
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0] = ip.parts;
  if (range === '6to4') return [bytesToV4(p1, p2)];
  if (range === 'rfc6052') return [bytesToV4(p6, p7)];
  if (range === 'teredo') return [bytesToV4(p2, p3), bytesToV4(~p6 & 0xffff, ~p7 & 0xffff)];
  // IPv4-compatible (::a.b.c.d, deprecated): ipaddr.js calls these unicast.
  if ((p0 | p1 | p2 | p3 | p4 | p5) === 0) return [bytesToV4(p6, p7)];
  return [];
}

/** Why an address must not be connected to, or null when it is public unicast. */
export function addressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid address';
  // process() turns IPv4-mapped IPv6 (::ffff:a.b.c.d) into plain IPv4, so it is judged as such.
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (ip instanceof ipaddr.IPv4) {
    return range === 'unicast' ? null : (RANGE_REASONS[range] ?? `${range} address`);
  }
  const outer =
    RANGE_REASONS[range] ?? (range === 'unicast' ? 'IPv4-compatible address' : `${range} address`);
  if (range !== 'loopback' && range !== 'unspecified') {
    for (const inner of embeddedV4(ip, range)) {
      const problem = addressProblem(inner.toString());
      if (problem !== null) return `${problem} (embedded in ${outer})`;
    }
  }
  if (range !== 'unicast') return outer;
  return ip.match(GLOBAL_UNICAST_V6) ? null : 'non-global IPv6 address';
}

/** Parses and checks a URL; returns the URL and the vetted addresses to connect to. Throws BlockedUrlError. */
export async function checkUrl(
  input: string,
  options: UrlGuardOptions,
): Promise<{ url: URL; addresses: ResolvedAddress[] }> {
  let url: URL;
  try {
    url = new URL(input);
  } catch (error) {
    throw new BlockedUrlError('invalid URL', { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedUrlError('scheme not allowed');
  }
  if (url.username !== '' || url.password !== '') throw new BlockedUrlError('credentials in URL');

  const trusted = (options.trustedOrigins ?? []).some((o) => new URL(o).origin === url.origin);
  const bare = unbracket(url.hostname);
  const host = stripTrailingDots(bare);
  const literal = ipaddr.isValid(bare);
  if (!trusted) {
    if (!literal && (host === 'localhost' || BLOCKED_NAME_SUFFIXES.some((s) => host.endsWith(s)))) {
      throw new BlockedUrlError('local hostname');
    }
    const problem = literal ? addressProblem(bare) : null;
    if (problem !== null) throw new BlockedUrlError(problem);
    if (!options.anyPublicHost && !isAllowedHost(host, options.allowedHosts)) {
      throw new BlockedUrlError('host not allowed');
    }
  }
  if (literal) {
    return { url, addresses: [{ address: bare, family: ipaddr.IPv4.isValid(bare) ? 4 : 6 }] };
  }

  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.lookup ?? systemLookup)(url.hostname);
  } catch (error) {
    throw new BlockedUrlError('host did not resolve', { cause: error });
  }
  if (addresses.length === 0) throw new BlockedUrlError('host did not resolve');
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    // A trusted origin may be a local fake, but the answer must still be an IP we can pin to.
    if (problem !== null && (!trusted || problem === 'invalid address')) {
      throw new BlockedUrlError(`${host} resolves to ${problem}`);
    }
  }
  return { url, addresses };
}

interface OutgoingRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Sends a request that can only reach the vetted addresses: the socket's DNS lookup is answered with them. */
function send(
  url: URL,
  addresses: ResolvedAddress[],
  signal: AbortSignal,
  outgoing: OutgoingRequest = { method: 'GET', headers: { accept: '*/*' } },
): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
    const [first] = addresses;
    if (lookupOptions.all === true) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else callback(new Error('no vetted address'), '');
  };
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    // agent: false, so a pooled socket opened elsewhere to this host is never reused.
    const request = client.request(
      url,
      { method: outgoing.method, agent: false, lookup: pinned, signal, headers: outgoing.headers },
      resolve,
    );
    request.on('error', reject);
    request.end(outgoing.body);
  });
}

function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new FetchFailedError(`response larger than ${maxBytes} bytes`);
  return new Promise((resolve, reject) => {
    if (Number(response.headers['content-length']) > maxBytes) {
      response.destroy();
      reject(tooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    response.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    response.on('error', reject);
    response.on('close', () => {
      reject(new FetchFailedError('connection closed before the body ended'));
    });
  });
}

/** Fetches with the guard: each hop (at most 3 redirects) is checked, then connected to only at its vetted address. */
export async function guardedFetch(
  input: string,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const controller = new AbortController();
  const timedOut = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => {
        reject(new FetchFailedError(`timed out after ${options.timeoutMs} ms`));
      },
      { once: true },
    );
  });
  const timer = setTimeout(() => {
    controller.abort();
  }, options.timeoutMs);

  const run = async (): Promise<GuardedResponse> => {
    let target = input;
    for (let redirects = 0; ; redirects++) {
      const { url, addresses } = await checkUrl(target, options);
      // DNS cannot be cancelled; make sure a late answer does not start a connection.
      if (controller.signal.aborted) throw new FetchFailedError('timed out');
      const response = await send(url, addresses, controller.signal);
      const location = response.headers.location;
      if (!REDIRECT_STATUSES.has(response.statusCode ?? 0) || location === undefined) {
        const body = await readBody(response, options.maxBytes);
        return {
          status: response.statusCode ?? 0,
          contentType: response.headers['content-type'] ?? null,
          body,
          finalUrl: url.href,
        };
      }
      response.destroy();
      if (redirects === MAX_REDIRECTS) throw new BlockedUrlError('too many redirects');
      target = URL.canParse(location, url.href) ? new URL(location, url).href : location;
    }
  };

  try {
    return await Promise.race([run(), timedOut]);
  } catch (error) {
    if (error instanceof BlockedUrlError || error instanceof FetchFailedError) throw error;
    // The cause (e.g. ECONNREFUSED with the resolved IP) is for logs, not for the user.
    throw new FetchFailedError('request failed', { cause: error });
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/**
 * POSTs `body` through the guard (outbound webhooks): the URL is checked and resolved now, the
 * connection pinned to the vetted addresses, and a redirect is never followed (its 3xx is the
 * answer). Only the status is read; the response body is dropped unread, so a receiver cannot
 * make us hold its bytes. Throws BlockedUrlError or FetchFailedError, as guardedFetch does.
 */
export async function guardedPost(
  input: string,
  request: { headers: Record<string, string>; body: string },
  options: UrlGuardOptions & { timeoutMs: number },
): Promise<{ status: number }> {
  const controller = new AbortController();
  // A race, as in guardedFetch: DNS cannot be cancelled, and the timeout must hold through it.
  const timedOut = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener(
      'abort',
      () => {
        reject(new FetchFailedError(`timed out after ${options.timeoutMs} ms`));
      },
      { once: true },
    );
  });
  const timer = setTimeout(() => {
    controller.abort();
  }, options.timeoutMs);
  const run = async () => {
    const { url, addresses } = await checkUrl(input, options);
    if (controller.signal.aborted) throw new FetchFailedError('timed out');
    const response = await send(url, addresses, controller.signal, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      body: request.body,
    });
    response.destroy();
    return { status: response.statusCode ?? 0 };
  };
  try {
    return await Promise.race([run(), timedOut]);
  } catch (error) {
    if (error instanceof BlockedUrlError || error instanceof FetchFailedError) throw error;
    // The cause (e.g. ECONNREFUSED) is for the caller's log and delivery record.
    throw new FetchFailedError('request failed', { cause: error });
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
