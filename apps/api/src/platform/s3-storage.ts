// The S3-compatible adapter. The SDK is imported when the adapter is made (lazyStorage), so a
// process on local disk never loads it.
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { invalidKey, isStorageKey, type Storage } from './storage';

/** S3's smallest part; a stream goes up a part at a time, so at most (QUEUE + 1) parts of it are in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE = 2;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, R2...), so that every API process and worker
 * sees the same files. Same rules as the local adapter: a malformed key is refused on write and
 * reads as missing; a missing object is null (or false), any other failure throws.
 */
export async function s3Storage(client: S3Client, bucket: string): Promise<Storage> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand } = await import(
    '@aws-sdk/client-s3'
  );
  const { Upload } = await import('@aws-sdk/lib-storage');
  // HEAD answers carry no body, so there a missing object is a bare 404 (NotFound), as is a missing bucket.
  const missing = (error: unknown) => error instanceof NoSuchKey || error instanceof NotFound;
  return {
    kind: 's3',
    async put(key, data) {
      if (!isStorageKey(key)) throw invalidKey(key);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentLength: data.length }));
    },
    async putStream(key, data) {
      if (!isStorageKey(key)) throw invalidKey(key);
      // A multipart upload (a single PUT when the stream fits in one part) that is aborted when the
      // stream or a part fails, so no object and no stray parts are left.
      await new Upload({ client, params: { Bucket: bucket, Key: key, Body: data }, partSize: PART_SIZE, queueSize: QUEUE }).done();
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async exists(key) {
      if (!isStorageKey(key)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing object with success too.
      if (isStorageKey(key)) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/** The adapter STORAGE_DRIVER=s3 asks for; loadConfig refuses it without S3_BUCKET. */
export async function s3StorageFromConfig(config: Config): Promise<Storage> {
  const { S3Client } = await import('@aws-sdk/client-s3');
  const { S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint,
    // Stores other than AWS seldom have a DNS name per bucket.
    forcePathStyle: config.S3_FORCE_PATH_STYLE ?? !!endpoint,
    ...(accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {}),
  });
  return s3Storage(client, config.S3_BUCKET as string);
}
