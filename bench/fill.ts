// Bulk rows of one agency, generated inside PostgreSQL (INSERT ... SELECT generate_series): shared by
// bench/generate-crm.ts (one large agency and many small ones) and bench/generate.ts (N alike).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrismaClient, hashPassword, type PrismaClient } from '@app/db';
import { migrationsDir, resetDatabase } from '@app/db/migrate';
import { PAID_PLAN_FEATURES } from '@app/db/seed';
import { BENCH } from './crm-data';

/**
 * Wipes and re-migrates DATABASE_URL, which must name a database whose name starts with "bench"
 * (`example` is the one the error message suggests). Returns its client, the hash of the bench
 * password and `step`, which prints a label with the seconds since the start.
 */
export async function freshBenchDatabase(example: string) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error(`Set DATABASE_URL to the benchmark database (e.g. .../${example})`);
  const dbName = new URL(url).pathname.slice(1);
  if (!dbName.startsWith('bench')) throw new Error(`Refusing to wipe "${dbName}": the benchmark database name must start with "bench"`);

  const started = Date.now();
  const step = (label: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s  ${label}`);

  await resetDatabase(url);
  step('database reset and migrated');
  const db = createPrismaClient(url);
  await setBulkTriggers(db, false);
  return { db, passwordHash: await hashPassword(BENCH.password), step };
}

/**
 * Row triggers a bulk write must not run: the Painel's counters (each row upserts the same few day,
 * week and month rows, so 200,000 attendances in one statement leave chains of versions every next
 * upsert walks: minutes instead of seconds) and the live-change notifications nobody listens to here.
 * The counters are summed afterwards by `settleBulkWrites`, as their migration sums existing rows.
 */
async function setBulkTriggers(db: PrismaClient, enabled: boolean) {
  const triggers = await db.$queryRaw<{ table: string; name: string }[]>`
    SELECT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE NOT t.tgisinternal AND (t.tgname = 'agency_dashboard_stats' OR t.tgname LIKE '%record_change')`;
  for (const t of triggers) await db.$executeRawUnsafe(`ALTER TABLE "${t.table}" ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER "${t.name}"`);
}

/** After the bulk writes: the Painel's counters summed from the rows (the statement its migration runs), the triggers back on. */
export async function settleBulkWrites(db: PrismaClient) {
  const folder = readdirSync(migrationsDir).find((f) => f.endsWith('_agency_dashboard_stats'));
  if (!folder) throw new Error('no agency_dashboard_stats migration');
  const script = readFileSync(join(migrationsDir, folder, 'migration.sql'), 'utf8');
  const backfill = script.slice(
    script.indexOf('INSERT INTO agency_dashboard_stats (company_id'),
    script.indexOf('ANALYZE agency_dashboard_stats'),
  );
  await db.$executeRawUnsafe('TRUNCATE agency_dashboard_stats');
  await db.$executeRawUnsafe(backfill.trim().replace(/;$/, ''));
  await setBulkTriggers(db, true);
}

export type AgencySizes = { users: number; clients: number; attendances: number };

/** Clients, users and attendances of one company, all in SQL. */
export async function fillCompany(db: PrismaClient, companyId: number, sizes: AgencySizes, ownerEmail: string, passwordHash: string) {
  await db.$executeRaw`
    INSERT INTO users (company_id, name, email, role, status, password_hash, updated_at)
    SELECT ${companyId}::int, CASE WHEN i = 1 THEN 'Dono ' ELSE 'Agente ' END || i || ' da ' || ${companyId}::int,
           CASE WHEN i = 1 THEN ${ownerEmail}::text ELSE 'agente' || i || '@c' || ${companyId}::int || '.bench' END,
           (CASE WHEN i = 1 THEN 'owner' ELSE 'colaborador' END)::"UserRole", 'active', ${passwordHash}::text, now()
    FROM generate_series(1, ${sizes.users}::int) AS i`;

  // Names from small lists; CPF/CNPJ unique per company (digits only; check digits not computed here).
  await db.$executeRaw`
    INSERT INTO clients (company_id, kind, name, cpf, cnpj, email, phone, is_active, created_at, updated_at)
    SELECT ${companyId}::int,
           (CASE WHEN i % 5 = 0 THEN 'organization' ELSE 'person' END)::"ClientKind",
           CASE WHEN i % 5 = 0 THEN (ARRAY['Viagens','Turismo','Eventos','Consultoria','Comércio'])[1 + i % 5] || ' ' || i || ' Ltda'
                ELSE (ARRAY['Ana','Bruno','Carla','Daniel','Eduarda','Felipe','Gabriela','Heitor','Isabela','João','Larissa','Marcos'])[1 + i % 12]
                     || ' ' || (ARRAY['Silva','Souza','Oliveira','Santos','Lima','Pereira','Costa','Rodrigues','Almeida','Nunes'])[1 + (i / 12) % 10]
                     || ' ' || i END,
           CASE WHEN i % 5 <> 0 THEN lpad(i::text, 11, '0') END,
           CASE WHEN i % 5 = 0 THEN lpad(i::text, 14, '0') END,
           'cliente' || i || '@exemplo.com.br', '1199' || lpad(i::text, 7, '0'),
           i % 20 <> 0,
           now() - (i % 730) * interval '1 day', now()
    FROM generate_series(1, ${sizes.clients}::int) AS i`;

  // Spread over the last two years: 40% open, 30% won, 25% lost, 5% canceled; trips from a month
  // before to six months after creation (10% without a date); closed up to 60 days after creation.
  await db.$executeRaw`
    WITH c AS (SELECT array_agg(id ORDER BY id) AS ids FROM clients WHERE company_id = ${companyId}::int),
         u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE company_id = ${companyId}::int),
         rows AS (
           SELECT i, now() - random() * interval '730 days' AS created, random() * 210 - 30 AS trip_offset,
                  CASE WHEN r < 0.40 THEN 'open' WHEN r < 0.70 THEN 'won' WHEN r < 0.95 THEN 'lost' ELSE 'canceled' END AS status,
                  (ARRAY['Lisboa','Paris','Roma','Orlando','Cancún','Buenos Aires','Santiago','Gramado','Fernando de Noronha','Porto Seguro',
                         'Maceió','Natal','Bariloche','Madri','Londres','Nova York','Tóquio','Dubai','Cidade do Cabo','Machu Picchu'])[1 + i % 20] AS dest
           FROM (SELECT i, random() AS r FROM generate_series(1, ${sizes.attendances}::int) AS i) s
         )
    INSERT INTO attendances (company_id, client_id, owner_user_id, title, destination, start_date, end_date, adults, children, infants,
                             budget_min_cents, budget_max_cents, value_cents, status, lost_reason, closed_at, created_at, updated_at)
    SELECT ${companyId}::int, c.ids[1 + (i * 7919) % array_length(c.ids, 1)], u.ids[1 + (i * 31) % array_length(u.ids, 1)],
           'Viagem para ' || dest || ' #' || i, dest,
           CASE WHEN i % 10 <> 0 THEN (created + trip_offset * interval '1 day')::date END,
           -- Trips of 3 to 17 days: the end never precedes the start (edits re-check the range).
           CASE WHEN i % 10 <> 0 THEN (created + (trip_offset + 3 + i % 15) * interval '1 day')::date END,
           1 + i % 4, i % 3, i % 7 / 6, 50000 * (1 + i % 20), 100000 * (1 + i % 20), 50000 + (i * 2654435761 % 4950000),
           status::"AttendanceStatus", CASE WHEN status = 'lost' THEN 'Preço' END,
           CASE WHEN status <> 'open' THEN least(now(), created + random() * interval '60 days') END,
           created, created
    FROM rows, c, u`;

  await db.$executeRaw`
    INSERT INTO attendance_logs (company_id, attendance_id, user_id, action, changes, created_at)
    SELECT company_id, id, owner_user_id, 'created', '{}', created_at FROM attendances WHERE company_id = ${companyId}::int`;
}

/**
 * The task board of one company: `count` tasks over the four columns (a third done), each column's
 * positions dense from 0 as the board keeps them, assigned round the agency's users, half of them
 * on an attendance, due from a month ago to two months ahead (a fifth without a date).
 */
export async function fillTasks(db: PrismaClient, companyId: number, count: number) {
  await db.$executeRaw`
    WITH u AS (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE company_id = ${companyId}::int),
         a AS (SELECT array_agg(id) AS ids FROM (SELECT id FROM attendances WHERE company_id = ${companyId}::int ORDER BY id LIMIT 5000) s),
         rows AS (
           SELECT i, (ARRAY['to_do','doing','on_hold','done','done','to_do'])[1 + i % 6] AS status,
                  (ARRAY['Emitir bilhetes','Confirmar hotel','Enviar voucher','Cobrar parcela','Ligar para o cliente','Conferir passaportes'])[1 + i % 6] AS title
           FROM generate_series(1, ${count}::int) AS i
         )
    INSERT INTO tasks (company_id, attendance_id, assignee_user_id, created_by_user_id, title, description, due_date, status, priority,
                       position, completed_at, created_at, updated_at)
    SELECT ${companyId}::int, CASE WHEN i % 2 = 0 THEN a.ids[1 + i % array_length(a.ids, 1)] END,
           u.ids[1 + i % array_length(u.ids, 1)], u.ids[1], title || ' #' || i, 'Tarefa ' || i || ' da agência',
           CASE WHEN i % 5 <> 0 THEN current_date + (i % 90 - 30) END, status::"TaskStatus",
           (ARRAY['low','normal','normal','high','urgent'])[1 + i % 5]::"TaskPriority",
           (row_number() OVER (PARTITION BY status ORDER BY i) - 1)::int,
           CASE WHEN status = 'done' THEN now() END, now() - (i % 60) * interval '1 day', now()
    FROM rows, u, a`;
}

/** Every agency on an active paid plan with every feature: restricted plans are refused before any query runs. */
export async function activateAllCompanies(db: PrismaClient) {
  const plan = await db.plan.create({ data: { name: 'Plano Profissional', amountCents: 14_990, features: PAID_PLAN_FEATURES } });
  await db.$executeRaw`
    INSERT INTO subscriptions (company_id, plan_id, status, current_period_end, updated_at)
    SELECT id, ${plan.id}::int, 'active', now() + interval '30 days', now() FROM companies`;
}
