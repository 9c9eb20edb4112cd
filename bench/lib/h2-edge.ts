import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** Headers that describe one HTTP/1.1 hop and must not cross to HTTP/2 (RFC 9113 §8.2.2). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

export interface H2Edge {
  origin: string;
  close(): Promise<void>;
}

/**
 * A TLS + HTTP/2 front on loopback, standing in for the load balancer production runs behind
 * (README "Running in production": TLS is terminated there). Phones reach the app over HTTP/2, where
 * a page's requests share one connection; straight to Fastify over HTTP/1.1 they queue six at a time.
 * The certificate is self-signed and made per run; the browser is told to accept it.
 */
export async function startH2Edge(port: number, target: { port: number }): Promise<H2Edge> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }],
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer({ key: pems.private, cert: pems.cert });
  server.on('stream', (stream, headers) => {
    const forwarded: http.OutgoingHttpHeaders = { host: `localhost:${String(target.port)}` };
    for (const [name, value] of Object.entries(headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined)
        forwarded[name] = value;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: headers[':method'],
        path: headers[':path'],
        headers: forwarded,
        agent,
      },
      (response) => {
        const answer: http2.OutgoingHttpHeaders = { ':status': response.statusCode ?? 502 };
        for (const [name, value] of Object.entries(response.headers)) {
          if (!HOP_BY_HOP.has(name) && value !== undefined) answer[name] = value;
        }
        if (stream.destroyed) return response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    upstream.on('error', () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ':status': 502 });
      stream.end();
    });
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${String(bound)}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}
