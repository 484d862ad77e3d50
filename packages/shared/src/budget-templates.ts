// Agency templates ("Pacote Buenos Aires 7 noites"), the contracts of /api/budget-templates: a
// proposal or a whole budget saved with its services and prices, every date kept as days from the
// trip's start. A new budget (POST /api/budgets/ with `template_id`) or new proposals of a budget
// start from one on the budget's own dates and passengers. The date arithmetic is here, pure.
import type { BudgetTemplateKind } from '@app/db/browser';
import {
  BUDGET_CURRENCIES,
  BUDGET_SERVICE_TYPES,
  type BudgetServiceType,
  type RoomInput,
  serviceCommonFields,
  serviceMoneyField,
  TAXES_BASES,
} from './budget-services';
import { idParam, paginationInput, paginationSchema, recordIdField, searchInput } from './pagination';
import { addDays } from './sale-checklist';
import { versionField, versionOutput } from './versions';
import { z } from './zod';

export const BUDGET_TEMPLATE_KINDS = ['proposal', 'budget'] as const satisfies readonly BudgetTemplateKind[];
export const BUDGET_TEMPLATE_KIND_LABELS: Record<BudgetTemplateKind, string> = {
  proposal: 'Proposta',
  budget: 'Orçamento inteiro',
};

export const BUDGET_TEMPLATE_MESSAGES = {
  noServices: 'não há serviços para salvar no modelo',
  keepOneService: 'o modelo precisa de pelo menos um serviço: para apagá-lo, exclua o modelo',
  proposalsMismatch: 'envie cada proposta do modelo, na ordem em que ele as lista',
  serviceUnknown: 'este serviço não está nesta proposta do modelo',
  serviceTwice: 'este serviço aparece duas vezes',
  startDateRequired: 'informe a data de início da viagem: as datas do modelo contam a partir dela',
  deleteConfirm: (name: string) => `Excluir o modelo "${name}"? Orçamentos já criados a partir dele não mudam.`,
} as const;

const nameField = z.string().trim().min(2).max(120);

/** Days from the trip's start (0: its first day; negative: before it). */
const dayOffset = z.number().int().min(-3660).max(3660);

/** A service as a template keeps it (the JSON of budget_templates.proposals): its dates as days. */
export const templateServiceSchema = z.object({
  type: z.enum(BUDGET_SERVICE_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  start_day: dayOffset.nullable(),
  start_time: z.string().nullable(),
  end_day: dayOffset.nullable(),
  end_time: z.string().nullable(),
  adult_number: z.number().int(),
  child_number: z.number().int(),
  infant_number: z.number().int(),
  currency: z.enum(BUDGET_CURRENCIES),
  adult_cents: z.number().int(),
  child_cents: z.number().int(),
  infant_cents: z.number().int(),
  total_cents: z.number().int(),
  taxes_cents: z.number().int(),
  taxes_basis: z.enum(TAXES_BASES),
  fee_cents: z.number().int(),
  commission_basis_points: z.number().int(),
  /** The type's details; a flight's segments carry departure_day/arrival_day instead of dates. */
  details: z.record(z.string(), z.unknown()),
});
export type TemplateService = z.infer<typeof templateServiceSchema>;

export const templateProposalSchema = z.object({
  title: z.string(),
  notes: z.string().nullable(),
  services: z.array(templateServiceSchema),
});
export const templateProposalsSchema = z.array(templateProposalSchema);
export type TemplateProposal = z.infer<typeof templateProposalSchema>;

/** POST /api/budget-templates: the budget's proposals (or only `proposal_id`, one of them) saved as a template. */
export const createBudgetTemplateInput = z
  .object({ name: nameField, budget_id: recordIdField(), proposal_id: recordIdField().optional() })
  .strict();
export type CreateBudgetTemplateInput = z.infer<typeof createBudgetTemplateInput>;

/** PATCH /api/budget-templates/{id}: a new name. */
export const updateBudgetTemplateInput = idParam.extend({ name: nameField, ...versionField }).strict();
export type UpdateBudgetTemplateInput = z.infer<typeof updateBudgetTemplateInput>;

/**
 * A service kept by PATCH /api/budget-templates/{id}/services: its place in its proposal (as GET
 * lists it), its title and its prices (the fares of a per-passenger service, the total of one
 * priced as a whole; a hotel's are its rooms', not edited here).
 */
export const editedTemplateServiceInput = z
  .object({
    index: z.number().int().min(0),
    title: serviceCommonFields.title,
    adult_cents: serviceMoneyField.optional(),
    child_cents: serviceMoneyField.optional(),
    infant_cents: serviceMoneyField.optional(),
    total_cents: serviceMoneyField.optional(),
  })
  .strict();

/** PATCH /api/budget-templates/{id}/services: every proposal, in order, with the services it keeps; one left out is removed. */
export const updateBudgetTemplateServicesInput = idParam
  .extend({
    ...versionField,
    proposals: z
      .array(z.object({ services: z.array(editedTemplateServiceInput).max(200) }).strict())
      .min(1)
      .max(50),
  })
  .strict();
export type UpdateBudgetTemplateServicesInput = z.infer<typeof updateBudgetTemplateServicesInput>;

export const listBudgetTemplatesInput = z.object({
  /** Every word in the name or destination, blind to accents and case. */
  search: searchInput,
  ...paginationInput,
});
export type ListBudgetTemplatesInput = z.infer<typeof listBudgetTemplatesInput>;

/** POST /api/budget-templates/apply: the template's proposals added to the budget (the template is only read). */
export const applyBudgetTemplateInput = z.object({ template_id: recordIdField(), budget_id: recordIdField() }).strict();
export type ApplyBudgetTemplateInput = z.infer<typeof applyBudgetTemplateInput>;

export const budgetTemplateListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(BUDGET_TEMPLATE_KINDS),
  destination: z.string().nullable(),
  days: z.number().int().nullable(),
  proposals_count: z.number().int(),
  services_count: z.number().int(),
  created_at: z.string(),
  version: versionOutput,
});
export type BudgetTemplateListItem = z.infer<typeof budgetTemplateListItemSchema>;

export const listBudgetTemplatesOutput = z.object({
  budget_templates: z.array(budgetTemplateListItemSchema),
  pagination: paginationSchema,
});

/** One template with what it holds (titles and days; prices show on the budget made from it). */
export const budgetTemplateSchema = budgetTemplateListItemSchema.extend({
  proposals: z.array(
    z.object({
      title: z.string(),
      services: z.array(
        z.object({
          type: z.enum(BUDGET_SERVICE_TYPES),
          title: z.string(),
          start_day: z.number().int().nullable(),
          end_day: z.number().int().nullable(),
          currency: z.enum(BUDGET_CURRENCIES),
          adult_cents: z.number().int(),
          child_cents: z.number().int(),
          infant_cents: z.number().int(),
          total_cents: z.number().int(),
        }),
      ),
    }),
  ),
});
export type BudgetTemplate = z.infer<typeof budgetTemplateSchema>;

/** The budget and its new proposals' ids, in their order. */
export const applyBudgetTemplateOutput = z.object({ budget_id: z.number().int(), proposal_ids: z.array(z.number().int()) });
export const budgetTemplateDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole days from one ISO date to another. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);

type Segment = Record<string, unknown>;
const segmentsOf = (details: unknown): Segment[] | null => {
  const segments = (details as { segments?: unknown } | null)?.segments;
  return Array.isArray(segments) ? (segments as Segment[]) : null;
};
const isoOrNull = (v: unknown) => (typeof v === 'string' && ISO_DATE.test(v) ? v : null);

/** A stored service's dates (its own and its flight segments'), as ISO strings. */
export type DatedService = { start_date: string | null; end_date: string | null; details: unknown };

/**
 * The day a template counts from: the trip's start, else the earliest date its services hold
 * (a budget without dates of its own); null when nothing is dated.
 */
export function templateAnchor(tripStart: string | null, services: readonly DatedService[]): string | null {
  if (tripStart) return tripStart;
  const dates = services.flatMap((s) => [
    s.start_date,
    s.end_date,
    ...(segmentsOf(s.details) ?? []).flatMap((g) => [isoOrNull(g.departure_date), isoOrNull(g.arrival_date)]),
  ]);
  const known = dates.filter((d): d is string => !!d).sort();
  return known[0] ?? null;
}

const toDay = (date: string | null, anchor: string | null) => (date && anchor ? daysBetween(anchor, date) : null);

/** A service's dates as days from `anchor`, its flight segments' too. */
export function datesToDays<S extends DatedService>(service: S, anchor: string | null) {
  const { start_date, end_date, details, ...rest } = service;
  const segments = segmentsOf(details);
  return {
    ...rest,
    start_day: toDay(start_date, anchor),
    end_day: toDay(end_date, anchor),
    details: (segments
      ? {
          ...(details as object),
          segments: segments.map(({ departure_date, arrival_date, ...segment }) => ({
            ...segment,
            departure_day: toDay(isoOrNull(departure_date), anchor),
            arrival_day: toDay(isoOrNull(arrival_date), anchor),
          })),
        }
      : details) as Record<string, unknown>,
  };
}

/** Whether the template holds any date (then a trip start is needed to place it). */
export function templateHasDays(proposals: readonly TemplateProposal[]): boolean {
  return proposals.some((p) =>
    p.services.some(
      (s) =>
        s.start_day !== null ||
        s.end_day !== null ||
        (segmentsOf(s.details) ?? []).some((g) => typeof g.departure_day === 'number' || typeof g.arrival_day === 'number'),
    ),
  );
}

/** Travellers by age group: a budget's passengers counted, or a service's own counts. */
export type ServiceHeadCounts = { adult_number: number; child_number: number; infant_number: number };

const fromDay = (day: unknown, start: string | null) => (typeof day === 'number' && start ? addDays(start, day) : null);

/**
 * A template's service as a service input of a trip starting on `start`, for `travellers` (the
 * budget's passengers by age group; null: the template's own counts). A hotel of one room line
 * takes the travellers into that room (its price is the room's); with more lines its rooms stay.
 */
export function serviceFromTemplate(t: TemplateService, start: string | null, travellers: ServiceHeadCounts | null) {
  const { start_day, end_day, details, ...rest } = t;
  // No passengers named yet: the template's own counts stay.
  const heads = travellers && travellers.adult_number + travellers.child_number + travellers.infant_number > 0 ? travellers : null;
  const segments = segmentsOf(details);
  let typed: Record<string, unknown> = details;
  if (segments) {
    typed = {
      ...details,
      segments: segments.map(({ departure_day, arrival_day, ...segment }) => ({
        ...segment,
        departure_date: fromDay(departure_day, start),
        arrival_date: fromDay(arrival_day, start),
      })),
    };
  }
  const rooms = (typed as { rooms?: RoomInput[] }).rooms;
  if (t.type === 'accommodation' && heads && rooms?.length === 1 && rooms[0]?.number_room === 1) {
    typed = { ...typed, rooms: [{ ...rooms[0], ...heads }] };
  }
  return {
    ...rest,
    ...heads,
    type: t.type as BudgetServiceType,
    start_date: fromDay(start_day, start),
    end_date: fromDay(end_day, start),
    details: typed,
  };
}
