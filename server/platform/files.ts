// The file store (issue 42; docs/api.md "Files"): where pictures live instead of rows. A folder under
// DATA_DIR by default; an S3-compatible bucket when FILE_STORE_S3_BUCKET is set (AWS S3, MinIO, R2...),
// through AWS's own client. Keys are made by the server (contract/files.ts FILE_KEY_PATTERN). A store
// that fails answers 29000 FILE_STORAGE_ERROR; a file that is not there is null (the route's 404).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { FILE_KEY_PATTERN, SERVED_TYPES } from '../../contract/files';
import type { Config } from './config';
import { AppError } from './errors';

export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

export interface FileStore {
  /** `local` (a folder) or `s3:<bucket>` */
  name: string;
  /** keeps `bytes` under `key`; throws 29000 when the store fails */
  put: (key: string, bytes: Buffer, contentType: string) => Promise<void>;
  /** the file under `key`, null when there is none; throws 29000 when the store fails */
  get: (key: string) => Promise<StoredFile | null>;
}

/** A new key for a file of extension `ext`: the year, then a random id. */
export const newFileKey = (ext: string, now = new Date()): string =>
  `${now.getUTCFullYear()}/${randomUUID()}.${ext}`;

const storeFailed = (what: string, error: unknown) =>
  new AppError('FILE_STORAGE_ERROR', [
    {
      field: 'file',
      message:
        `the file store could not ${what}: ${error instanceof Error ? error.message : String(error)}`.slice(
          0,
          300,
        ),
    },
  ]);

const typeOfKey = (key: string): string =>
  SERVED_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';

/** Files in the folder `dir` (DATA_DIR/files): written to a temporary name, then renamed into place. */
export const localFileStore = (dir: string): FileStore => ({
  name: 'local',
  put: async (key, bytes) => {
    if (!FILE_KEY_PATTERN.test(key)) throw new Error(`not a file key: ${key}`);
    const target = path.join(dir, key);
    try {
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, target);
    } catch (error) {
      throw storeFailed('keep the file', error);
    }
  },
  get: async (key) => {
    if (!FILE_KEY_PATTERN.test(key)) return null;
    try {
      return { bytes: await readFile(path.join(dir, key)), contentType: typeOfKey(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw storeFailed('read the file', error);
    }
  },
});

export interface S3Settings {
  bucket: string;
  /** an S3-compatible service's address (MinIO, R2); unset: AWS */
  endpoint?: string | undefined;
  region: string;
}

/** Files in an S3 bucket; credentials as the AWS client finds them (AWS_ACCESS_KEY_ID, a role...). */
export const s3FileStore = (settings: S3Settings, extra: Partial<S3ClientConfig> = {}): FileStore => {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...extra,
  });
  return {
    name: `s3:${settings.bucket}`,
    put: async (key, bytes, contentType) => {
      try {
        await client.send(
          new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType }),
        );
      } catch (error) {
        throw storeFailed('keep the file', error);
      }
    },
    get: async (key) => {
      if (!FILE_KEY_PATTERN.test(key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
        return { bytes, contentType: answer.ContentType ?? typeOfKey(key) };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw storeFailed('read the file', error);
      }
    },
  };
};

/** The store the configuration names: the bucket when one is set, else DATA_DIR/files. */
export const fileStoreOf = (
  config: Pick<Config, 'dataDir' | 'fileStoreS3Bucket' | 'fileStoreS3Endpoint' | 'fileStoreS3Region'>,
): FileStore =>
  config.fileStoreS3Bucket
    ? s3FileStore({
        bucket: config.fileStoreS3Bucket,
        endpoint: config.fileStoreS3Endpoint,
        region: config.fileStoreS3Region,
      })
    : localFileStore(path.join(config.dataDir, 'files'));
