// A fresh, migrated and seeded database per call, so test files can run in parallel.
// With TEST_DATABASE_URL (or DATABASE_URL): a copy of a template database on that PostgreSQL
// server. Without: an in-process PGlite started from a cached data-folder tarball.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { query, withDatabase } from './admin';
import { startEmbeddedPostgres } from './embedded';
import { createPrismaClient, type PrismaClient } from './index';
import { applyMigrations, migrationsDir, repoRoot } from './migrate';
import { seedReferenceData } from './reference-seed';
import { seed } from './seed';

export interface TestDatabase {
  url: string;
  prisma: PrismaClient;
  /** Disconnects `prisma` and deletes the database. */
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  return serverUrl ? createOnServer(serverUrl) : createEmbedded();
}

async function createOnServer(serverUrl: string): Promise<TestDatabase> {
  templateReady ??= buildTemplate(serverUrl);
  const template = await templateReady;
  const name = `app_test_${randomUUID().replaceAll('-', '')}`;
  await query(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = withDatabase(serverUrl, name);
  const prisma = createPrismaClient(url);
  return {
    url,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await query(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

let templateReady: Promise<string> | undefined;

/**
 * Creates app_test_template_<hash> unless it exists. Test processes race for it, so the first one
 * builds it under an advisory lock, in a scratch database renamed once complete: a template that
 * exists is always whole, even after a crashed build.
 */
async function buildTemplate(serverUrl: string): Promise<string> {
  const template = `app_test_template_${await contentHash()}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (rowCount) return template;
    const scratch = `${template}_${randomUUID().slice(0, 8)}`;
    await client.query(`CREATE DATABASE "${scratch}"`);
    const url = withDatabase(serverUrl, scratch);
    await applyMigrations(url);
    const prisma = createPrismaClient(url);
    try {
      await seed(prisma);
      await seedReferenceData(prisma);
    } finally {
      await prisma.$disconnect(); // a template must have no connections when copied
    }
    await client.query(`ALTER DATABASE "${scratch}" RENAME TO "${template}"`);
    // Templates of earlier migrations or seeds are garbage now. Best effort: a run of another
    // checkout may be copying one at this moment, and then the drop fails.
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname ~ '^app_test_template_[0-9a-f]{16}$' AND datname <> $1",
      [template],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => {});
    return template;
  } finally {
    await client.end(); // also releases the advisory lock
  }
}

async function createEmbedded(): Promise<TestDatabase> {
  dumpReady ??= loadOrBuildDump();
  const server = await startEmbeddedPostgres({ loadDataDir: await dumpReady });
  const prisma = createPrismaClient(server.url, { preparedStatements: false });
  return {
    url: server.url,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await server.stop();
    },
  };
}

let dumpReady: Promise<Blob> | undefined;

/** The migrated and seeded data folder, cached in .data/ across processes and runs. */
async function loadOrBuildDump(): Promise<Blob> {
  const dataDir = join(repoRoot, '.data');
  const file = join(dataDir, `test-template-${await contentHash()}.tar.gz`);
  if (existsSync(file)) return new Blob([await readFile(file)]);
  const server = await startEmbeddedPostgres();
  try {
    await applyMigrations(server.url);
    const prisma = createPrismaClient(server.url, { preparedStatements: false });
    try {
      await seed(prisma);
      await seedReferenceData(prisma);
    } finally {
      await prisma.$disconnect();
    }
    const dump = await server.dumpDataDir();
    // Concurrent builders each write a whole file of their own and rename it into place, so a
    // reader never sees a partial tarball and no lock is needed.
    await mkdir(dataDir, { recursive: true });
    const partial = `${file}.${randomUUID()}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    // Tarballs of earlier migrations or seeds are garbage now.
    const stale = (await readdir(dataDir)).filter(
      (name) => /^test-template-[0-9a-f]{16}\.tar\.gz$/.test(name) && join(dataDir, name) !== file,
    );
    await Promise.all(stale.map((name) => rm(join(dataDir, name), { force: true })));
    return dump;
  } finally {
    await server.stop();
  }
}

/** Changes whenever a migration or a seed changes, which invalidates the template. */
async function contentHash(): Promise<string> {
  const hash = createHash('sha256');
  const migrations = (await readdir(migrationsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const migration of migrations) {
    hash.update(migration).update(await readFile(join(migrationsDir, migration, 'migration.sql')));
  }
  // package.json pins the versions of the data packages the reference seed reads.
  for (const file of [
    './seed.ts',
    './reference-seed.ts',
    './reference-seed-lists.ts',
    './reference-seed-data.ts',
    './reference-lists.ts',
    '../package.json',
  ]) {
    hash.update(await readFile(new URL(file, import.meta.url)));
  }
  return hash.digest('hex').slice(0, 16);
}
