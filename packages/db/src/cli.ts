// tsx src/cli.ts create <name> | apply | reset | seed | status   (against DATABASE_URL)
import { createPrismaClient } from './index';
import { applyMigrations, createMigration, migrationStatus, resetDatabase } from './migrate';
import { seedReferenceData } from './reference-seed';
import { seed } from './seed';

const USAGE = 'usage: tsx src/cli.ts create <name> | apply | reset | seed | status';

const [command, name] = process.argv.slice(2);
const url = process.env.DATABASE_URL;

if (!command || !['create', 'apply', 'reset', 'seed', 'status'].includes(command)) {
  console.error(USAGE);
  process.exit(2);
}
if (!url) {
  console.error(
    'DATABASE_URL is not set. Point it at the database to work on, e.g.\n' +
      `  DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres tsx src/cli.ts ${command}`,
  );
  process.exit(2);
}

const list = (names: string[]) => names.map((n) => `  ${n}`).join('\n');

switch (command) {
  case 'create': {
    if (!name) {
      console.error('usage: tsx src/cli.ts create <name>');
      process.exit(2);
    }
    await createMigration(url, name);
    break;
  }
  case 'apply':
  case 'reset': {
    const applied = command === 'apply' ? await applyMigrations(url) : await resetDatabase(url);
    console.log(applied.length ? `applied:\n${list(applied)}` : 'no pending migrations');
    break;
  }
  case 'seed': {
    // One short run, and the URL may be the embedded server's: no statement cache.
    const prisma = createPrismaClient(url, { preparedStatements: false });
    try {
      await seed(prisma);
      await seedReferenceData(prisma);
    } finally {
      await prisma.$disconnect();
    }
    console.log('seeded');
    break;
  }
  case 'status': {
    const status = await migrationStatus(url);
    console.log(`${status.local.length} migration(s) in prisma/migrations`);
    if (status.pending.length) console.log(`not applied:\n${list(status.pending)}`);
    if (status.unknown.length) console.log(`applied but missing from the folder:\n${list(status.unknown)}`);
    if (status.failed.length) console.log(`failed:\n${list(status.failed)}`);
    if (status.edited.length) console.log(`changed after being applied:\n${list(status.edited)}`);
    if (status.upToDate) console.log('database is up to date');
    process.exitCode = status.upToDate ? 0 : 1;
    break;
  }
}
