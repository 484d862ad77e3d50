// Writes the reference lists' system rows (reference-seed-lists.ts). Idempotent: a row is keyed by
// seed_key (IATA, ISO or IBGE code, GeoNames id, a slug), a list whose keys are all present gets no
// insert, and the rest go in by bulk INSERT ... ON CONFLICT DO NOTHING. When the seed changed, the
// system rows nobody edited take its new values (a renamed airport, a city's population); a row
// edited or deactivated by super_admin stays as it is.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { PrismaClient } from './generated/prisma/client';
import { REFERENCE_LISTS, type ReferenceListKey, type StoredListKey, searchSource, uniqueCodeOf } from './reference-lists';
import * as data from './reference-seed-data';
import type { SeedRow } from './reference-seed-lists';

// Serialises concurrent seeders (two app processes starting at once on one database).
const REFERENCE_SEED_LOCK = 7_345_002;
const CHUNK = 2000;

/**
 * Bump when the seed's code changes the rows it writes: the next start then loads the seed and adds
 * what is new. The hand-kept rows (reference-seed-data.ts) and this package's dependencies (the data
 * packages' pinned versions among them) are part of the fingerprint by themselves.
 */
const SEED_REVISION = 2;
const { dependencies } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { dependencies: unknown };
const fingerprint = createHash('sha1')
  .update(JSON.stringify({ revision: SEED_REVISION, dependencies, data }))
  .digest('hex');

const parentListOf = (list: StoredListKey): string | null =>
  list in REFERENCE_LISTS ? (REFERENCE_LISTS[list as ReferenceListKey].parent?.list ?? null) : null;

/** A row as the insert reads it: null fields dropped, search text and unique code derived from the declaration. */
function toRecord(list: StoredListKey, row: SeedRow) {
  const fields = Object.fromEntries(Object.entries(row.fields ?? {}).filter(([, value]) => value !== null && value !== undefined));
  const code = row.code ?? null;
  return {
    key: row.key,
    name: row.name,
    code,
    unique_code: uniqueCodeOf(list, code),
    parent: row.parent ?? null,
    fields,
    search_text: searchSource(list, { name: row.name, code, fields }),
  };
}

const INSERT = `
INSERT INTO reference_items (list, name, code, unique_code, parent_id, fields, search_text, seed_key)
SELECT $1, r.name, r.code, r.unique_code, p.id, r.fields, r.search_text, r.key
FROM jsonb_to_recordset($2::jsonb) AS r(key text, name text, code text, unique_code text, parent text, fields jsonb, search_text text)
LEFT JOIN reference_items p ON p.list = $3 AND p.seed_key = r.parent AND p.company_id IS NULL
ON CONFLICT DO NOTHING`;

/**
 * The seed's values over a system row nobody changed since it was written: the API's writes set
 * updated_at (Prisma's @updatedAt), the seed's never do. Rows already equal are left alone.
 */
const REFRESH = `
UPDATE reference_items t
SET name = r.name, code = r.code, unique_code = r.unique_code, parent_id = p.id, fields = r.fields, search_text = r.search_text
FROM jsonb_to_recordset($2::jsonb) AS r(key text, name text, code text, unique_code text, parent text, fields jsonb, search_text text)
LEFT JOIN reference_items p ON p.list = $3 AND p.seed_key = r.parent AND p.company_id IS NULL
WHERE t.list = $1 AND t.seed_key = r.key AND t.company_id IS NULL AND t.updated_at = t.created_at
  AND (t.name, t.code, t.parent_id, t.fields) IS DISTINCT FROM (r.name, r.code, p.id, r.fields)`;

/**
 * `loaded`: whether the seed's data was read (false when the database already held all of it);
 * `skipped`: the lists that held every key; `updated`: the unedited rows that took new values.
 */
export type ReferenceSeedReport = {
  inserted: Partial<Record<StoredListKey, number>>;
  updated: Partial<Record<StoredListKey, number>>;
  skipped: StoredListKey[];
  loaded: boolean;
};

/** The lists, when the last seed had this fingerprint and every list still holds as many system rows. */
async function seededLists(prisma: PrismaClient): Promise<StoredListKey[] | null> {
  const [state] = await prisma.$queryRaw<{ fingerprint: string; counts: Record<string, number> }[]>`
    SELECT fingerprint, counts FROM reference_seed_state WHERE id = 1`;
  if (state?.fingerprint !== fingerprint) return null;
  const present = await systemRows(prisma);
  const lists = Object.entries(state.counts);
  return lists.every(([list, rows]) => (present.get(list) ?? 0) >= rows) ? (lists.map(([list]) => list) as StoredListKey[]) : null;
}

async function systemRows(db: Pick<PrismaClient, '$queryRaw'>): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ list: string; rows: number }[]>`
    SELECT list, count(*)::int AS rows FROM reference_items
    WHERE company_id IS NULL AND seed_key IS NOT NULL GROUP BY list`;
  return new Map(rows.map((r) => [r.list, r.rows]));
}

/**
 * Adds the system rows a database lacks. A database the same seed already filled costs two small
 * reads; otherwise the data is loaded, lists whose seed keys are all present cost one count, and
 * the state is recorded for the next start.
 */
export async function seedReferenceData(prisma: PrismaClient): Promise<ReferenceSeedReport> {
  const seeded = await seededLists(prisma);
  if (seeded) return { inserted: {}, updated: {}, skipped: seeded, loaded: false };
  const { REFERENCE_SEEDS } = await import('./reference-seed-lists');
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REFERENCE_SEED_LOCK})`;
      const present = await systemRows(tx);
      const report: ReferenceSeedReport = { inserted: {}, updated: {}, skipped: [], loaded: true };
      const counts: Record<string, number> = {};
      for (const seed of REFERENCE_SEEDS) {
        const rows = seed.rows();
        counts[seed.list] = rows.length;
        const complete = (present.get(seed.list) ?? 0) >= rows.length;
        if (complete) report.skipped.push(seed.list);
        // A list with no system row yet has nothing to refresh.
        const statements = [...(complete ? [] : [INSERT]), ...(present.has(seed.list) ? [REFRESH] : [])];
        for (const statement of statements) {
          let changed = 0;
          for (let i = 0; i < rows.length; i += CHUNK) {
            const chunk = rows.slice(i, i + CHUNK).map((row) => toRecord(seed.list, row));
            changed += await tx.$executeRawUnsafe(statement, seed.list, JSON.stringify(chunk), parentListOf(seed.list));
          }
          if (changed) report[statement === INSERT ? 'inserted' : 'updated'][seed.list] = changed;
        }
      }
      if (Object.keys(report.inserted).length || Object.keys(report.updated).length) {
        // A bulk insert leaves its GIN entries in the index's pending list, which every search then
        // reads through (slower than a scan, so the planner stops using the trigram index until a
        // vacuum): merge it now, and give the planner the new row counts.
        await tx.$queryRawUnsafe(`
          SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i
          JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
          WHERE i.indrelid = 'reference_items'::regclass AND a.amname = 'gin'`);
        await tx.$executeRawUnsafe('ANALYZE reference_items');
      }
      await tx.$executeRaw`
        INSERT INTO reference_seed_state (id, fingerprint, counts) VALUES (1, ${fingerprint}, ${JSON.stringify(counts)}::jsonb)
        ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, counts = EXCLUDED.counts, updated_at = now()`;
      return report;
    },
    { timeout: 120_000 },
  );
}
