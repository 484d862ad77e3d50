// The storage port's contract, run against each adapter: local disk, and S3 against a real
// S3-compatible server over HTTP. Each test opens an empty store and checks what it left behind.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteBucketCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { loadConfig } from '../config';
import { s3Storage } from './s3-storage';
import { isStorageKey, localStorage, type Storage } from './storage';

const MiB = 1024 * 1024;

let s3: Awaited<ReturnType<typeof startS3Server>>;
const dirs: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

type Store = { storage: Storage; leftovers(): Promise<string[]> };

const adapters: { name: string; open(): Promise<Store> }[] = [
  {
    name: 'local',
    async open() {
      const root = await mkdtemp(join(tmpdir(), 'storage-contract-'));
      dirs.push(root);
      return {
        storage: localStorage(root),
        // Every file, temp files included.
        leftovers: async () =>
          (await readdir(root, { recursive: true, withFileTypes: true }))
            .filter((f) => f.isFile())
            .map((f) => relative(root, join(f.parentPath, f.name))),
      };
    },
  },
  {
    name: 's3',
    async open() {
      const bucket = await s3.createBucket();
      return {
        storage: await s3Storage(s3.client, bucket),
        async leftovers() {
          const objects = (await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? [];
          if (objects.length) return objects.map((o) => o.Key ?? '');
          // The server refuses to delete a bucket that still holds an unfinished multipart upload.
          return s3.client.send(new DeleteBucketCommand({ Bucket: bucket })).then(
            () => [],
            (error: Error) => [`bucket not deletable: ${error.name}`],
          );
        },
      };
    },
  },
];

/** `size` pseudo-random bytes made as they are read (never whole in memory), failing after `failAfter` bytes if given. */
function generated(size: number, failAfter?: number) {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) return this.destroy(new Error('connection reset by the client'));
      if (sent >= size) return this.push(null);
      const chunk = randomBytes(Math.min(256 * 1024, size - sent));
      sent += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

async function readAll(stream: Readable) {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

const text = async (storage: Storage, key: string) => {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk);
  return { size: file.size, text: Buffer.concat(chunks).toString() };
};

const MALFORMED = [
  '',
  'images',
  '/images/1/a.png',
  '../images/1/a.png',
  'images/../../etc/passwd',
  'images/1/../../../a.png',
  'images//a.png',
  'images/1/a.png/',
  'Images/1/a.png',
  'images/1/a b.png',
  'images/1/.a.png',
];

describe.each(adapters)('Storage contract: $name', (adapter) => {
  it('puts, gets, replaces and deletes a file; deleting twice is fine', async () => {
    const { storage, leftovers } = await adapter.open();
    const key = 'images/12/4b0c3c52-2f1e-4a4c-8f83-0c1f8f7f0a11.png';
    await storage.put(key, Buffer.from('first version'));
    expect(await text(storage, key)).toEqual({ size: 13, text: 'first version' });
    expect(await storage.exists(key)).toBe(true);
    await storage.put(key, Buffer.from('second'));
    expect(await text(storage, key)).toEqual({ size: 6, text: 'second' });
    await storage.put('attachments/12/other.pdf', Buffer.from('other'));
    expect((await leftovers()).sort()).toEqual([key, 'attachments/12/other.pdf'].sort());

    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    expect(await text(storage, 'attachments/12/other.pdf')).toEqual({ size: 5, text: 'other' });
  });

  it('writes a 12 MB stream as it arrives (more than one S3 part) and reads the same bytes back; an empty stream too', async () => {
    const { storage, leftovers } = await adapter.open();
    const key = 'imports/3/big.csv';
    const source = generated(12 * MiB);
    await storage.putStream(key, source.stream);
    expect(await storage.exists(key)).toBe(true);
    const file = await storage.get(key);
    expect(file?.size).toBe(12 * MiB);
    expect(await readAll(file?.stream as Readable)).toEqual({ size: 12 * MiB, sha256: source.sha256() });
    expect(await leftovers()).toEqual([key]);

    await storage.putStream('imports/3/empty.csv', Readable.from([]));
    expect(await text(storage, 'imports/3/empty.csv')).toEqual({ size: 0, text: '' });
  });

  it('leaves nothing when the stream fails midway, and keeps the file a failed rewrite would have replaced', async () => {
    const { storage, leftovers } = await adapter.open();
    const key = 'imports/3/broken.csv';
    // Past the first 5 MiB part, so the S3 adapter had begun a multipart upload.
    await expect(storage.putStream(key, generated(12 * MiB, 7 * MiB).stream)).rejects.toThrow('connection reset by the client');
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);

    await storage.put(key, Buffer.from('kept'));
    await expect(storage.putStream(key, generated(12 * MiB, 6 * MiB).stream)).rejects.toThrow('connection reset by the client');
    expect(await text(storage, key)).toEqual({ size: 4, text: 'kept' });
    await storage.delete(key);
    expect(await leftovers()).toEqual([]);
  });

  it('refuses malformed keys on write and reads them as missing', async () => {
    const { storage, leftovers } = await adapter.open();
    for (const key of MALFORMED) {
      expect(isStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow('Invalid storage key');
      await expect(storage.putStream(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow('Invalid storage key');
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.exists(key), key).toBe(false);
      await storage.delete(key);
    }
    expect(await leftovers()).toEqual([]);
  });

  it('answers a missing file with null / false, and deleting it is fine', async () => {
    const { storage, leftovers } = await adapter.open();
    const key = 'images/12/never-written.png';
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
    expect(await leftovers()).toEqual([]);
  });
});

describe('S3 adapter', () => {
  it('sends a stream bigger than a part as a multipart upload (5 MiB parts)', async () => {
    const bucket = await s3.createBucket();
    await (await s3Storage(s3.client, bucket)).putStream('imports/3/big.csv', generated(12 * MiB).stream);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: 'imports/3/big.csv' }));
    // A multipart object's ETag ends with its number of parts.
    expect(head.ETag).toMatch(/-3"$/);
  });

  it('throws on a failure other than a missing object (a bucket that does not exist)', async () => {
    const storage = await s3Storage(s3.client, 'no-such-bucket');
    await expect(storage.get('images/12/a.png')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(storage.put('images/12/a.png', Buffer.from('x'))).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});

describe('storage configuration', () => {
  const env = { JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789', STORAGE_DRIVER: 's3' };

  it('refuses s3 without a bucket, and half a key pair', () => {
    expect(() => loadConfig(env)).toThrow('S3_BUCKET: required with STORAGE_DRIVER=s3');
    expect(() => loadConfig({ ...env, S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => loadConfig({ ...env, STORAGE_DRIVER: 'gcs' })).toThrow('STORAGE_DRIVER');
  });

  it('defaults to local disk, and to us-east-1', () => {
    const config = loadConfig({ JWT_SECRET: env.JWT_SECRET });
    expect({ driver: config.STORAGE_DRIVER, region: config.S3_REGION, pathStyle: config.S3_FORCE_PATH_STYLE }).toEqual({
      driver: 'local',
      region: 'us-east-1',
      pathStyle: undefined,
    });
    expect(loadConfig({ ...env, S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'false' }).S3_FORCE_PATH_STYLE).toBe(false);
  });
});
