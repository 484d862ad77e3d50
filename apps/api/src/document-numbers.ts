// Document numbers (passports, RG, CNH... of clients and passengers) at rest: sealed with AES-256-GCM
// under DATA_ENCRYPTION_KEY, or on the embedded default a key generated once into DATA_DIR, and
// found only by an HMAC-SHA256 of the normalised number. The sealed text names its key, so a key
// rotation (DATA_ENCRYPTION_PREVIOUS_KEYS + the reseal job) opens old rows while it rewrites them.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from './config';

export type DocumentCipher = {
  /** The id of the key new values are sealed with. */
  keyId: string;
  seal(plain: string): string;
  open(sealed: string): string;
  /** The exact-match search key of a number: blind to case, spaces, dots and dashes. */
  hash(plain: string): string;
  /** The id of the key a sealed value names. */
  keyOf(sealed: string): string;
};

export { isMaskedDocumentNumber, maskDocumentNumber } from '@app/shared/document-numbers';

const VERSION = 'v1';

const normalise = (plain: string) => plain.toUpperCase().replace(/[\s.\-/]/g, '');

type Key = { id: string; aes: Buffer; mac: Buffer };

function keyOf(secret: string): Key {
  return {
    id: createHash('sha256').update(`id:${secret}`).digest('hex').slice(0, 8),
    aes: createHash('sha256').update(`aes:${secret}`).digest(),
    mac: createHash('sha256').update(`mac:${secret}`).digest(),
  };
}

/** A cipher over the current key and the previous ones (which only open). */
export function documentCipher(current: string, previous: string[] = []): DocumentCipher {
  const key = keyOf(current);
  const keys = new Map([...previous.map(keyOf), key].map((k) => [k.id, k]));
  return {
    keyId: key.id,
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key.aes, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, key.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(':');
    },
    open(sealed) {
      const [version, id, iv, tag, data] = sealed.split(':');
      const k = id ? keys.get(id) : undefined;
      if (version !== VERSION || !k || !iv || !tag || data === undefined) throw new Error('document number sealed with an unknown key');
      const decipher = createDecipheriv('aes-256-gcm', k.aes, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    hash(plain) {
      return createHmac('sha256', key.mac).update(normalise(plain)).digest('hex');
    },
    keyOf(sealed) {
      return sealed.split(':')[1] ?? '';
    },
  };
}

const ciphers = new WeakMap<Config, DocumentCipher>();

/**
 * The cipher of this configuration. Without DATA_ENCRYPTION_KEY a key is generated into DATA_DIR on
 * first use and read back afterwards (the embedded default, one machine); servers sharing a
 * database must all be given the same DATA_ENCRYPTION_KEY.
 */
export function documentCipherOf(config: Config): DocumentCipher {
  const known = ciphers.get(config);
  if (known) return known;
  const previous = (config.DATA_ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const cipher = documentCipher(config.DATA_ENCRYPTION_KEY ?? localKey(config.DATA_DIR), previous);
  ciphers.set(config, cipher);
  return cipher;
}

function localKey(dataDir: string): string {
  const file = join(dataDir, 'data-encryption-key');
  mkdirSync(dirname(file), { recursive: true });
  try {
    // 'wx': two processes starting together keep the key the first one wrote.
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** A number as stored: sealed, and its search hash. */
export function sealDocumentNumber(cipher: DocumentCipher, plain: string | null) {
  return plain ? { sealed: cipher.seal(plain), hash: cipher.hash(plain) } : { sealed: null, hash: null };
}
