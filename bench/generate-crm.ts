// Bulk CRM data for the load benchmark: one large agency (200,000 attendances, 50,000 clients,
// 20 users, 20,000 tasks) and 50 small ones (1,000 attendances and 250 clients each), generated inside
// PostgreSQL with INSERT ... SELECT generate_series. Wipes and re-migrates DATABASE_URL first.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_crm npx tsx bench/generate-crm.ts
import { BENCH } from './crm-data';
import { activateAllCompanies, fillCompany, fillTasks, freshBenchDatabase, settleBulkWrites } from './fill';

const { db, passwordHash, step } = await freshBenchDatabase('bench_crm');

const big = await db.company.create({ data: { name: BENCH.bigAgency, subdomain: 'grande' } });
await fillCompany(db, big.id, { users: BENCH.users, clients: BENCH.clients, attendances: BENCH.attendances }, BENCH.owner, passwordHash);
await fillTasks(db, big.id, BENCH.tasks);
step(`${BENCH.bigAgency}: ${BENCH.attendances} attendances, ${BENCH.clients} clients, ${BENCH.users} users, ${BENCH.tasks} tasks`);

for (let n = 1; n <= BENCH.smallAgencies; n++) {
  const company = await db.company.create({ data: { name: `Agência Pequena ${n}`, subdomain: `pequena${n}` } });
  await fillCompany(
    db,
    company.id,
    { users: 3, clients: BENCH.smallClients, attendances: BENCH.smallAttendances },
    `dono@pequena${n}.bench`,
    passwordHash,
  );
}
step(`${BENCH.smallAgencies} small agencies: ${BENCH.smallAttendances} attendances and ${BENCH.smallClients} clients each`);

await activateAllCompanies(db);
await settleBulkWrites(db);
step('active subscriptions');

// Fresh statistics and visibility map: what a production database has after autovacuum.
await db.$executeRawUnsafe(
  'VACUUM (ANALYZE) attendances, attendance_stats, attendance_status_stats, attendance_month_stats, clients, attendance_logs, users, subscriptions, tasks',
);
step('vacuum analyze');
const [counts] = await db.$queryRaw<{ attendances: number; clients: number; logs: number }[]>`
  SELECT (SELECT count(*)::int FROM attendances) AS attendances, (SELECT count(*)::int FROM clients) AS clients,
         (SELECT count(*)::int FROM attendance_logs) AS logs`;
step(`done: ${JSON.stringify(counts)}`);
await db.$disconnect();
