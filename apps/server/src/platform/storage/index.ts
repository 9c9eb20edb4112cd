import type { Config } from '../../config/env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** Media storage from config: an S3-compatible bucket when S3_BUCKET is set, else local disk. */
export function createStorage(config: Pick<Config, 's3' | 'mediaDir'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir);
}
