// A budget's services (POST/PUT /api/services, GET /api/services/{id}, service-central, refunds,
// /api/type_services): the contracts. The fields and their per-type details are budget-services.ts'.
import { BudgetStatus, ServiceStatus } from '@app/db/browser';
import { QUOTE_SOURCES } from './agent-rates';
import { BUDGET_SERVICE_TYPES, type PricingMode, serviceInput, serviceMoneyField, TAXES_BASES } from './budget-services';
import { costField } from './cost-fields';
import { recordIdField, recordIdQuery } from './pagination';
import { SERVICE_TYPES } from './service-types';
import { versionField, versionOutput } from './versions';
import { z } from './zod';

/** The order of a service in its proposal (0 first); left out, the service goes last. */
const positionField = z.number().int().min(0).max(999).optional();

/** POST /api/services: the service and the proposal it joins. */
export const createServiceInput = serviceInput({ proposal_id: recordIdField(), position: positionField });
export type CreateServiceInput = z.output<typeof createServiceInput>;

/** PUT /api/services/{id}: every field again; `proposal_id` may be another proposal of the same budget. */
export const updateServiceInput = serviceInput({
  id: recordIdQuery(),
  proposal_id: recordIdField(),
  position: positionField,
  ...versionField,
});
export type UpdateServiceInput = z.output<typeof updateServiceInput>;

/** POST /api/services/duplicate. */
export const duplicateServiceInput = z.object({ id: recordIdField(), ...versionField }).strict();
export type DuplicateServiceInput = z.infer<typeof duplicateServiceInput>;

/** POST /api/refunds/: cancels the service; the customer gets `refund_cents` back, the supplier keeps `penalty_cents`. */
export const refundInput = z
  .object({
    service_id: recordIdField(),
    refund_cents: serviceMoneyField,
    penalty_cents: serviceMoneyField,
    reason: z.string().trim().max(500).nullable().optional(),
    ...versionField,
  })
  .strict();
export type RefundInput = z.infer<typeof refundInput>;

/** DELETE /api/refunds/{service_id}: undoes the cancellation; the service is active again at its full price. */
export const undoRefundInput = z.object({ service_id: recordIdQuery(), ...versionField }).strict();
export type UndoRefundInput = z.output<typeof undoRefundInput>;

export const refundSchema = z.object({
  refund_cents: z.number().int(),
  penalty_cents: z.number().int(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

/** A stored service. Money fields are in `currency`; sale_cents/cost_cents in the budget's currency. */
export const serviceSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  proposal_id: z.number().int(),
  type: z.enum(BUDGET_SERVICE_TYPES),
  title: z.string(),
  description: z.string().nullable(),
  supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  start_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  adult_number: z.number().int(),
  child_number: z.number().int(),
  infant_number: z.number().int(),
  currency: z.string(),
  adult_cents: z.number().int(),
  child_cents: z.number().int(),
  infant_cents: z.number().int(),
  total_cents: z.number().int(),
  taxes_cents: z.number().int(),
  taxes_basis: z.enum(TAXES_BASES),
  fee_cents: z.number().int(),
  commission_basis_points: costField(z.number().int()),
  /** Reais per unit of `currency` the totals used (1 for BRL). */
  quote_rate: z.number(),
  quote_history_id: z.number().int().nullable(),
  /** Where quote_rate came from: the day's quote, the budget's rate (agent_rates) or the service's own. */
  quote_source: z.enum(QUOTE_SOURCES),
  details: z.record(z.string(), z.unknown()),
  status: z.enum(Object.values(ServiceStatus) as [ServiceStatus, ...ServiceStatus[]]),
  position: z.number().int(),
  sale_cents: z.number().int(),
  cost_cents: costField(z.number().int()),
  refund: refundSchema.nullable(),
  version: versionOutput,
});
export type Service = z.infer<typeof serviceSchema>;
/** A service as the server reads it, before an answer may lose its cost fields (costs.ts). */
export type StoredService = Service & Required<Pick<Service, 'commission_basis_points' | 'cost_cents'>>;

/** GET /api/services/service-central/{id}: the service with where it sits and the names of its list rows. */
export const serviceCentralSchema = serviceSchema.extend({
  budget: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.enum(Object.values(BudgetStatus) as [BudgetStatus, ...BudgetStatus[]]),
    currency: z.string(),
  }),
  proposal: z.object({ id: z.number().int(), title: z.string() }),
  /** Each reference-list field of `details` by its path ('details.segments.0.airline_id'). */
  references: z.record(z.string(), z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() })),
});
export type ServiceCentral = z.infer<typeof serviceCentralSchema>;

/** GET /api/type_services: each type's declaration and what the agency usually does with it. */
export const typeServiceSchema = z.object({
  type: z.enum(BUDGET_SERVICE_TYPES),
  label: z.string(),
  pricing: z.enum(['per_pax', 'per_room', 'total'] satisfies PricingMode[]),
  /** The reference-list fields of `details` with their list and its name. */
  lists: z.array(z.object({ field: z.string(), list: z.string(), label: z.string() })),
  supplier_types: z.array(z.enum(SERVICE_TYPES as [string, ...string[]])),
  /** Derived from the agency's latest services of the type (up to 500, counted in services_count): the supplier it uses most and its average commission. */
  defaults: z.object({
    supplier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    commission_basis_points: costField(z.number().int().nullable()),
    services_count: z.number().int(),
  }),
});
export type TypeService = z.infer<typeof typeServiceSchema>;
export const typeServicesOutput = z.object({ types: z.array(typeServiceSchema) });

export const serviceDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });
