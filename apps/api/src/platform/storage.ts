import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type StoredFile = { stream: Readable; size: number };

/**
 * Where uploaded files live. Keys are relative paths chosen by the server (never by a client),
 * e.g. `images/12/<uuid>.png`, and the S3 adapter's object keys as they are.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes the bytes under `key`, replacing a previous file. */
  put(key: string, data: Buffer): Promise<void>;
  /** Writes a stream under `key` as it arrives (never whole in memory); nothing is left if the stream fails. */
  putStream(key: string, data: Readable): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9]+(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.split('/').includes('..');
}

export const invalidKey = (key: string) => new Error(`Invalid storage key: ${key}`);

/**
 * Default adapter: files under `root` (DATA_DIR/uploads). Writes go to a temp file renamed into
 * place. A malformed key is refused on write and, since it could never have been written, reads
 * as a missing file.
 */
export function localStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string): string | null => {
    const path = resolve(base, key);
    return isStorageKey(key) && path.startsWith(base + sep) ? path : null;
  };
  return {
    kind: 'local',
    async put(key, data) {
      const path = pathOf(key);
      if (!path) throw invalidKey(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = join(dirname(path), `.${randomUUID()}.partial`);
      await writeFile(partial, data);
      await rename(partial, path);
    },
    async putStream(key, data) {
      const path = pathOf(key);
      if (!path) throw invalidKey(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = join(dirname(path), `.${randomUUID()}.partial`);
      try {
        await pipeline(data, createWriteStream(partial));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      await rename(partial, path);
    },
    async get(key) {
      const path = pathOf(key);
      const info = path ? await stat(path).catch(() => null) : null;
      if (!path || !info?.isFile()) return null;
      return { stream: createReadStream(path), size: info.size };
    },
    async exists(key) {
      const path = pathOf(key);
      const info = path ? await stat(path).catch(() => null) : null;
      return !!info?.isFile();
    },
    async delete(key) {
      const path = pathOf(key);
      if (path) await rm(path, { force: true });
    },
  };
}

/** An adapter made on first use: the S3 SDK is loaded only by processes that store files there. */
export function lazyStorage(kind: Storage['kind'], load: () => Promise<Storage>): Storage {
  let adapter: Promise<Storage> | undefined;
  const get = () => {
    adapter ??= load().catch((error: unknown) => {
      adapter = undefined;
      throw error;
    });
    return adapter;
  };
  return {
    kind,
    put: async (key, data) => (await get()).put(key, data),
    putStream: async (key, data) => (await get()).putStream(key, data),
    get: async (key) => (await get()).get(key),
    exists: async (key) => (await get()).exists(key),
    delete: async (key) => (await get()).delete(key),
  };
}
