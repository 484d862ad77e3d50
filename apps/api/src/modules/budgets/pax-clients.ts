// The agency's clients as passengers: what a passenger takes from its client (paxFieldsFromClient),
// and the clients the passenger picker offers, the budget client's saved companions first.
import type { Db, Prisma } from '@app/db';
import { type PaxCandidate, type PaxClientFields, paxFieldsFromClient } from '@app/shared';
import { matchesSearchWords, searchWords } from '@app/shared/search-terms';
import { fromDbDate } from '../../calendar';
import { type DocumentCipher, maskDocumentNumber } from '../../document-numbers';
import { notFound } from '../../errors';
import { listClients } from '../clients/clients.service';
import { clientCompanionWhere, clientWhere } from '../clients/clients.where';
import { budgetWhere } from './budgets.where';

type Tx = Prisma.TransactionClient;

/** Some of the agency's clients, by id, with the passenger fields each gives; another agency's are left out. */
export async function travellerClients(db: Db | Tx, cipher: DocumentCipher, companyId: number, ids: number[]) {
  const rows = ids.length
    ? await db.client.findMany({
        where: { ...clientWhere(companyId), id: { in: ids } },
        select: {
          id: true,
          name: true,
          birthDate: true,
          cpf: true,
          email: true,
          phone: true,
          documents: { select: { type: true, numberSealed: true, country: true, expiresAt: true }, orderBy: { id: 'asc' } },
        },
      })
    : [];
  return new Map<number, { name: string; fields: PaxClientFields }>(
    rows.map((c) => [
      c.id,
      {
        name: c.name,
        fields: paxFieldsFromClient({
          birth_date: fromDbDate(c.birthDate),
          cpf: c.cpf,
          email: c.email,
          phone: c.phone,
          documents: c.documents.map((d) => ({
            type: d.type,
            number: cipher.open(d.numberSealed),
            country: d.country,
            expires_at: fromDbDate(d.expiresAt),
          })),
        }),
      },
    ]),
  );
}

const OTHERS_SHOWN = 10;

/**
 * GET /api/budgets/{id}/pax-candidates: the budget's client and its saved companions (active ones
 * matching the search), then up to ten other active clients of the agency matching it, by name.
 */
export async function paxCandidates(
  db: Db,
  cipher: DocumentCipher,
  companyId: number,
  id: number,
  search?: string,
): Promise<{ candidates: PaxCandidate[] }> {
  const budget = await db.budget.findFirst({
    where: budgetWhere(companyId, id),
    select: { client: { select: { id: true, name: true, isActive: true } } },
  });
  if (!budget) throw notFound();
  const companions = await db.clientCompanion.findMany({
    where: { ...clientCompanionWhere(companyId, budget.client.id), companion: { isActive: true } },
    select: { relationship: true, companion: { select: { id: true, name: true } } },
    orderBy: [{ relationship: 'asc' }, { companion: { name: 'asc' } }, { companionClientId: 'asc' }],
  });
  // Names matched as the clients list's search does: every word, blind to accents and case.
  const words = searchWords(search ?? '');
  const suggested = [
    ...(budget.client.isActive ? [{ id: budget.client.id, name: budget.client.name, suggested_as: 'client' as const }] : []),
    ...companions.map((c) => ({ id: c.companion.id, name: c.companion.name, suggested_as: c.relationship })),
  ].filter((c) => matchesSearchWords(c.name, words));
  const taken = new Set(suggested.map((c) => c.id));
  const { clients } = await listClients(db, companyId, { search, is_active: 'true', page: 1, per_page: OTHERS_SHOWN + taken.size });
  const others = clients
    .filter((c) => !taken.has(c.id))
    .slice(0, OTHERS_SHOWN)
    .map((c) => ({ id: c.id, name: c.name, suggested_as: null }));
  const listed = [...suggested, ...others];
  const fields = await travellerClients(
    db,
    cipher,
    companyId,
    listed.map((c) => c.id),
  );
  return {
    candidates: listed.flatMap((c) => {
      const found = fields.get(c.id);
      if (!found) return [];
      const number = found.fields.document_number;
      // Masked like every number the screens get; a budget saved with it keeps the client's full one.
      return [{ ...c, pax: { ...found.fields, document_number: number ? maskDocumentNumber(number) : null } }];
    }),
  };
}
