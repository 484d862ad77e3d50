import type { Db, Prisma } from '@app/db';
import { CLIENT_FIELD_MESSAGES, type CreateRecommendationInput, type Recommendation, type UpdateRecommendationInput } from '@app/shared';
import { fieldError, notFound } from '../../errors';
import { assertRoom } from '../budgets/budget-limits';
import { lockBudget } from '../budgets/budgets.where';
import { placeAt } from '../budgets/positions';
import { recommendationWhere } from './recommendations.where';

type Tx = Prisma.TransactionClient;

const recommendationSelect = {
  id: true,
  budgetId: true,
  category: true,
  title: true,
  description: true,
  url: true,
  position: true,
} satisfies Prisma.RecommendationSelect;

function toRecommendationDto(r: Prisma.RecommendationGetPayload<{ select: typeof recommendationSelect }>): Recommendation {
  return {
    id: r.id,
    budget_id: r.budgetId,
    category: r.category,
    title: r.title,
    description: r.description,
    url: r.url,
    position: r.position,
  };
}

async function answer(tx: Tx, id: number) {
  return toRecommendationDto(await tx.recommendation.findUniqueOrThrow({ where: { id }, select: recommendationSelect }));
}

/** The caller's recommendation with its budget locked (its order changes one write at a time); 404 otherwise. */
async function lockedRecommendation(tx: Tx, companyId: number, id: number) {
  const found = await tx.recommendation.findFirst({ where: recommendationWhere(companyId, id), select: { budgetId: true } });
  if (!found || !(await lockBudget(tx, companyId, found.budgetId))) throw notFound();
  return found;
}

const fieldsData = (input: Omit<CreateRecommendationInput, 'budget_id' | 'position'>) => ({
  category: input.category,
  title: input.title,
  description: input.description ?? null,
  url: input.url ?? null,
});

export async function getRecommendation(db: Db, companyId: number, id: number) {
  const row = await db.recommendation.findFirst({ where: recommendationWhere(companyId, id), select: recommendationSelect });
  if (!row) throw notFound();
  return toRecommendationDto(row);
}

/** POST /api/recommendations: a tip of the agency's budget, last or at `position`. */
export async function createRecommendation(db: Db, companyId: number, input: CreateRecommendationInput) {
  const { budget_id, position, ...fields } = input;
  return db.$transaction(async (tx) => {
    if (!(await lockBudget(tx, companyId, budget_id))) throw fieldError('budget_id', CLIENT_FIELD_MESSAGES.notFound);
    await assertRoom(tx, 'recommendations', budget_id, 1, 'budget_id');
    const { id } = await tx.recommendation.create({
      data: { companyId, budgetId: budget_id, ...fieldsData(fields), position: 1_000_000 },
      select: { id: true },
    });
    await placeAt(tx, { table: 'recommendations', budgetId: budget_id }, id, position);
    return answer(tx, id);
  });
}

/** PUT /api/recommendations/{id}: every field again; `position` moves it among the budget's tips. */
export async function updateRecommendation(db: Db, companyId: number, input: UpdateRecommendationInput) {
  const { id, position, ...fields } = input;
  return db.$transaction(async (tx) => {
    const current = await lockedRecommendation(tx, companyId, id);
    await tx.recommendation.update({ where: { id }, data: fieldsData(fields) });
    if (position !== undefined) await placeAt(tx, { table: 'recommendations', budgetId: current.budgetId }, id, position);
    return answer(tx, id);
  });
}

export async function deleteRecommendation(db: Db, companyId: number, id: number) {
  return db.$transaction(async (tx) => {
    const current = await lockedRecommendation(tx, companyId, id);
    await tx.recommendation.delete({ where: { id } });
    await placeAt(tx, { table: 'recommendations', budgetId: current.budgetId });
    return { id, deleted: true as const };
  });
}
