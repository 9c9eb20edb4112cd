import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageOptions } from './s3-storage';

const bucket = 'media';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
let server: S3rver;
let dir: string;
let connection: S3StorageOptions;
let raw: S3Client;

// s3rver is looser than S3 in ways these tests cannot catch: it ignores the SDK's
// x-amz-checksum-* headers (so no `requestChecksumCalculation: 'WHEN_REQUIRED'` is needed here,
// unlike some other emulators), does not require a checksum on DeleteObjects, does not cap
// DeleteObjects at 1000 keys, never reports per-key Errors, and ignores Quiet.
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  connection = { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, ...credentials };
  raw = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
});

afterAll(async () => {
  raw.destroy();
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** Keys in the bucket as S3 itself lists them (one page is enough for these tests). */
async function keysUnder(prefix: string) {
  const page = await raw.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key);
}

// s3rver signs ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node ≥ 17) only has
// in its legacy provider, so any listing past 1000 keys answers 500 unless Node runs with
// --openssl-legacy-provider. Real S3 has no such limit.
const desAvailable = (() => {
  try {
    crypto.createCipheriv('des', Buffer.alloc(8), Buffer.alloc(8));
    return true;
  } catch {
    return false;
  }
})();

describe('S3 storage', () => {
  it('returns the same bytes and size that were put', async () => {
    const storage = createS3Storage(connection);
    const body = crypto.randomBytes(64 * 1024);
    await storage.put('roundtrip/original.bin', body, 'application/octet-stream');
    const object = await storage.get('roundtrip/original.bin');
    expect(object?.size).toBe(body.length);
    expect(object && (await buffer(object.body)).equals(body)).toBe(true);
  });

  it('returns null for a missing key', async () => {
    expect(await createS3Storage(connection).get('missing/nothing.webp')).toBeNull();
  });

  it('deletes every object under a prefix and nothing outside it', async () => {
    const storage = createS3Storage(connection);
    const inside = [
      'doomed/original.png',
      'doomed/thumbnail.webp',
      'doomed/preview.webp',
      'doomed/nested/extra.bin',
    ];
    for (const key of [...inside, 'kept/original.png']) {
      await storage.put(key, Buffer.from(key), 'application/octet-stream');
    }
    expect(await keysUnder('doomed/')).toHaveLength(inside.length);

    await storage.deletePrefix('doomed');

    expect(await keysUnder('doomed/')).toEqual([]);
    for (const key of inside) expect(await storage.get(key)).toBeNull();
    const kept = await storage.get('kept/original.png');
    expect(kept && (await buffer(kept.body)).toString()).toBe('kept/original.png');
  });

  it.skipIf(!desAvailable)(
    'deletes more objects than fit in one list page or delete batch',
    async () => {
      const storage = createS3Storage(connection);
      const keys = Array.from({ length: 1005 }, (_, i) => `bulk/${String(i).padStart(4, '0')}`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(
          keys.slice(i, i + 50).map((key) => storage.put(key, Buffer.from('x'), 'text/plain')),
        );
      }
      await storage.deletePrefix('bulk');
      expect(await keysUnder('bulk/')).toEqual([]);
    },
  );

  it('refuses unsafe keys before sending any request', async () => {
    let requests = 0;
    const counter = http.createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    const { port } = counter.address() as AddressInfo;
    try {
      const storage = createS3Storage({ ...connection, endpoint: `http://127.0.0.1:${port}` });
      for (const key of ['../x', 'a/../b']) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
          'unsafe storage key',
        );
        await expect(storage.get(key)).rejects.toThrow('unsafe storage key');
        await expect(storage.deletePrefix(key)).rejects.toThrow('unsafe storage key');
      }
      expect(requests).toBe(0);
    } finally {
      await new Promise((resolve) => counter.close(resolve));
    }
  });

  it('keeps objects under the configured key prefix', async () => {
    const storage = createS3Storage({ ...connection, prefix: 'tenant-a/' });
    await storage.put('abc/original.png', Buffer.from('png'), 'image/png');

    expect(await keysUnder('tenant-a/')).toEqual(['tenant-a/abc/original.png']);
    expect(await keysUnder('abc/')).toEqual([]);
    expect(await storage.get('abc/original.png')).toMatchObject({ size: 3 });

    await storage.deletePrefix('abc');
    expect(await keysUnder('tenant-a/')).toEqual([]);
  });
});
