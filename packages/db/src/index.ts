// Server-side entry: the generated Prisma client, a factory bound to PostgreSQL through
// adapter-pg (Prisma 7 needs no native engine), and password hashing.
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/prisma/client';

export * from './generated/prisma/client';

export type Db = PrismaClient;

export function createPrismaClient(databaseUrl: string, opts: { max?: number } = {}): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString: databaseUrl, max: opts.max }) });
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
