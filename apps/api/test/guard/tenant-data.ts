import { randomUUID } from 'node:crypto';
import type { Db } from '@app/db';
import { documentCipher } from '../../src/document-numbers';
import { TEST_DATA_ENCRYPTION_KEY } from '../harness';
import { SHARED_TABLES } from '../route-classification';

const testCipher = documentCipher(TEST_DATA_ENCRYPTION_KEY);

/**
 * Tenant data read from the database catalog (so new models are covered without a line here):
 * which table belongs to an agency and through which path, a generic factory that creates rows
 * of every kind for an agency, exact dumps of an agency's rows, and whole-database fingerprints.
 */

type Column = { name: string; udt: string; nullable: boolean; hasDefault: boolean; maxLength: number | null; isArray: boolean };
type ForeignKey = { column: string; refTable: string; refColumn: string };
/** `pk`: the single-column primary key, if the table has one (a composite key leaves it undefined). */
export type Table = { name: string; model: string; columns: Column[]; pk?: string; fks: ForeignKey[]; uniques: string[] };
/** How a table reaches its agency: a column holding the company id, through joins. */
type TenantPath = { joins: { column: string; table: string; refColumn: string }[]; companyColumn: string } | 'root';

export type Catalog = {
  tables: Map<string, Table>;
  enums: Map<string, string[]>;
  tenant: Map<string, TenantPath>;
  /** Models whose table has no path to an agency and is not declared shared. */
  unclassified: string[];
};

const q = (id: string) => `"${id.replaceAll('"', '""')}"`;
const IGNORED = new Set(['_prisma_migrations']);

/** Values for columns whose meaning the generic factory cannot guess (`table.column`). */
const FACTORY_OVERRIDES: Record<string, (n: number, companyId: number) => unknown> = {
  // Extra staff created by the factory cannot log in (no password) and hold the least power.
  'users.role': () => 'colaborador',
  'users.status': () => 'inactive',
  'users.password_hash': () => null,
  // A hotel has 1 to 5 stars (a CHECK); a photo's key is an image key of its agency (the file itself is absent).
  'favorite_hotels.stars': (n) => (n % 5) + 1,
  'media.key': (_n, companyId) => `images/${companyId}/${randomUUID()}.png`,
  'media.content_type': () => 'image/png',
  // A payment method has 1 to 24 installments (a CHECK), 1 when not split. A quote is one per agency
  // and currency (a unique index) and the agency has one of every tracked currency from its
  // creation, so each row quotes a currency of its own outside them.
  'payment_methods.max_installments': () => 1,
  'currency_quotes.currency': (n) => `X${String(n).padStart(2, '0')}`,
  // A budget's accepted proposal is one of its own (set by the accept route): none here, which also
  // breaks the budgets <-> proposals reference cycle. Rates are reais per unit (BRL: 1).
  'budgets.accepted_proposal_id': () => null,
  'budgets.currency_rate': () => '1',
  // A service's commission is 0 to 100 % and its rate positive (CHECKs); type 'other' has no details
  // to fill (every other type's details are checked by its schema when read).
  'services.commission_basis_points': (n) => (n * 100) % 10_000,
  'services.quote_rate': () => '1',
  'services.type': () => 'other',
  // A comment's line is a total-value table line.
  'financial_table_comments.line': () => 'sale',
  // NFS-e: enumerated columns (CHECKs), a DPS sequence from 1, no certificate (the factory's text
  // would not open), and a rejected note (nothing to download).
  'nfse_settings.tax_regime': () => 'simples_nacional',
  'nfse_settings.basis': () => 'intermediacao',
  'nfse_settings.issuer': () => 'national',
  'nfse_settings.environment': () => 'homologacao',
  'nfse_settings.next_dps_number': (n) => n + 1,
  'nfse_settings.certificate_sealed': () => null,
  'nfse_settings.password_sealed': () => null,
  'nfse_settings.gateway_token_sealed': () => null,
  'nfse_notes.gateway_ref': () => null,
  'nfse_notes.status': () => 'rejected',
  'nfse_notes.environment': () => 'homologacao',
  'nfse_notes.errors': () => '[]',
  'nfse_notes.cancel_reason': () => null,
  // A first note of its sale, not a substitute.
  'nfse_notes.substitutes_note_id': () => null,
  'nfse_notes.substitution_reason': () => null,
  // A task's time of day is 'HH:MM' (a CHECK); a follow-up's or preload's source key is one per agency.
  'tasks.due_time': (n) => `${String(8 + (n % 10)).padStart(2, '0')}:30`,
  'tasks.source_key': (n) => `typed:${n}`,
  // Document numbers are sealed with the app's key (the routes open them to mask them).
  'client_documents.number_sealed': (n) => testCipher.seal(`GD${String(n).padStart(6, '0')}`),
  'budget_paxes.document_number_sealed': (n) => testCipher.seal(`GP${String(n).padStart(6, '0')}`),
};

/**
 * Statements run after the factory for each agency ($1), for agreements across tables the generic
 * references cannot see: a budget's client and owner are its attendance's (the API copies them),
 * a service sits in its proposal's budget, a comment's proposal is of the comment's budget.
 */
const FACTORY_FIXUPS: string[] = [
  `UPDATE budgets b SET client_id = a.client_id, owner_user_id = a.owner_user_id FROM attendances a
   WHERE a.id = b.attendance_id AND b.company_id = $1`,
  // The newest budget, which the matrices' samples name, is sold: the proposal of the newest service
  // becomes its own and its current sale is of that proposal, so the routes that take only a sold
  // budget's rows (a voucher of a sold service) accept the samples.
  `UPDATE proposals SET budget_id = (SELECT max(id) FROM budgets WHERE company_id = $1)
   WHERE id = (SELECT proposal_id FROM services WHERE id = (SELECT max(id) FROM services WHERE company_id = $1))`,
  `UPDATE budgets SET status = 'sold' WHERE id = (SELECT max(id) FROM budgets WHERE company_id = $1)`,
  `UPDATE sales SET budget_id = (SELECT max(id) FROM budgets WHERE company_id = $1), undone_at = NULL,
     proposal_id = (SELECT proposal_id FROM services WHERE id = (SELECT max(id) FROM services WHERE company_id = $1))
   WHERE id = (SELECT max(id) FROM sales WHERE company_id = $1)`,
  `UPDATE services s SET budget_id = p.budget_id FROM proposals p WHERE p.id = s.proposal_id AND s.company_id = $1`,
  `UPDATE financial_table_comments c SET budget_id = p.budget_id FROM proposals p WHERE p.id = c.proposal_id AND c.company_id = $1`,
];

export async function readCatalog(db: Db): Promise<Catalog> {
  const columns = await db.$queryRawUnsafe<
    {
      table_name: string;
      column_name: string;
      udt_name: string;
      is_nullable: string;
      column_default: string | null;
      is_identity: string;
      character_maximum_length: number | null;
      data_type: string;
    }[]
  >(
    `SELECT table_name, column_name, udt_name, is_nullable, column_default, is_identity, character_maximum_length, data_type
     FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  const fks = await db.$queryRawUnsafe<{ tbl: string; col: string; ref_tbl: string; ref_col: string }[]>(
    `SELECT c.relname AS tbl, a.attname AS col, rc.relname AS ref_tbl, ra.attname AS ref_col
     FROM pg_constraint k
     JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
     JOIN pg_class rc ON rc.oid = k.confrelid
     JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = k.confkey[1]
     WHERE k.contype = 'f' AND n.nspname = 'public' AND array_length(k.conkey, 1) = 1`,
  );
  const indexes = await db.$queryRawUnsafe<{ tbl: string; col: string; is_primary: boolean }[]>(
    `SELECT c.relname AS tbl, a.attname AS col, i.indisprimary AS is_primary
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
     WHERE i.indisunique AND i.indnatts = 1 AND n.nspname = 'public'`,
  );
  const enumRows = await db.$queryRawUnsafe<{ typname: string; label: string }[]>(
    `SELECT t.typname, e.enumlabel AS label FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid ORDER BY t.typname, e.enumsortorder`,
  );
  const models = (db as unknown as { _runtimeDataModel: { models: Record<string, { dbName: string | null }> } })._runtimeDataModel.models;
  const modelOf = (table: string) => Object.entries(models).find(([name, m]) => (m.dbName ?? name) === table)?.[0] ?? table;

  const tables = new Map<string, Table>();
  for (const c of columns) {
    if (IGNORED.has(c.table_name)) continue;
    let t = tables.get(c.table_name);
    if (!t) {
      t = { name: c.table_name, model: modelOf(c.table_name), columns: [], fks: [], uniques: [] };
      tables.set(c.table_name, t);
    }
    t.columns.push({
      name: c.column_name,
      udt: c.udt_name.replace(/^_/, ''),
      isArray: c.data_type === 'ARRAY',
      nullable: c.is_nullable === 'YES',
      hasDefault: c.column_default !== null || c.is_identity === 'YES',
      maxLength: c.character_maximum_length,
    });
  }
  for (const f of fks) tables.get(f.tbl)?.fks.push({ column: f.col, refTable: f.ref_tbl, refColumn: f.ref_col });
  for (const i of indexes) {
    const t = tables.get(i.tbl);
    if (!t) continue;
    if (i.is_primary) t.pk = i.col;
    else t.uniques.push(i.col);
  }
  const enums = new Map<string, string[]>();
  for (const e of enumRows) enums.set(e.typname, [...(enums.get(e.typname) ?? []), e.label]);

  const tenant = new Map<string, TenantPath>([['companies', 'root']]);
  for (const t of tables.values()) {
    const companyFk = t.fks.find((f) => f.refTable === 'companies');
    const column = companyFk?.column ?? (t.columns.some((c) => c.name === 'company_id') ? 'company_id' : undefined);
    if (t.name !== 'companies' && column) tenant.set(t.name, { joins: [], companyColumn: column });
  }
  // Child tables reach their agency through a parent, preferring a required reference.
  for (let changed = true; changed; ) {
    changed = false;
    for (const t of tables.values()) {
      if (tenant.has(t.name)) continue;
      const candidates = t.fks.filter((f) => f.refTable !== t.name && tenant.get(f.refTable) && tenant.get(f.refTable) !== 'root');
      const fk = candidates.find((f) => !t.columns.find((c) => c.name === f.column)?.nullable) ?? candidates[0];
      if (!fk) continue;
      const parent = tenant.get(fk.refTable) as Exclude<TenantPath, 'root'>;
      tenant.set(t.name, {
        joins: [{ column: fk.column, table: fk.refTable, refColumn: fk.refColumn }, ...parent.joins],
        companyColumn: parent.companyColumn,
      });
      changed = true;
    }
  }
  const unclassified = [...tables.values()]
    .filter((t) => !tenant.has(t.name) && !SHARED_TABLES[t.name])
    .map((t) => `${t.model} (table ${t.name})`);
  return { tables, enums, tenant, unclassified };
}

/** FROM ... WHERE selecting the rows of `table` that belong to company $1, aliased t0. */
function scopedFrom(cat: Catalog, table: string): string {
  const path = cat.tenant.get(table);
  if (!path) throw new Error(`${table} has no tenant path`);
  if (path === 'root') return `FROM ${q(table)} t0 WHERE t0.${q('id')} = $1`;
  let sql = `FROM ${q(table)} t0`;
  let alias = 't0';
  path.joins.forEach((j, i) => {
    const next = `t${i + 1}`;
    sql += ` JOIN ${q(j.table)} ${next} ON ${alias}.${q(j.column)} = ${next}.${q(j.refColumn)}`;
    alias = next;
  });
  return `${sql} WHERE ${alias}.${q(path.companyColumn)} = $1`;
}

export type CompanyDump = Record<string, string[]>;

/** Every row of the agency, as PostgreSQL prints it (row_to_json text), in a stable order. */
export async function dumpCompany(db: Db, cat: Catalog, companyId: number): Promise<CompanyDump> {
  const tables = [...cat.tenant.keys()];
  const sql = tables.map((table) => `SELECT '${table}' AS t, row_to_json(t0)::text AS j ${scopedFrom(cat, table)}`).join(' UNION ALL ');
  const rows = await db.$queryRawUnsafe<{ t: string; j: string }[]>(`${sql} ORDER BY 1, 2`, companyId);
  const out: CompanyDump = Object.fromEntries(tables.map((t) => [t, [] as string[]]));
  for (const r of rows) out[r.t]?.push(r.j);
  return out;
}

/** Ids of the agency's rows per table. */
export function idsOf(cat: Catalog, dump: CompanyDump): Map<string, number[]> {
  const ids = new Map<string, number[]>();
  for (const [table, rows] of Object.entries(dump)) {
    const pk = cat.tables.get(table)?.pk;
    if (!pk) continue;
    ids.set(
      table,
      rows.map((r) => (JSON.parse(r) as Record<string, unknown>)[pk]).filter((v): v is number => typeof v === 'number'),
    );
  }
  return ids;
}

/**
 * Has a table changed: every table logs each of its writing statements that touched a row (one
 * row in guard_changes, written in the statement's own transaction, so a write rolled back leaves
 * none). An update that leaves the values as they were still counts. Reading this log costs a
 * fraction of a millisecond after each case of a matrix, where hashing every row of every table
 * (the reference lists hold tens of thousands) took tens of milliseconds.
 */
export async function recordChanges(db: Db, cat: Catalog): Promise<void> {
  await db.$executeRawUnsafe('CREATE TABLE guard_changes (table_name text NOT NULL)');
  await db.$executeRawUnsafe(`CREATE FUNCTION guard_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM changed) THEN
        INSERT INTO guard_changes (table_name) VALUES (TG_TABLE_NAME);
      END IF;
      RETURN NULL;
    END $$`);
  await db.$executeRawUnsafe(`CREATE FUNCTION guard_log_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO guard_changes (table_name) VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END $$`);
  for (const t of cat.tables.keys()) {
    // A trigger with a transition table takes one event each.
    for (const [event, rows] of [
      ['INSERT', 'NEW'],
      ['UPDATE', 'NEW'],
      ['DELETE', 'OLD'],
    ] as const) {
      await db.$executeRawUnsafe(
        `CREATE TRIGGER guard_${event.toLowerCase()} AFTER ${event} ON ${q(t)} REFERENCING ${rows} TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION guard_log_change()`,
      );
    }
    await db.$executeRawUnsafe(
      `CREATE TRIGGER guard_truncate AFTER TRUNCATE ON ${q(t)} FOR EACH STATEMENT EXECUTE FUNCTION guard_log_truncate()`,
    );
  }
}

/** Writes so far per table, since recordChanges: two fingerprints differ where a table was written. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const rows = await db.$queryRawUnsafe<{ t: string; n: string }[]>(
    'SELECT table_name AS t, count(*)::text AS n FROM guard_changes GROUP BY table_name',
  );
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

/** Strings specific to one agency (ids, dates and values other agencies share are left out). */
export function distinctiveStrings(own: CompanyDump, others: CompanyDump[]): Set<string> {
  const strings = (dump: CompanyDump) => {
    const out = new Set<string>();
    const walk = (v: unknown) => {
      if (typeof v === 'string') out.add(v);
      else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
    };
    for (const rows of Object.values(dump)) for (const r of rows) walk(JSON.parse(r));
    return out;
  };
  const common = new Set(others.flatMap((d) => [...strings(d)]));
  return new Set(
    [...strings(own)].filter((s) => s.length >= 6 && !common.has(s) && !/^\d{4}-\d\d-\d\d/.test(s) && !/^[\d.,\s-]+$/.test(s)),
  );
}

// ---------------------------------------------------------------------------------------------
// Generic factory

function textFor(column: string, table: string, n: number, companyId: number): string {
  const c = column.toLowerCase();
  const tag = `c${companyId}`;
  if (c.includes('email')) return `${tag}-${table.replaceAll('_', '-')}-${n}@exemplo.test`;
  if (c.endsWith('url') || c.includes('link')) return `https://exemplo.test/${tag}/${table}/${n}`;
  if (c.includes('phone') || c.includes('telefone')) return `1199999${String(companyId * 100 + n).padStart(4, '0')}`;
  if (c === 'cpf') return String(10_000_000_000 + companyId * 1000 + n);
  if (c === 'cnpj') return String(10_000_000_000_000 + companyId * 1000 + n);
  if (c.includes('postal') || c === 'cep') return '01001000';
  if (c === 'state' || c === 'uf') return 'SP';
  if (c.includes('currency')) return 'BRL';
  if (c.includes('subdomain')) return `${tag}-${n}-${randomUUID().slice(0, 6)}`;
  // Storage keys have a shape the storage port checks (platform/storage.ts); the file itself is absent.
  if (c.endsWith('_key') && c.includes('image')) return `images/${companyId}/${randomUUID()}.png`;
  if (c.endsWith('_key')) return `files/${companyId}/${randomUUID()}.pdf`;
  if (c.includes('hash') || c.includes('token')) return `${tag}-${randomUUID()}`;
  if (c.includes('content_type') || c.includes('mime')) return 'application/pdf';
  return `Guarda ${tag} ${table}.${column} ${n}`;
}

function scalarFor(table: Table, col: Column, n: number, companyId: number, enums: Map<string, string[]>): unknown {
  const override = FACTORY_OVERRIDES[`${table.name}.${col.name}`];
  if (override) return override(n, companyId);
  if (col.isArray) return '{}';
  const labels = enums.get(col.udt);
  if (labels) return labels[n % labels.length];
  switch (col.udt) {
    case 'int2':
    case 'int4':
    case 'int8':
      return String(n * 100 + 1);
    case 'numeric':
    case 'float4':
    case 'float8':
      return `${n * 100 + 1}.5`;
    case 'bool':
      return n % 2 === 0 ? 'true' : 'false';
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'citext': {
      const v = textFor(col.name, table.name, n, companyId);
      return col.maxLength ? v.slice(0, col.maxLength) : v;
    }
    case 'timestamp':
    case 'timestamptz':
      return new Date(Date.UTC(2026, 0, 1 + n, 12)).toISOString();
    case 'date':
      // Day n of 2026 (row 31 is 1 February, not '2026-01-32').
      return new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
    case 'time':
      return '12:00:00';
    case 'json':
    case 'jsonb':
      return '{}';
    case 'uuid':
      return randomUUID();
    case 'bytea':
      return '\\x00';
    default:
      throw new Error(
        `no generic value for ${table.model}.${col.name} (${col.udt}): add an entry to FACTORY_OVERRIDES in apps/api/test/guard/tenant-data.ts`,
      );
  }
}

/**
 * Creates `perTable` rows of every agency-owned table for `companyId`, linking each reference to
 * a row of the same agency (shared tables: any row). Throws naming the model it cannot create.
 */
export async function seedCompanyData(db: Db, cat: Catalog, companyId: number, perTable = 2): Promise<void> {
  let counter = 0;
  const existing = async (table: string): Promise<number | undefined> => {
    const t = cat.tables.get(table) as Table;
    if (!t.pk) return undefined;
    const scoped = cat.tenant.has(table) && cat.tenant.get(table) !== 'root';
    const sql = scoped
      ? `SELECT t0.${q(t.pk)} AS id ${scopedFrom(cat, table)} ORDER BY 1 LIMIT 1`
      : `SELECT ${q(t.pk)} AS id FROM ${q(table)} ORDER BY 1 LIMIT 1`;
    const rows = await db.$queryRawUnsafe<{ id: number }[]>(sql, ...(scoped ? [companyId] : []));
    return rows[0]?.id;
  };
  const create = async (table: string, depth: number): Promise<number | undefined> => {
    const t = cat.tables.get(table) as Table;
    if (depth > 12) throw new Error(`tenant factory: reference cycle reaching ${t.model}`);
    const path = cat.tenant.get(table);
    const companyColumn = path && path !== 'root' && path.joins.length === 0 ? path.companyColumn : undefined;
    // One row per agency (a unique company reference, e.g. the subscription): keep the existing one.
    if (companyColumn && t.uniques.includes(companyColumn) && (await existing(table)) !== undefined) return undefined;
    counter += 1;
    const n = counter;
    const names: string[] = [];
    const values: unknown[] = [];
    const casts: string[] = [];
    for (const col of t.columns) {
      if (col.name === t.pk && col.hasDefault) continue;
      const fk = t.fks.find((f) => f.column === col.name);
      let value: unknown;
      const override = FACTORY_OVERRIDES[`${table}.${col.name}`];
      if (col.name === companyColumn) value = companyId;
      else if (fk && override) {
        value = override(n, companyId);
        if (value === null && col.nullable) continue;
      } else if (fk) {
        if (fk.refTable === table) {
          if (col.nullable) continue;
          throw new Error(`tenant factory: ${t.model}.${col.name} references its own table and is required`);
        }
        // A reference the table keeps unique (a supplier's client) gets a row of its own.
        const reused = t.uniques.includes(col.name) ? undefined : await existing(fk.refTable);
        value = reused ?? (await create(fk.refTable, depth + 1)) ?? (await existing(fk.refTable));
        if (value === undefined) {
          if (col.nullable) continue;
          throw new Error(`tenant factory: no ${fk.refTable} row for ${t.model}.${col.name}`);
        }
      } else if (col.hasDefault && !FACTORY_OVERRIDES[`${table}.${col.name}`]) continue;
      else value = scalarFor(t, col, n, companyId, cat.enums);
      names.push(q(col.name));
      values.push(value === null || value === undefined ? null : String(value));
      casts.push(`$${values.length}::${cat.enums.has(col.udt) ? q(col.udt) : col.udt}${col.isArray ? '[]' : ''}`);
    }
    try {
      const rows = await db.$queryRawUnsafe<{ id: number }[]>(
        // A table keyed by its columns (a link, or a per-status count a trigger already wrote) or by
        // its agency alone (a version a trigger already wrote) keeps the row it has.
        `INSERT INTO ${q(table)} (${names.join(', ')}) VALUES (${casts.join(', ')}) ${t.pk && t.pk !== 'company_id' ? '' : 'ON CONFLICT DO NOTHING '}RETURNING ${t.pk ? q(t.pk) : 'NULL'} AS id`,
        ...values,
      );
      return rows[0]?.id;
    } catch (error) {
      throw new Error(
        `tenant factory cannot create a ${t.model} row (table ${table}): ${(error as Error).message}. Add the column to FACTORY_OVERRIDES in apps/api/test/guard/tenant-data.ts`,
      );
    }
  };
  for (const table of cat.tenant.keys()) {
    if (table === 'companies') continue;
    // A link table (a key of two references, e.g. a method's card brand) gets one row: a second
    // would link the same two rows again.
    const rows = cat.tables.get(table)?.pk ? perTable : 1;
    for (let i = 0; i < rows; i++) await create(table, 0);
  }
  for (const fixup of FACTORY_FIXUPS) await db.$executeRawUnsafe(fixup, companyId);
}

/** SELECT of every row of `table` with the company it belongs to (`company`) and `columns`. */
function withCompany(cat: Catalog, table: string, columns: string[]): string {
  const path = cat.tenant.get(table);
  const cols = columns.map((c, i) => `t0.${q(c)} AS c${i}`).join(', ');
  if (path === 'root') return `SELECT t0.${q('id')} AS company, ${cols} FROM ${q(table)} t0`;
  if (!path) throw new Error(`${table} has no tenant path`);
  let from = `FROM ${q(table)} t0`;
  let alias = 't0';
  path.joins.forEach((j, i) => {
    from += ` JOIN ${q(j.table)} t${i + 1} ON ${alias}.${q(j.column)} = t${i + 1}.${q(j.refColumn)}`;
    alias = `t${i + 1}`;
  });
  return `SELECT ${alias}.${q(path.companyColumn)} AS company, ${cols} ${from}`;
}

/**
 * References that cross agencies: a row of one agency pointing at a row of another. Must be
 * none, whatever the routes did.
 */
export async function crossTenantReferences(db: Db, cat: Catalog): Promise<string[]> {
  const problems: string[] = [];
  for (const table of cat.tenant.keys()) {
    const t = cat.tables.get(table) as Table;
    for (const fk of t.fks) {
      if (!cat.tenant.has(fk.refTable) || fk.refTable === table) continue;
      const targets = await db.$queryRawUnsafe<{ company: number; c0: unknown }[]>(withCompany(cat, fk.refTable, [fk.refColumn]));
      const ownerOf = new Map(targets.map((r) => [String(r.c0), r.company]));
      const rows = await db.$queryRawUnsafe<{ company: number; c0: unknown }[]>(withCompany(cat, table, [fk.column]));
      for (const r of rows) {
        const theirs = r.c0 === null ? undefined : ownerOf.get(String(r.c0));
        if (theirs !== undefined && theirs !== r.company) {
          problems.push(
            `a ${t.model} row of company ${r.company} references ${fk.refTable} ${String(r.c0)} of company ${theirs} through ${fk.column}`,
          );
        }
      }
    }
  }
  return problems;
}
