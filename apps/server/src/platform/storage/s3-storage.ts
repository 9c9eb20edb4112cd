import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible services (R2, MinIO, an emulator); omit for AWS. */
  endpoint?: string;
  /** Omit both to use the SDK's default credential chain (env, profile, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Key prefix inside the bucket, e.g. "media/"; include the trailing slash. */
  prefix?: string;
}

/** Media in an S3-compatible bucket, keyed like local storage under an optional bucket prefix. */
export function createS3Storage(options: S3StorageOptions): Storage {
  const { bucket, region, endpoint, accessKeyId, secretAccessKey, forcePathStyle } = options;
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
  const prefix = options.prefix ?? '';
  const resolve = (key: string) => {
    assertSafeKey(key);
    return prefix + key;
  };
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: resolve(key),
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async get(key) {
      let res: GetObjectCommandOutput;
      try {
        res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: resolve(key) }));
      } catch (error) {
        // A missing bucket is misconfiguration, not a missing object; let it surface.
        if (
          error instanceof S3ServiceException &&
          error.$metadata.httpStatusCode === 404 &&
          error.name !== 'NoSuchBucket'
        ) {
          return null;
        }
        throw error;
      }
      // The routes send `size` as Content-Length, so a guessed size would corrupt the response.
      if (!(res.Body instanceof Readable) || res.ContentLength === undefined) {
        if (res.Body instanceof Readable) res.Body.destroy(); // frees the pooled socket
        throw new Error(`unexpected GetObject response for ${key}`);
      }
      return { body: res.Body, size: res.ContentLength };
    },
    async deletePrefix(keyPrefix) {
      const pages = paginateListObjectsV2(
        { client },
        { Bucket: bucket, Prefix: resolve(keyPrefix) },
      );
      // A page holds at most 1000 keys, which is also DeleteObjects' limit per request.
      for await (const page of pages) {
        const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (objects.length === 0) continue;
        const res = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects, Quiet: true } }),
        );
        // DeleteObjects answers 200 even when some keys fail; those come back in Errors.
        const failed = res.Errors ?? [];
        if (failed.length > 0) {
          const [first] = failed;
          throw new Error(
            `failed to delete ${String(failed.length)} objects under ${keyPrefix}, ` +
              `e.g. ${first?.Key ?? '?'}: ${first?.Code ?? 'unknown error'}`,
          );
        }
      }
    },
  };
}
