// A client's saved travel companions (spouse, children...), each another client of the agency. The
// budget's passenger picker offers them first; the minors check reads parents from them.
import type { Db, Prisma } from '@app/db';
import { CLIENT_FIELD_MESSAGES, CLIENT_LIST_MAX, type Companion, type CompanionInput } from '@app/shared';
import { fromDbDate } from '../../calendar';
import { AppError, fieldError, notFound } from '../../errors';
import { clientCompanionWhere, clientWhere } from './clients.where';

const companionSelect = {
  relationship: true,
  createdAt: true,
  companion: { select: { id: true, name: true, birthDate: true, isActive: true } },
} satisfies Prisma.ClientCompanionSelect;
type CompanionRow = Prisma.ClientCompanionGetPayload<{ select: typeof companionSelect }>;

const toCompanionDto = (c: CompanionRow): Companion => ({
  relationship: c.relationship,
  client: { id: c.companion.id, name: c.companion.name, birth_date: fromDbDate(c.companion.birthDate), is_active: c.companion.isActive },
  created_at: c.createdAt.toISOString(),
});

async function assertClient(db: Db | Prisma.TransactionClient, companyId: number, id: number) {
  if (!(await db.client.findFirst({ where: clientWhere(companyId, id), select: { id: true } }))) throw notFound();
}

/** GET /api/clients/{id}/companions: by relationship (the enum's order: spouse, children, parents...), then name. */
export async function listCompanions(db: Db, companyId: number, clientId: number) {
  await assertClient(db, companyId, clientId);
  const rows = await db.clientCompanion.findMany({
    where: clientCompanionWhere(companyId, clientId),
    select: companionSelect,
    orderBy: [{ relationship: 'asc' }, { companion: { name: 'asc' } }, { companionClientId: 'asc' }],
  });
  return { companions: rows.map(toCompanionDto) };
}

/**
 * POST /api/clients/{id}/companions: saves another client of the agency as a companion; saving one
 * already saved changes its relationship. The client itself and another agency's client are refused.
 */
export async function saveCompanion(db: Db, companyId: number, input: CompanionInput) {
  const { id: clientId, companion_client_id: companionId, relationship } = input;
  await db.$transaction(async (tx) => {
    await assertClient(tx, companyId, clientId);
    if (companionId === clientId) throw fieldError('companion_client_id', CLIENT_FIELD_MESSAGES.selfCompanion);
    if (!(await tx.client.findFirst({ where: clientWhere(companyId, companionId), select: { id: true } }))) {
      throw fieldError('companion_client_id', CLIENT_FIELD_MESSAGES.notFound);
    }
    const saved = await tx.clientCompanion.findFirst({
      where: clientCompanionWhere(companyId, clientId, companionId),
      select: { relationship: true },
    });
    if (!saved && (await tx.clientCompanion.count({ where: clientCompanionWhere(companyId, clientId) })) >= CLIENT_LIST_MAX.companions) {
      throw new AppError('VALIDATION', { message: CLIENT_FIELD_MESSAGES.companionsFull(CLIENT_LIST_MAX.companions) });
    }
    // Both clients were found in the caller's company above: the pair's unique key is safe to upsert by.
    await tx.clientCompanion.upsert({
      where: { clientId_companionClientId: { clientId, companionClientId: companionId } },
      create: { companyId, clientId, companionClientId: companionId, relationship },
      update: { relationship },
    });
  });
  return listCompanions(db, companyId, clientId);
}

/** DELETE /api/clients/{id}/companions/{companion_client_id}: the link only; both clients stay. */
export async function removeCompanion(db: Db, companyId: number, clientId: number, companionId: number) {
  const { count } = await db.clientCompanion.deleteMany({ where: clientCompanionWhere(companyId, clientId, companionId) });
  if (count === 0) throw notFound();
  return listCompanions(db, companyId, clientId);
}
