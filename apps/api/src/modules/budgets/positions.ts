// The order of a budget's proposals and recommendations, and of a proposal's services: positions 0, 1, 2... without gaps,
// rewritten in one statement whenever a row arrives, moves or leaves.
import { Prisma } from '@app/db';

type Tx = Prisma.TransactionClient;

/** The ordered rows: a budget's proposals or recommendations, or a proposal's services. */
export type Siblings = { table: 'proposals' | 'recommendations'; budgetId: number } | { table: 'services'; proposalId: number };

const scopeOf = (s: Siblings) =>
  s.table === 'services'
    ? Prisma.sql`services WHERE proposal_id = ${s.proposalId}`
    : Prisma.sql`${Prisma.raw(s.table)} WHERE budget_id = ${s.budgetId}`;

/**
 * Puts `movedId` at `position` among its siblings (last when undefined or beyond the end) and
 * renumbers the others in their order; without `movedId`, only closes the gaps. The caller holds the
 * budget's lock, so no other write reorders the same rows meanwhile.
 */
export async function placeAt(tx: Tx, siblings: Siblings, movedId?: number, position?: number): Promise<void> {
  const rows = await tx.$queryRaw<{ id: number; position: number }[]>`
    SELECT id, position FROM ${scopeOf(siblings)} ORDER BY position, id`;
  const order = rows.filter((r) => r.id !== movedId);
  if (movedId !== undefined) order.splice(Math.min(position ?? order.length, order.length), 0, { id: movedId, position: -1 });
  const current = new Map(rows.map((r) => [r.id, r.position]));
  const changed = order.flatMap((r, i) => (current.get(r.id) === i ? [] : [Prisma.sql`(${r.id}::int, ${i}::int)`]));
  if (!changed.length) return;
  const table = Prisma.raw(siblings.table);
  await tx.$executeRaw`
    UPDATE ${table} SET position = v.position FROM (VALUES ${Prisma.join(changed)}) AS v(id, position) WHERE ${table}.id = v.id`;
}
