// Server-side entry: the generated Prisma client, a factory bound to PostgreSQL through
// adapter-pg (Prisma 7 needs no native engine), and password hashing.

import { createHash } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export * from './generated/prisma/client';

export type Db = PrismaClient;

/**
 * `preparedStatements` (default on) names each statement by its SQL, so every pooled connection
 * parses and plans it once instead of on every call: most of PostgreSQL's work on our short
 * queries is planning. The embedded PGlite serves all connections from one session, where two
 * connections preparing the same name collide, so it passes `false`.
 */
export function createPrismaClient(databaseUrl: string, opts: { max?: number; preparedStatements?: boolean } = {}): PrismaClient {
  const options = opts.preparedStatements === false ? undefined : { statementNameGenerator: statementName };
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: opts.max }, options) });
}

const statementNames = new Map<string, string>();
/** A name per distinct SQL text (PostgreSQL keeps 63 bytes of a name; a SHA-1 is 40 hex digits). */
function statementName({ sql }: { sql: string }): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('hex')}`;
    statementNames.set(sql, name);
  }
  return name;
}

// argon2id, 64 MiB, 2 passes: ~35 ms per hash on the project's machines; memory-hard enough to
// make GPU guessing expensive (OWASP's floor is 19 MiB x 2). `Algorithm` is a const enum that
// does not exist at runtime, hence the literal.
const ARGON2 = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 65_536, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2);
}

/** The cost parameters come from the hash itself, so older hashes keep verifying. */
export function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  return verify(passwordHash, plain);
}
