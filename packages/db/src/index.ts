// Server-side entry: the generated Prisma client, a factory bound to PostgreSQL through
// adapter-pg (Prisma 7 needs no native engine), and password hashing.

import { createHash } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/prisma/client';
import { registerReader } from './rows';
import { PLAN_PER_CALL } from './sql';

export * from './generated/prisma/client';
export { queryRows, type RowOf } from './rows';
export * from './sql';

export type Db = PrismaClient;

/**
 * `preparedStatements` (default on) names each statement by its SQL, so every pooled connection
 * parses and plans it once instead of on every call: most of PostgreSQL's work on our short
 * queries is planning. The embedded PGlite serves all connections from one session, where two
 * connections preparing the same name collide, so it passes `false`.
 */
export function createPrismaClient(databaseUrl: string, opts: { max?: number; preparedStatements?: boolean } = {}): PrismaClient {
  // The adapter passes the name through to pg, where undefined means an unnamed statement; its type
  // only admits strings.
  const options = opts.preparedStatements === false ? {} : { statementNameGenerator: statementName as (q: { sql: string }) => string };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: opts.max });
  // The client owns the pool ($disconnect ends it); the reader (rows.ts) borrows it.
  // A burst of writes queues for the pool's connections: a transaction waits its turn (maxWait)
  // instead of failing after Prisma's default 2 s.
  const client = new PrismaClient({
    adapter: new PrismaPg(pool, { ...options, disposeExternalPool: true }),
    transactionOptions: { maxWait: 15_000, timeout: 20_000 },
  });
  registerReader(client, new PrismaPg(pool, options));
  pools.set(client, pool);
  return client;
}

const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * Disconnects once no query has run for `quietMs` (at most `timeoutMs`): on shutdown the HTTP server
 * stops waiting for a request whose client went away, while its handler may still be reading or
 * writing.
 */
export async function disconnectWhenIdle(client: PrismaClient, { quietMs = 200, timeoutMs = 10_000 } = {}): Promise<void> {
  const pool = pools.get(client);
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (pool && Date.now() < deadline && Date.now() - quietSince < quietMs) {
    if (pool.totalCount > pool.idleCount || pool.waitingCount > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await client.$disconnect();
}

const statementNames = new Map<string, string>();
/**
 * Each connection keeps a plan per name, so the number of names is bounded: texts beyond the first
 * MAX_STATEMENTS (deep pages, unusual filter mixes) run unnamed, parsed and planned each time.
 */
const MAX_STATEMENTS = 1000;
/** A name per distinct SQL text (PostgreSQL keeps 63 bytes of a name; a SHA-1 is 40 hex digits). */
function statementName({ sql }: { sql: string }): string | undefined {
  if (sql.startsWith(PLAN_PER_CALL)) return undefined;
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_STATEMENTS) {
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
