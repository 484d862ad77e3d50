// No lost update (migration record_versions): the rows an agency edits carry a version that every
// user edit bumps, in the edit's own transaction. Figures kept by triggers or by totals refreshes
// (a budget's total after a service changed) do not bump it: they are not an agent's edit.
import { type Db, Prisma } from '@app/db';
import { staleVersionMessage, type VersionConflict } from '@app/shared';
import { AppError, notFound } from './errors';

/** The tables whose rows carry `version` and `updated_by_id`. */
export const VERSIONED_TABLES = [
  'clients',
  'attendances',
  'budgets',
  'proposals',
  'services',
  'suppliers',
  'tasks',
  'reservations',
  'contract_templates',
  'budget_templates',
  'companies',
] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];

export type VersionClaim = {
  table: VersionedTable;
  companyId: number;
  id: number;
  /** Who edits (null: the system). */
  userId: number | null;
  /** The version the write was based on; undefined: not checked. */
  expected?: number;
};

type Tx = Prisma.TransactionClient;

/** Security-critical: the row's table and its tenant filter (an agency's own row of `companies` is the agency). */
function target(claim: Pick<VersionClaim, 'table' | 'companyId'>) {
  const table = Prisma.raw(`"${claim.table}"`);
  const tenant = claim.table === 'companies' ? Prisma.sql`t.id = ${claim.companyId}` : Prisma.sql`t.company_id = ${claim.companyId}`;
  return { table, tenant };
}

/**
 * Security-critical (tenant filter: the row must be the agency's). Claims an edit of a row: bumps
 * its version and records who edits, as the first write of the edit's transaction (the row stays
 * locked until commit, so a concurrent claim waits and then sees the new version). When `expected`
 * is given and another edit came first, throws 409 with the current version, who and when: the
 * transaction rolls back and nothing changes. A missing row, or another agency's, is a 404.
 * Returns the new version.
 */
export async function claimVersion(tx: Tx | Db, claim: VersionClaim): Promise<number> {
  const { table, tenant } = target(claim);
  const expected = claim.expected ?? null;
  const claimed = await tx.$queryRaw<{ version: number }[]>`
    UPDATE ${table} AS t SET version = t.version + 1, updated_by_id = ${claim.userId}, updated_at = now()
    WHERE t.id = ${claim.id} AND ${tenant} AND (${expected}::int IS NULL OR t.version = ${expected}::int)
    RETURNING t.version`;
  if (claimed[0]) return claimed[0].version;
  throw await refusal(tx, claim);
}

/**
 * Security-critical (tenant filter). Checks, without bumping it, that a row is still at the version
 * a write that only reads it was based on (a duplicate copies the row, leaving it as it was): the
 * row is share-locked until commit, so an edit cannot slip in between. 404 when missing; 409 when stale.
 */
export async function checkVersion(tx: Tx, claim: Omit<VersionClaim, 'userId'>): Promise<void> {
  const { table, tenant } = target(claim);
  const [row] = await tx.$queryRaw<
    { version: number }[]
  >`SELECT t.version FROM ${table} t WHERE t.id = ${claim.id} AND ${tenant} FOR SHARE`;
  if (!row) throw notFound();
  if (claim.expected !== undefined && row.version !== claim.expected) throw await refusal(tx, claim);
}

/** The 409 of a stale write (the current version, who and when), or the 404 of a row that is not there. */
async function refusal(tx: Tx | Db, claim: Pick<VersionClaim, 'table' | 'companyId' | 'id'>): Promise<AppError> {
  const { table, tenant } = target(claim);
  const [current] = await tx.$queryRaw<{ version: number; updated_at: Date; user_id: number | null; user_name: string | null }[]>`
    SELECT t.version, t.updated_at, u.id AS user_id, u.name AS user_name
    FROM ${table} t LEFT JOIN users u ON u.id = t.updated_by_id
    WHERE t.id = ${claim.id} AND ${tenant}`;
  if (!current) return notFound();
  return staleVersion({
    version: current.version,
    updated_by: current.user_id !== null && current.user_name !== null ? { id: current.user_id, name: current.user_name } : null,
    updated_at: current.updated_at.toISOString(),
  });
}

export function staleVersion(conflict: VersionConflict): AppError {
  return new AppError('CONFLICT', { message: staleVersionMessage(conflict), conflict });
}
