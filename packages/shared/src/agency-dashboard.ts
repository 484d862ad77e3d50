// Painel da agência: the owner's and administrators' figures for a period (calendar days in the
// agency's zone) and, optionally, one agent. Money is in one currency (`currency`, reais unless
// asked): a sale, its installments and its reservations are never converted. Figures that tell
// what the agency earns or pays its suppliers are cost fields (costs.ts): absent for whoever the
// agency keeps from costs and margins.
import { dateField } from './clients';
import { costField } from './cost-fields';
import { recordIdQuery } from './pagination';
import { DAY_RANGE_MESSAGE, z } from './zod';

/** The longest period one request covers: two years of days (the weekly chart has ~105 bars). */
export const DASHBOARD_MAX_DAYS = 731;
/** How many destinations and suppliers the rankings show. */
export const DASHBOARD_TOP = 5;
/** "A vencer": the days from today the coming installments and supplier payments are summed over. */
export const DASHBOARD_DUE_DAYS = 30;

export const DASHBOARD_MESSAGES = {
  periodOrder: DAY_RANGE_MESSAGE,
  periodTooLong: `O período pode ter no máximo ${DASHBOARD_MAX_DAYS} dias.`,
} as const;

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

export const agencyDashboardInput = z
  .object({
    from: dateField,
    to: dateField,
    /** One agent: the attendances and budgets they own, the sales they made (and those sales' money). */
    user_id: recordIdQuery().optional(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('BRL'),
  })
  .strict()
  .superRefine((v, ctx) => {
    const days = dayNumber(v.to) - dayNumber(v.from);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.periodOrder });
    else if (days >= DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: DASHBOARD_MESSAGES.periodTooLong });
  });
export type AgencyDashboardInput = z.infer<typeof agencyDashboardInput>;
export type AgencyDashboardQuery = z.input<typeof agencyDashboardInput>;

const count = z.number().int();
const cents = z.number().int();

export const agencyDashboardSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), today: z.string() }),
  currency: z.string(),
  /** Opened: created in the period; won and lost: closed in the period. */
  attendances: z.object({
    opened: count,
    won: count,
    lost: count,
    /** won ÷ (won + lost), in basis points; null when none closed. */
    conversion_basis_points: z.number().int().nullable(),
  }),
  /** Of the budgets sent in the period: how many the customer opened (landing page) and accepted (or bought). */
  budgets: z.object({ sent: count, viewed: count, accepted: count }),
  /** Sales closed in the period (not undone), in `currency`. */
  sales: z.object({
    count,
    sale_cents: cents,
    revenue_cents: costField(cents),
    margin_basis_points: costField(z.number().int().nullable()),
    commission_cents: costField(cents),
    /** Median calendar days from the first contact (the attendance, else the budget) to the sale. */
    median_days_to_sale: z.number().nullable(),
  }),
  top_destinations: z.array(z.object({ destination: z.string(), sales: count, sale_cents: cents })),
  top_suppliers: z.array(z.object({ id: z.number().int(), name: z.string(), reservations: count, supplier_cost_cents: costField(cents) })),
  /** Monday-start weeks overlapping the period: received from customers and paid to suppliers in it. */
  cash_weeks: z.array(z.object({ week: z.string(), received_cents: cents, supplier_cost_cents: costField(cents) })),
  /** Open installments and owed supplier payments due from today to `to` (DASHBOARD_DUE_DAYS days). */
  due_next: z.object({
    from: z.string(),
    to: z.string(),
    receivables: count,
    receivable_cents: cents,
    payables: count,
    supplier_cost_cents: costField(cents),
  }),
  /** Open installments due before today, whatever the period. */
  overdue: z.object({ receivables: count, receivable_cents: cents }),
});
export type AgencyDashboard = z.infer<typeof agencyDashboardSchema>;
