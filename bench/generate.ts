// A dataset of a chosen size for bench/scenario.ts: N alike agencies, each with its users, clients
// and attendances (and their logs), all on an active paid plan. Wipes and re-migrates DATABASE_URL.
//
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/bench_guard npx tsx bench/generate.ts \
//     --agencies 50 --users 5 --clients 500 --attendances 2000
//
// Sizes are per agency. Owners log in as dono@agencia<n>.bench, agents as agente<i>@c<company id>.bench,
// all with the password in bench/crm-data.ts.
import { parseArgs } from 'node:util';
import { activateAllCompanies, fillCompany, freshBenchDatabase, settleBulkWrites } from './fill';

const { values } = parseArgs({
  options: {
    agencies: { type: 'string', default: '20' },
    users: { type: 'string', default: '5' },
    clients: { type: 'string', default: '500' },
    attendances: { type: 'string', default: '2000' },
  },
});
const size = (name: keyof typeof values) => {
  const n = Number(values[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
  return n;
};
const agencies = size('agencies');
const sizes = { users: size('users'), clients: size('clients'), attendances: size('attendances') };

const { db, passwordHash, step } = await freshBenchDatabase('bench_guard');
for (let n = 1; n <= agencies; n++) {
  const company = await db.company.create({ data: { name: `Agência Bench ${n}`, subdomain: `bench${n}` } });
  await fillCompany(db, company.id, sizes, `dono@agencia${n}.bench`, passwordHash);
  if (n % 10 === 0 || n === agencies) step(`${n}/${agencies} agencies`);
}
await activateAllCompanies(db);
await settleBulkWrites(db);
await db.$executeRawUnsafe('VACUUM (ANALYZE)');
const [counts] = await db.$queryRaw<{ companies: number; users: number; clients: number; attendances: number }[]>`
  SELECT (SELECT count(*)::int FROM companies) AS companies, (SELECT count(*)::int FROM users) AS users,
         (SELECT count(*)::int FROM clients) AS clients, (SELECT count(*)::int FROM attendances) AS attendances`;
step(`done: ${JSON.stringify(counts)}`);
await db.$disconnect();
