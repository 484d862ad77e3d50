// A budget's proposals (POST /api/proposals/, GET/PATCH/DELETE /api/proposals/{id},
// PUT /api/proposals/duplicate/{id}): the contracts.

import { costField } from './cost-fields';
import { idParam, recordIdField } from './pagination';
import { versionField, versionOutput } from './versions';
import { z } from './zod';

const titleField = z.string().trim().min(1).max(120);
const notesField = z.string().trim().max(4000).nullable().optional();
/** The place among the budget's proposals (0 first); the others shift to keep the order contiguous. */
const positionField = z.number().int().min(0).max(999);

/** The message of the 409 when deleting a budget's only proposal. */
export const LAST_PROPOSAL_MESSAGE = 'O orçamento precisa de ao menos uma proposta.';

/** POST /api/proposals/: a new proposal, last of its budget unless `position` says otherwise. */
export const createProposalInput = z
  .object({ budget_id: recordIdField(), title: titleField, notes: notesField, position: positionField.optional() })
  .strict();
export type CreateProposalInput = z.infer<typeof createProposalInput>;

/** PATCH /api/proposals/{id}: the fields sent. */
export const updateProposalInput = idParam
  .extend({ title: titleField.optional(), notes: notesField, position: positionField.optional(), ...versionField })
  .strict();
export type UpdateProposalInput = z.infer<typeof updateProposalInput>;

/** A proposal; sale/cost in the budget's currency, kept by the service writes. */
export const proposalSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  title: z.string(),
  notes: z.string().nullable(),
  position: z.number().int(),
  sale_cents: z.number().int(),
  cost_cents: costField(z.number().int()),
  version: versionOutput,
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });
