// Budgets (orçamentos): an attendance's priced alternatives. The contracts of /api/budgets; the
// proposals, services and recommendations inside a budget have their own files.
import { agentRatesField } from './agent-rates';
import { emailField } from './auth';
import { BUDGET_LIMITS } from './budget-limits';
import { BUDGET_CURRENCIES } from './budget-services';
import { BUDGET_STATUSES, type BudgetStatus } from './budget-statuses';
import { AGE_GROUPS, type AgeGroup, type ByAgeGroup, type ProposalTotals } from './budget-totals';
import { countryField, cpfField, dateField } from './clients';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from './constants';
import { costField, type WithCostsOptional } from './cost-fields';
import { CLIENT_DOCUMENT_TYPES, COMPANION_RELATIONSHIPS } from './crm-labels';
import { CLIENT_FIELD_MESSAGES, NOTES_MAX_LENGTH } from './crm-rules';
import { currencyQuery, idParam, paginationSchema, recordIdField, recordIdQuery, searchInput } from './pagination';
import { type InstallmentOption, PAYMENT_METHOD_KINDS } from './payment-methods';
import { proposalSchema } from './proposals';
import { recommendationSchema } from './recommendations';
import { type StoredService, serviceSchema } from './services';
import { PASSPORT_ISSUES, type TravelChecks, VISA_REQUIREMENTS } from './travel-documents';
import { versionField, versionOutput } from './versions';
import { dayRangeIssues, reportIssues, z } from './zod';

export { BUDGET_STATUSES, type BudgetStatus } from './budget-statuses';
export const BUDGET_STATUS_LABELS: Record<BudgetStatus, string> = {
  draft: 'Rascunho',
  sent: 'Enviado',
  accepted: 'Aceito',
  sold: 'Vendido',
  canceled: 'Cancelado',
};
export const PAX_AGE_GROUP_LABELS: Record<AgeGroup, string> = { adult: 'Adulto', child: 'Criança', infant: 'Bebê' };

/** A budget list page holds up to 50 budgets (6 by default, spec §9). */
export const BUDGET_PAGE_SIZE_MAX = 50;
export const FINANCIAL_COMMENT_MAX_LENGTH = 2000;

export const BUDGET_MESSAGES = {
  paxName: 'informe o nome ou escolha um cliente',
  /** PATCH refuses a status the editor cannot set (accept and sell have their own routes). */
  status: (from: BudgetStatus, to: BudgetStatus) =>
    `não pode passar de ${BUDGET_STATUS_LABELS[from].toLowerCase()} para ${BUDGET_STATUS_LABELS[to].toLowerCase()}`,
  soldDelete: 'Orçamento vendido não pode ser excluído.',
  copySuffix: ' (cópia)',
  firstProposal: 'Proposta 1',
} as const;

/**
 * The statuses PATCH may set: draft and sent back and forth, cancel from any status, reopen a
 * canceled budget as a draft. Accepted and sold are set by the accept and sell routes.
 */
const PATCH_TRANSITIONS: Record<BudgetStatus, readonly BudgetStatus[]> = {
  draft: ['sent', 'canceled'],
  sent: ['draft', 'canceled'],
  accepted: ['canceled'],
  sold: ['canceled'],
  canceled: ['draft'],
};
export function canPatchBudgetStatus(from: BudgetStatus, to: BudgetStatus): boolean {
  return from === to || PATCH_TRANSITIONS[from].includes(to);
}

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

/**
 * A traveller: one of the agency's clients or a name typed by hand. A client's name, birth date,
 * CPF, travel document and contact are taken for the fields not sent (paxFieldsFromClient).
 */
export const budgetPaxInput = z
  .object({
    client_id: recordIdField().nullable().optional(),
    name: z.string().trim().min(2).max(160).optional(),
    age_group: z.enum(AGE_GROUPS).default('adult'),
    /** Years at the trip, when the birth date is not known. */
    age: z.number().int().min(0).max(120).nullable().optional(),
    birth_date: dateField.nullable().optional(),
    document_type: z.enum(CLIENT_DOCUMENT_TYPES).nullable().optional(),
    document_number: optionalText(40),
    document_country: countryField.nullable().optional(),
    document_expires_at: dateField.nullable().optional(),
    cpf: cpfField.nullable().optional(),
    email: z.nullable(emailField).optional(),
    phone: optionalText(30),
  })
  .strict()
  .superRefine(
    reportIssues((p: { client_id?: number | null; name?: string }) =>
      p.client_id || p.name ? [] : [{ path: 'name', message: BUDGET_MESSAGES.paxName }],
    ),
  );
export type BudgetPaxInput = z.infer<typeof budgetPaxInput>;

/** Dates in order (checked on create and on the merged PATCH). */
export function budgetDateIssues(f: { start_date?: string | null; end_date?: string | null }) {
  return f.start_date && f.end_date && f.end_date < f.start_date
    ? [{ path: 'end_date', message: CLIENT_FIELD_MESSAGES.endBeforeStart }]
    : [];
}

const budgetFields = {
  title: z.string().trim().min(2).max(160),
  destination: optionalText(160),
  /** The destination's country (ISO 3166-1 alpha-2): the travel checks tell from it whether a visa is needed. */
  destination_country: countryField.nullable().optional(),
  start_date: dateField.nullable().optional(),
  end_date: dateField.nullable().optional(),
  /** The proposals' totals are in it, converted with the quote of the day (stored with the budget). */
  currency: z.enum(BUDGET_CURRENCIES),
  observations: optionalText(NOTES_MAX_LENGTH),
  /** Whether the customer's landing page and PDF show the prices. */
  show_values: z.boolean(),
  /** Sent, the list replaces the budget's travellers (in this order). */
  paxes: z.array(budgetPaxInput).max(BUDGET_LIMITS.paxes.max, { message: BUDGET_LIMITS.paxes.message }),
  /**
   * Sent, the map replaces the budget's own rates ({"USD": 5.8}, reais per unit; {} clears them):
   * its services in that currency take them before the day's quote, and so does the budget's currency.
   */
  agent_rates: agentRatesField,
};

/**
 * POST /api/budgets/: a budget of an attendance of the agency (its client and owner are the
 * attendance's). Title, destination and dates default to the attendance's; currency to BRL; without
 * `paxes`, one passenger per head of the attendance's count (headCountPaxes), named later.
 */
export const createBudgetInput = z
  /** `template_id`: an agency template (budget-templates.ts) whose proposals the budget starts with. */
  .object({ attendance_id: recordIdField(), template_id: recordIdField(), ...budgetFields })
  .partial()
  .required({ attendance_id: true })
  .strict()
  .superRefine(reportIssues(budgetDateIssues));
export type CreateBudgetInput = z.infer<typeof createBudgetInput>;

/** PATCH /api/budgets/{id}: any subset; `paxes` replaces the list; `status` per canPatchBudgetStatus. */
export const updateBudgetInput = idParam
  .extend(z.object(budgetFields).partial().shape)
  .extend({ status: z.enum(BUDGET_STATUSES).optional(), ...versionField })
  .strict();
export type UpdateBudgetInput = z.infer<typeof updateBudgetInput>;

export const listBudgetsInput = z
  .object({
    /** Title, destination or the client's name, blind to accents and case. */
    search: searchInput,
    status: z.enum(BUDGET_STATUSES).optional(),
    client_id: recordIdQuery().optional(),
    owner_user_id: recordIdQuery().optional(),
    attendance_id: recordIdQuery().optional(),
    /** Travel start date range, inclusive. */
    start_date_from: dateField.optional(),
    start_date_to: dateField.optional(),
    /** Contains, blind to accents and case. */
    destination: searchInput,
    /** Exactly this destination, blind to case and outer spaces: how the dashboard groups its top destinations. */
    destination_is: searchInput,
    /** Sent on these days of the agency's zone, inclusive. */
    sent_from: dateField.optional(),
    sent_to: dateField.optional(),
    /** Its sale (not undone) made on these days of the agency's zone, inclusive: the dashboard's "vendido". */
    sold_from: dateField.optional(),
    sold_to: dateField.optional(),
    /** 'true': accepted by the customer, sold ones included (the dashboard's "aceitos"). */
    accepted: z.enum(['true']).optional(),
    /** Its sale (not undone) made by this agent: the dashboard counts sales by seller. */
    seller_user_id: recordIdQuery().optional(),
    /** The budget's currency (its sale's), a 3-letter code. */
    currency: currencyQuery.optional(),
    /** 'true': each budget also lists the places of its services (hotel cities, flight destinations). */
    include_locations: z.enum(['true', 'false']).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(FIRST_PAGE),
    per_page: z.coerce.number().int().min(1).max(BUDGET_PAGE_SIZE_MAX).default(DEFAULT_PAGE_SIZE),
  })
  .superRefine(reportIssues(dayRangeIssues(['start_date_from', 'start_date_to'], ['sent_from', 'sent_to'], ['sold_from', 'sold_to'])));
export type ListBudgetsInput = z.infer<typeof listBudgetsInput>;
export type ListBudgetsQuery = z.input<typeof listBudgetsInput>;

const personRef = z.object({ id: z.number().int(), name: z.string() });
const statusField = z.enum(BUDGET_STATUSES);

export const budgetListItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  status: statusField,
  client: personRef,
  owner: personRef,
  attendance_id: z.number().int(),
  destination: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  currency: z.string(),
  /** The cheapest proposal's sale total, in the budget's currency. */
  total_cents: z.number().int(),
  proposals_count: z.number().int(),
  landing_page_id: z.string(),
  created_at: z.string(),
  /** With include_locations: the destination and the places of the services, each once. */
  locations: z.array(z.string()).optional(),
});
export type BudgetListItem = z.infer<typeof budgetListItemSchema>;
export const budgetListOutput = z.object({ budgets: z.array(budgetListItemSchema), pagination: paginationSchema });
export type BudgetList = z.infer<typeof budgetListOutput>;

export const budgetPaxSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int().nullable(),
  name: z.string(),
  age_group: z.enum(AGE_GROUPS),
  age: z.number().int().nullable(),
  birth_date: z.string().nullable(),
  document_type: z.enum(CLIENT_DOCUMENT_TYPES).nullable(),
  document_number: z.string().nullable(),
  document_country: z.string().nullable(),
  document_expires_at: z.string().nullable(),
  cpf: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.number().int(),
});
export type BudgetPax = z.infer<typeof budgetPaxSchema>;

const byAgeGroupSchema = z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() });

/** budget-totals.ts proposalTotals, as answered. */
export const proposalTotalsSchema = z.object({
  sale_cents: z.number().int(),
  cost_cents: costField(z.number().int()),
  revenue_cents: costField(z.number().int()),
  margin_basis_points: costField(z.number().int()),
  sale_by_age_group: byAgeGroupSchema,
  per_passenger: byAgeGroupSchema.partial(),
  per_passenger_first: byAgeGroupSchema.partial(),
  passengers: byAgeGroupSchema,
  services: z.array(
    z.object({
      fare_cents: z.number().int(),
      commission_cents: costField(z.number().int()),
      sale_cents: z.number().int(),
      cost_cents: costField(z.number().int()),
      revenue_cents: costField(z.number().int()),
      sale_by_age_group: byAgeGroupSchema,
      canceled: z.boolean(),
    }),
  ),
}) satisfies z.ZodType<WithCostsOptional<ProposalTotals>>;

/**
 * The travellers a proposal's totals divide by, per age group: the budget's passengers when it
 * has any, otherwise the most of each group any of the proposal's active services carries.
 */
export function proposalPassengers(
  paxes: readonly { age_group: AgeGroup }[],
  services: readonly { status: string; adult_number: number; child_number: number; infant_number: number }[],
): ByAgeGroup {
  if (paxes.length > 0) {
    const counts = { adult: 0, child: 0, infant: 0 };
    for (const p of paxes) counts[p.age_group] += 1;
    return counts;
  }
  const active = services.filter((s) => s.status === 'active');
  return {
    adult: Math.max(0, ...active.map((s) => s.adult_number)),
    child: Math.max(0, ...active.map((s) => s.child_number)),
    infant: Math.max(0, ...active.map((s) => s.infant_number)),
  };
}

export const budgetSchema = budgetListItemSchema.omit({ locations: true }).extend({
  destination_country: z.string().nullable(),
  observations: z.string().nullable(),
  show_values: z.boolean(),
  /** Reais per unit of the budget's currency (1 for BRL), and the quote it came from. */
  currency_rate: z.number(),
  currency_quote_history_id: z.number().int().nullable(),
  /** The agent's rates for this budget (câmbio do orçamento), by currency. */
  agent_rates: z.record(z.string(), z.number()),
  accepted_proposal_id: z.number().int().nullable(),
  /** The proposal of the standing sale, while the budget is sold. */
  sold_proposal_id: z.number().int().nullable(),
  sent_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  sold_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  updated_at: z.string(),
  version: versionOutput,
});
export type Budget = z.infer<typeof budgetSchema>;

export const budgetObservationsOutput = z.object({ id: z.number().int(), observations: z.string().nullable() });

/** A proposal in its budget's tree: its services (with their refunds) and its totals. */
export const proposalTreeSchema = proposalSchema.extend({ services: z.array(serviceSchema), totals: proposalTotalsSchema });
export type ProposalTree = z.infer<typeof proposalTreeSchema>;

/** GET /api/budgets/{id}: the whole budget, read at once. */
export const budgetTreeSchema = budgetSchema.extend({
  paxes: z.array(budgetPaxSchema),
  proposals: z.array(proposalTreeSchema),
  recommendations: z.array(recommendationSchema),
});
export type BudgetTree = z.infer<typeof budgetTreeSchema>;
/** A budget tree as the server reads it, its services' cost fields present (StoredService). */
export type StoredBudgetTree = Omit<BudgetTree, 'proposals'> & {
  proposals: (Omit<ProposalTree, 'services'> & { services: StoredService[] })[];
};

/** GET /api/budgets/{id}/proposals. */
export const budgetProposalsOutput = z.object({ proposals: z.array(proposalTreeSchema) });
/** GET /api/budgets/{id}/paxes/. */
export const budgetPaxesOutput = z.object({ paxes: z.array(budgetPaxSchema) });
/** GET /api/budgets/{id}/fly-budget: the air services of each proposal, with their segments. */
export const flyBudgetOutput = z.object({
  proposals: z.array(z.object({ proposal_id: z.number().int(), title: z.string(), services: z.array(serviceSchema) })),
});

/** GET /api/budgets/{id}/passengers: head counts by age group, of the budget and of each proposal. */
export const budgetPassengersOutput = z.object({
  budget: byAgeGroupSchema.extend({ total: z.number().int() }),
  proposals: z.array(
    z.object({ proposal_id: z.number().int(), title: z.string() }).extend(byAgeGroupSchema.shape).extend({ total: z.number().int() }),
  ),
});

export const showValuesInput = idParam.extend({ show_values: z.boolean(), ...versionField }).strict();
export type ShowValuesInput = z.output<typeof showValuesInput>;

/** GET /api/budgets/{id}/travel-checks: the passengers' documents against the trip (travel-documents.ts travelChecks). */
export const travelChecksOutput = z.object({
  budget_id: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  destination_country: z.string().nullable(),
  /** Passports ending before the departure or less than six months after the return. */
  passports: z.array(
    z.object({
      pax_id: z.number().int(),
      name: z.string(),
      position: z.number().int(),
      document_number: z.string().nullable(),
      issue: z.enum(PASSPORT_ISSUES),
      expires_at: z.string(),
      /** The day the passport must last to: the departure, or six months after the return. */
      limit_date: z.string(),
    }),
  ),
  /** What a Brazilian needs to enter the destination's country, with the table's source and date; null within Brazil or with no country. */
  visa: z
    .object({
      country: z.string(),
      country_name: z.string().nullable(),
      requirement: z.enum(VISA_REQUIREMENTS),
      id_card: z.boolean(),
      note: z.string().nullable(),
      source: z.string(),
      source_url: z.string(),
      checked_at: z.string(),
    })
    .nullable(),
  /** Minors travelling without both parents (without either, within Brazil under 16): the authorisation reminder. */
  minors: z.array(
    z.object({
      pax_id: z.number().int(),
      name: z.string(),
      position: z.number().int(),
      age: z.number().int().nullable(),
      rule: z.enum(['abroad', 'domestic']),
      parents_travelling: z.number().int(),
    }),
  ),
}) satisfies z.ZodType<TravelChecks & { budget_id: number }>;
export type BudgetTravelChecks = z.infer<typeof travelChecksOutput>;

/** GET /api/budgets/{id}/pax-candidates: the clients the passenger picker offers. */
export const paxCandidatesInput = idParam.extend({ search: searchInput }).strict();
export const paxCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 'client': the budget's client; a relationship: one of its saved companions; null: another client. */
  suggested_as: z.enum(['client', ...COMPANION_RELATIONSHIPS]).nullable(),
  /** What the passenger takes from the client (paxFieldsFromClient). */
  pax: z.object({
    birth_date: z.string().nullable(),
    cpf: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    document_type: z.enum(['passport', 'rg', 'cnh', 'other']).nullable(),
    document_number: z.string().nullable(),
    document_country: z.string().nullable(),
    document_expires_at: z.string().nullable(),
  }),
});
export type PaxCandidate = z.infer<typeof paxCandidateSchema>;
/** The budget's client and its saved companions first (those matching the search), then the agency's other active clients that match. */
export const paxCandidatesOutput = z.object({ candidates: z.array(paxCandidateSchema) });

export const installmentOptionSchema = z.object({
  count: z.number().int(),
  installment_cents: z.number().int(),
  first_installment_cents: z.number().int(),
  total_cents: z.number().int(),
  interest_basis_points: z.number().int(),
  interest_free: z.boolean(),
  label: z.string(),
}) satisfies z.ZodType<InstallmentOption>;

/** A payment method's ways to pay an amount. */
const methodOptionsSchema = z.object({
  payment_method_id: z.number().int(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  name: z.string(),
  installments: z.array(installmentOptionSchema),
});

/** GET /api/budgets/{id}/payment_methods: the agency's active methods and their options over each proposal's sale total. */
export const budgetPaymentMethodsOutput = z.object({
  currency: z.string(),
  proposals: z.array(
    z.object({
      proposal_id: z.number().int(),
      title: z.string(),
      sale_cents: z.number().int(),
      payment_methods: z.array(methodOptionsSchema),
    }),
  ),
});
export type BudgetPaymentMethods = z.infer<typeof budgetPaymentMethodsOutput>;

export const paymentMethodsByPaxInput = idParam
  .extend({ proposal_id: recordIdField(), payment_method_id: recordIdField().optional() })
  .strict();

/** POST /api/budgets/{id}/payment_methods_by_pax: what one passenger of each age group pays, by method. */
export const paymentMethodsByPaxOutput = z.object({
  proposal_id: z.number().int(),
  currency: z.string(),
  sale_cents: z.number().int(),
  passengers: byAgeGroupSchema,
  age_groups: z.array(
    z.object({
      age_group: z.enum(AGE_GROUPS),
      passengers: z.number().int(),
      /** The group's share of the sale, and each passenger's part of it (proposalTotals per_passenger). */
      sale_cents: z.number().int(),
      per_passenger_cents: z.number().int(),
      /** The first passenger's part, with the share's leftover cents (equal to per_passenger_cents when none). */
      first_passenger_cents: z.number().int(),
      payment_methods: z.array(methodOptionsSchema),
    }),
  ),
});
export type PaymentMethodsByPax = z.infer<typeof paymentMethodsByPaxOutput>;

/** The lines of the total-value table an agent may comment on: the totals, or one service ('service:12'). */
export const FINANCIAL_TABLE_LINES = ['sale', 'cost', 'commission', 'revenue', 'margin', 'installments'] as const;
const financialLineField = z.union([z.enum(FINANCIAL_TABLE_LINES), z.string().regex(/^service:[1-9]\d{0,9}$/)]);

export const addFinancialCommentInput = idParam
  .extend({
    proposal_id: recordIdField().nullable().optional(),
    line: financialLineField,
    body: z.string().trim().min(1).max(FINANCIAL_COMMENT_MAX_LENGTH),
  })
  .strict();
export type AddFinancialCommentInput = z.infer<typeof addFinancialCommentInput>;

export const financialCommentSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  proposal_id: z.number().int().nullable(),
  line: z.string(),
  body: z.string(),
  user: personRef.nullable(),
  created_at: z.string(),
});
export type FinancialComment = z.infer<typeof financialCommentSchema>;
export const financialCommentsOutput = z.object({ comments: z.array(financialCommentSchema) });

/**
 * POST /api/budgets/duplicate: the budget to copy and, optionally, the copy's attendance (the
 * client it is for) and trip dates, named and checked as on create; left out, the original's.
 */
export const duplicateBudgetInput = z
  .object({
    id: recordIdField(),
    attendance_id: recordIdField().optional(),
    start_date: dateField.nullable().optional(),
    end_date: dateField.nullable().optional(),
    ...versionField,
  })
  .strict()
  .superRefine(reportIssues(budgetDateIssues));
export type DuplicateBudgetInput = z.infer<typeof duplicateBudgetInput>;
export const budgetDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });
