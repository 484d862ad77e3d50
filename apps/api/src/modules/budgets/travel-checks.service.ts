// GET /api/budgets/{id}/travel-checks: the passengers' documents against the trip, by the shared
// rules (travel-documents.ts): passports, the destination's visa, minors without both parents.
import type { Db } from '@app/db';
import { type BudgetTravelChecks, businessDate, travelChecks } from '@app/shared';
import { fromDbDate } from '../../calendar';
import { type DocumentCipher, maskDocumentNumber } from '../../document-numbers';
import { notFound } from '../../errors';
import { companionLinksWhere } from '../clients/clients.where';
import { budgetWhere } from './budgets.where';

export async function budgetTravelChecks(
  db: Db,
  cipher: DocumentCipher,
  companyId: number,
  id: number,
  today = businessDate(),
): Promise<BudgetTravelChecks> {
  const budget = await db.budget.findFirst({
    where: budgetWhere(companyId, id),
    select: {
      id: true,
      startDate: true,
      endDate: true,
      destinationCountry: true,
      paxes: {
        select: {
          id: true,
          name: true,
          position: true,
          clientId: true,
          ageGroup: true,
          age: true,
          birthDate: true,
          documentType: true,
          documentNumberSealed: true,
          documentExpiresAt: true,
        },
      },
    },
  });
  if (!budget) throw notFound();
  const clientIds = [...new Set(budget.paxes.flatMap((p) => (p.clientId ? [p.clientId] : [])))];
  // Parents are read only among the passengers' own clients: two at least make a link.
  const links =
    clientIds.length > 1
      ? await db.clientCompanion.findMany({
          where: companionLinksWhere(companyId, clientIds),
          select: { clientId: true, companionClientId: true, relationship: true },
        })
      : [];
  const checks = travelChecks(
    { start_date: fromDbDate(budget.startDate), end_date: fromDbDate(budget.endDate), destination_country: budget.destinationCountry },
    budget.paxes.map((p) => ({
      id: p.id,
      name: p.name,
      position: p.position,
      client_id: p.clientId,
      age_group: p.ageGroup,
      age: p.age,
      birth_date: fromDbDate(p.birthDate),
      document_type: p.documentType,
      document_number: p.documentNumberSealed ? maskDocumentNumber(cipher.open(p.documentNumberSealed)) : null,
      document_expires_at: fromDbDate(p.documentExpiresAt),
    })),
    links.map((l) => ({ client_id: l.clientId, companion_client_id: l.companionClientId, relationship: l.relationship })),
    today,
  );
  return { budget_id: budget.id, ...checks };
}
