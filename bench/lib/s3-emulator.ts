// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types; reuse the server's declaration
/// <reference path="../../apps/server/src/platform/storage/s3rver.d.ts" />
// The local S3 emulator (s3rver, a devDependency) in a child process of its own, so its disk and
// XML work does not share the event loop of the bench's simulated users and skew their latencies.
// Parent side: `startS3Emulator(dir)`; the child is this file run with `--s3-emulator <dir>`.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ListObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { trackChild } from './server-process';

export const S3_BUCKET = 'media';
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3Emulator {
  endpoint: string;
  /** Every object in the bucket (ListObjects v1 with markers: s3rver's v2 tokens need DES). */
  listObjects(): Promise<{ key: string }[]>;
  stop(): Promise<void>;
}

const self = fileURLToPath(import.meta.url);

export async function startS3Emulator(dir: string): Promise<S3Emulator> {
  const child = fork(self, ['--s3-emulator', dir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  trackChild(child);
  const [port] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('the S3 emulator exited while starting');
    }),
  ])) as [number];
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3_CREDENTIALS,
  });
  return {
    endpoint,
    async listObjects() {
      const objects: { key: string }[] = [];
      let marker: string | undefined;
      // Bounded: 1000 pages of 1000 keys is far beyond any run of these benches.
      for (let page = 0; page < 1000; page++) {
        const res = await client.send(
          new ListObjectsCommand({ Bucket: S3_BUCKET, ...(marker ? { Marker: marker } : {}) }),
        );
        const contents = (res.Contents ?? []).flatMap((o) => (o.Key ? [{ key: o.Key }] : []));
        objects.push(...contents);
        marker = contents.at(-1)?.key;
        if (!res.IsTruncated || !marker) return objects;
      }
      throw new Error('the bucket listing did not end');
    },
    async stop() {
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

if (process.argv[1] === self && process.argv[2] === '--s3-emulator') {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: process.argv[3] ?? '.',
    silent: true,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  process.send?.(port);
  process.on('SIGTERM', () => {
    void server.close().finally(() => process.exit(0));
  });
  // The bench gone (its IPC channel closed) means this emulator has no reason to live.
  process.on('disconnect', () => process.exit(0));
}
