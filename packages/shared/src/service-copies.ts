// Copying a service from any earlier budget of the agency into the proposal being edited
// (/api/service-copies): the services to pick from, searched by title or the budget's title and
// destination, and the copy.
import { BUDGET_SERVICE_TYPES } from './budget-services';
import { paginationInput, paginationSchema, recordIdField, recordIdQuery, searchInput } from './pagination';
import { z } from './zod';

export const listServiceCopySourcesInput = z.object({
  /** Every word in the service's title or its budget's title and destination, blind to accents and case. */
  search: searchInput,
  /** Leaves out the services of this budget (the one being edited). */
  exclude_budget_id: recordIdQuery().optional(),
  ...paginationInput,
});
export type ListServiceCopySourcesInput = z.infer<typeof listServiceCopySourcesInput>;

export const serviceCopySourceSchema = z.object({
  id: z.number().int(),
  type: z.enum(BUDGET_SERVICE_TYPES),
  title: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  budget: z.object({ id: z.number().int(), title: z.string(), destination: z.string().nullable(), start_date: z.string().nullable() }),
});
export type ServiceCopySource = z.infer<typeof serviceCopySourceSchema>;

export const listServiceCopySourcesOutput = z.object({ services: z.array(serviceCopySourceSchema), pagination: paginationSchema });

/** POST /api/service-copies: a copy of `service_id` at the end of `proposal_id`. */
export const copyServiceInput = z.object({ service_id: recordIdField(), proposal_id: recordIdField() }).strict();
export type CopyServiceInput = z.infer<typeof copyServiceInput>;
