import type { Prisma } from '@app/db';
import type { Proposal } from '@app/shared';

export const proposalSelect = {
  id: true,
  budgetId: true,
  title: true,
  notes: true,
  position: true,
  saleCents: true,
  costCents: true,
  version: true,
} satisfies Prisma.ProposalSelect;

export function toProposalDto(p: Prisma.ProposalGetPayload<{ select: typeof proposalSelect }>): Proposal {
  return {
    id: p.id,
    budget_id: p.budgetId,
    title: p.title,
    notes: p.notes,
    position: p.position,
    sale_cents: p.saleCents,
    cost_cents: p.costCents,
    version: p.version,
  };
}
