import { createServer, type RequestListener } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BlockedUrlError,
  FetchFailedError,
  checkUrl,
  guardedFetch,
  guardedPost,
  type ResolvedAddress,
} from './url-guard';

/** A lookup that answers from a table and records every question, so tests can see DNS was never asked. */
function fakeDns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    asked.push(hostname);
    // Like real DNS, a trailing dot (fully qualified name) asks for the same name.
    const answers = table[hostname.replace(/\.$/, '')];
    if (!answers) throw new Error(`ENOTFOUND ${hostname}`);
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BlockedUrlError);
  return error instanceof BlockedUrlError ? error.reason : '';
}

const servers: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A loopback server that counts TCP connections and requests. */
async function localServer(handler: RequestListener) {
  const server = createServer(handler);
  let connections = 0;
  let requests = 0;
  server.on('connection', () => connections++);
  server.on('request', () => requests++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  const { port } = address;
  const handle = {
    port,
    origin: `http://127.0.0.1:${port}`,
    connections: () => connections,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
  servers.push(handle);
  return handle;
}

describe('checkUrl: SSRF matrix', () => {
  const matrix: [string, RegExp][] = [
    ['file:///etc/passwd', /scheme not allowed/],
    ['gopher://x', /scheme not allowed/],
    ['ftp://images.example.com/a.png', /scheme not allowed/],
    ['data:image/png;base64,AAAA', /scheme not allowed/],
    ['javascript:alert(1)', /scheme not allowed/],
    ['http://127.1/', /^loopback address$/],
    ['http://2130706433/', /^loopback address$/],
    ['http://0x7f.0.0.1/', /^loopback address$/],
    ['http://0177.0.0.1/', /^loopback address$/],
    ['http://[::1]/', /^loopback address$/],
    ['http://[::ffff:127.0.0.1]/', /^loopback address$/],
    ['http://[::ffff:7f00:1]/', /^loopback address$/],
    ['http://[::127.0.0.1]/', /loopback address \(embedded in IPv4-compatible address\)/],
    ['http://[2002:7f00:1::]/', /loopback address \(embedded in 6to4 address\)/],
    ['http://[64:ff9b::a00:5]/', /private address \(embedded in NAT64 address\)/],
    ['http://169.254.169.254/latest/meta-data/', /^link-local address$/],
    ['http://[::ffff:169.254.169.254]/', /^link-local address$/],
    ['http://[fe80::1]/', /^link-local address$/],
    ['http://10.0.0.5/', /^private address$/],
    ['http://172.16.0.1/', /^private address$/],
    ['http://172.31.255.255/', /^private address$/],
    ['http://192.168.1.1/', /^private address$/],
    ['http://[fc00::1]/', /^unique-local address$/],
    ['http://[fd12::1]/', /^unique-local address$/],
    ['http://0.0.0.0/', /^unspecified address$/],
    ['http://[::]/', /^unspecified address$/],
    ['http://100.64.0.1/', /^carrier-grade NAT address$/],
    ['http://224.0.0.1/', /^multicast address$/],
    ['http://255.255.255.255/', /^broadcast address$/],
    ['http://198.18.0.1/', /^reserved address$/],
    ['http://localhost/', /^local hostname$/],
    ['http://LOCALHOST./', /^local hostname$/],
    ['http://api.localhost/', /^local hostname$/],
    ['http://metadata.google.internal/', /^local hostname$/],
    ['http://printer.local/', /^local hostname$/],
    ['http://user:secret@images.example.com/a.png', /^credentials in URL$/],
    ['http://user@images.example.com/a.png', /^credentials in URL$/],
    ['http://evil.example.net/a.png', /^host not allowed$/],
    ['https://images.example.com.evil.net/a.png', /^host not allowed$/],
    ['not a url', /^invalid URL$/],
  ];
  // Every host in the matrix is allowlisted, so each refusal comes from the rule under test.
  const allowedHosts = [
    'images.example.com',
    'x',
    '127.0.0.1',
    '::1',
    '169.254.169.254',
    '10.0.0.5',
    'localhost',
    '*.localhost',
    '*.internal',
    '*.local',
  ];

  it.each(matrix)('refuses %s before any lookup or connection', async (url, reason) => {
    const dns = fakeDns({ 'images.example.com': ['93.184.215.14'] });
    const refused = await refusal(checkUrl(url, { allowedHosts, lookup: dns.lookup }));
    expect(refused).toMatch(reason);
    expect(dns.asked).toEqual([]);
  });

  it('refuses everything external when the allowlist is empty', async () => {
    const dns = fakeDns({ 'images.example.com': ['93.184.215.14'] });
    const reason = await refusal(
      checkUrl('https://images.example.com/a.png', { allowedHosts: [], lookup: dns.lookup }),
    );
    expect(reason).toBe('host not allowed');
    expect(dns.asked).toEqual([]);
  });
});

describe('checkUrl: DNS answers', () => {
  const allowedHosts = ['images.example.com', '*.cdn.example.com'];
  const dns = fakeDns({
    'images.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'a.cdn.example.com': ['93.184.215.14'],
    'rebind.cdn.example.com': ['127.0.0.1'],
    'mixed.cdn.example.com': ['93.184.215.14', '10.1.2.3'],
    'mapped.cdn.example.com': ['::ffff:127.0.0.1'],
    'meta.cdn.example.com': ['169.254.169.254'],
  });

  it('passes an allowlisted host resolving to public addresses and returns them to pin', async () => {
    const { url, addresses } = await checkUrl('https://images.example.com/a.png', {
      allowedHosts,
      lookup: dns.lookup,
    });
    expect(url.href).toBe('https://images.example.com/a.png');
    expect(addresses).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
  });

  it('matches hosts case-insensitively, with a trailing dot, and by subdomain wildcard', async () => {
    const options = { allowedHosts, lookup: dns.lookup };
    await expect(checkUrl('HTTPS://IMAGES.Example.COM./a.png', options)).resolves.toBeTruthy();
    await expect(checkUrl('https://a.cdn.example.com/a.png', options)).resolves.toBeTruthy();
    expect(await refusal(checkUrl('https://cdn.example.com/', options))).toBe('host not allowed');
    expect(await refusal(checkUrl('https://evilcdn.example.com/', options))).toBe(
      'host not allowed',
    );
  });

  it.each([
    ['rebind.cdn.example.com', /resolves to loopback address/],
    ['mixed.cdn.example.com', /resolves to private address/],
    ['mapped.cdn.example.com', /resolves to loopback address/],
    ['meta.cdn.example.com', /resolves to link-local address/],
  ])('refuses %s whose DNS answers include a non-public address', async (host, reason) => {
    expect(
      await refusal(checkUrl(`https://${host}/a.png`, { allowedHosts, lookup: dns.lookup })),
    ).toMatch(reason);
  });

  it('refuses a host that does not resolve', async () => {
    const options = { allowedHosts: ['nx.cdn.example.com'], lookup: dns.lookup };
    expect(await refusal(checkUrl('https://nx.cdn.example.com/', options))).toBe(
      'host did not resolve',
    );
  });
});

describe('guardedFetch', () => {
  const limits = { maxBytes: 1024, timeoutMs: 2000 };
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

  it('never connects when an allowlisted name resolves to loopback', async () => {
    const target = await localServer((_req, res) => res.end('secret'));
    const dns = fakeDns({ 'images.example.com': ['127.0.0.1'] });
    const reason = await refusal(
      guardedFetch(`http://images.example.com:${target.port}/`, {
        ...limits,
        allowedHosts: ['images.example.com'],
        lookup: dns.lookup,
      }),
    );
    expect(reason).toMatch(/resolves to loopback address/);
    expect(target.connections()).toBe(0);
  });

  it('fetches bytes from a trusted origin', async () => {
    const origin = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    const result = await guardedFetch(`${origin.origin}/a.png`, {
      ...limits,
      allowedHosts: [],
      trustedOrigins: [origin.origin],
    });
    expect(result).toEqual({
      status: 200,
      contentType: 'image/png',
      body: png,
      finalUrl: `${origin.origin}/a.png`,
    });
  });

  it('connects to the vetted address without resolving the name again', async () => {
    const origin = await localServer((req, res) => res.end(req.headers.host));
    const dns = fakeDns({ 'fake-provider.test': ['127.0.0.1'] });
    const trusted = `http://fake-provider.test:${origin.port}`;
    const result = await guardedFetch(`${trusted}/x`, {
      ...limits,
      allowedHosts: [],
      trustedOrigins: [trusted],
      lookup: dns.lookup,
    });
    expect(result.body.toString()).toBe(`fake-provider.test:${origin.port}`);
    expect(dns.asked).toEqual(['fake-provider.test']);
  });

  it('re-checks a redirect target and refuses it before connecting', async () => {
    const internal = await localServer((_req, res) => res.end('secret'));
    const origin = await localServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${internal.port}/` }).end();
    });
    const reason = await refusal(
      guardedFetch(`${origin.origin}/img`, {
        ...limits,
        allowedHosts: [],
        trustedOrigins: [origin.origin],
      }),
    );
    expect(reason).toBe('loopback address');
    expect(origin.requests()).toBe(1);
    expect(internal.connections()).toBe(0);
  });

  it('follows a permitted relative redirect', async () => {
    const origin = await localServer((req, res) => {
      if (req.url === '/old') res.writeHead(301, { location: '/new.png' }).end();
      else res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    const result = await guardedFetch(`${origin.origin}/old`, {
      ...limits,
      allowedHosts: [],
      trustedOrigins: [origin.origin],
    });
    expect(result.finalUrl).toBe(`${origin.origin}/new.png`);
    expect(result.body).toEqual(png);
  });

  it('follows at most 3 redirects', async () => {
    const origin = await localServer((_req, res) => res.writeHead(302, { location: '/' }).end());
    const reason = await refusal(
      guardedFetch(`${origin.origin}/`, {
        ...limits,
        allowedHosts: [],
        trustedOrigins: [origin.origin],
      }),
    );
    expect(reason).toBe('too many redirects');
    expect(origin.requests()).toBe(4);
  });

  it.each([
    ['a declared length', true],
    ['a chunked body', false],
  ])('aborts beyond maxBytes with %s', async (_label, declared) => {
    const big = Buffer.alloc(64 * 1024, 1);
    const origin = await localServer((_req, res) => {
      if (declared) res.setHeader('content-length', big.length);
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(big.subarray(0, 32 * 1024));
      res.end(big.subarray(32 * 1024));
    });
    const error: unknown = await guardedFetch(`${origin.origin}/big`, {
      ...limits,
      maxBytes: 1000,
      allowedHosts: [],
      trustedOrigins: [origin.origin],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({ reason: 'response larger than 1000 bytes' });
  });

  it('reports a refused connection without leaking the address', async () => {
    const gone = await localServer(() => undefined);
    await gone.close();
    const error: unknown = await guardedFetch(`${gone.origin}/`, {
      ...limits,
      allowedHosts: [],
      trustedOrigins: [gone.origin],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({ reason: 'request failed' });
  });

  it('times out on a server that never answers', async () => {
    const origin = await localServer(() => undefined);
    const started = Date.now();
    const error: unknown = await guardedFetch(`${origin.origin}/slow`, {
      ...limits,
      timeoutMs: 200,
      allowedHosts: [],
      trustedOrigins: [origin.origin],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchFailedError);
    expect(error).toMatchObject({ reason: 'timed out after 200 ms' });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

describe('anyPublicHost and guardedPost (outbound webhooks)', () => {
  it('takes any host that resolves to public addresses only', async () => {
    const dns = fakeDns({ 'hooks.example.com': ['93.184.215.14'], 'inside.example': ['10.1.2.3'] });
    const options = { allowedHosts: [], anyPublicHost: true, lookup: dns.lookup };
    await expect(checkUrl('https://hooks.example.com/x', options)).resolves.toBeTruthy();
    expect(await refusal(checkUrl('https://inside.example/x', options))).toBe(
      'inside.example resolves to private address',
    );
    expect(await refusal(checkUrl('https://10.0.0.1/x', options))).toBe('private address');
    expect(await refusal(checkUrl('https://localhost/x', options))).toBe('local hostname');
  });

  it('POSTs the body with its headers, answers the status and never follows a redirect', async () => {
    const bodies: string[] = [];
    const server = await localServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(`${req.method ?? ''} ${String(req.headers['x-test'] ?? '')} ${body}`);
        if (req.url === '/moved') res.writeHead(302, { location: '/elsewhere' }).end();
        else res.writeHead(202).end('ignored');
      });
    });
    const options = { allowedHosts: [], trustedOrigins: [server.origin], timeoutMs: 5000 };
    const request = { headers: { 'x-test': 'yes' }, body: '{"a":1}' };
    expect(await guardedPost(`${server.origin}/hook`, request, options)).toEqual({ status: 202 });
    expect(await guardedPost(`${server.origin}/moved`, request, options)).toEqual({ status: 302 });
    expect(bodies).toEqual(['POST yes {"a":1}', 'POST yes {"a":1}']);
    expect(server.requests()).toBe(2);
  });

  it('refuses a private address before connecting, and times out a silent server', async () => {
    const silent = await localServer(() => undefined);
    const request = { headers: {}, body: '{}' };
    await expect(
      guardedPost(`${silent.origin}/x`, request, {
        allowedHosts: [],
        anyPublicHost: true,
        timeoutMs: 5000,
      }),
    ).rejects.toThrow(BlockedUrlError);
    expect(silent.connections()).toBe(0);
    await expect(
      guardedPost(`${silent.origin}/x`, request, {
        allowedHosts: [],
        trustedOrigins: [silent.origin],
        timeoutMs: 200,
      }),
    ).rejects.toThrow(FetchFailedError);
  });
});
