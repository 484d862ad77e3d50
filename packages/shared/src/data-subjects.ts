// The LGPD requests of a data subject (titular) an agency serves from a client's page: everything
// held on the person, and the person anonymised (Lei 13.709/2018, art. 18). Owner and administradores.
import { idParam } from './pagination';
import { z } from './zod';

export const DATA_SUBJECT_MESSAGES = {
  anonymised: 'Titular anonimizado: os dados pessoais foram substituídos em todos os registros da agência.',
  alreadyAnonymised: 'Este titular já foi anonimizado.',
  tripInProgress: (endDate: string) =>
    `O titular tem uma viagem vendida que termina em ${endDate}: anonimize depois do fim da viagem (a agência precisa dos dados para operá-la).`,
} as const;

/** What stands for the person once anonymised: the agency's sales and fiscal records keep it. */
export const anonymisedName = (clientId: number) => `Titular anonimizado #${clientId}`;

/** POST /api/data-subjects/{id}/export and POST /api/data-subjects/{id}/anonymize. */
export const dataSubjectInput = idParam;

const sentEmailSchema = z.object({
  kind: z.string(),
  budget_id: z.number().int(),
  recipients: z.array(z.string()),
  message: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});

/** Everything the agency holds on the person, as one document the agency hands to them. */
export const personalDataExportSchema = z.object({
  generated_at: z.string(),
  agency: z.object({ name: z.string(), cnpj: z.string().nullable() }),
  client: z.record(z.string(), z.unknown()),
  contacts: z.array(z.record(z.string(), z.unknown())),
  addresses: z.array(z.record(z.string(), z.unknown())),
  documents: z.array(z.record(z.string(), z.unknown())),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int(), created_at: z.string() })),
  companions: z.array(z.object({ name: z.string(), relationship: z.string() })),
  attendances: z.array(z.record(z.string(), z.unknown())),
  /** Each budget the person travels in, with what it holds of them. */
  budget_passengers: z.array(z.record(z.string(), z.unknown())),
  /** Budgets the person accepted on the landing page. */
  acceptances: z.array(
    z.object({
      budget_id: z.number().int(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      accepted_at: z.string().nullable(),
    }),
  ),
  emails: z.array(sentEmailSchema),
  /** Who of the agency opened the person's record, and when. */
  accesses: z.array(z.object({ user: z.string(), at: z.string(), ip_address: z.string().nullable() })),
  /** Who of the agency read the person's documents in full or exported their record. */
  personal_data_reads: z.array(
    z.object({ user: z.string(), action: z.string(), detail: z.string().nullable(), at: z.string(), ip_address: z.string().nullable() }),
  ),
  requests: z.array(z.object({ kind: z.string(), user: z.string(), at: z.string() })),
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

export const anonymiseOutput = z.object({ id: z.number().int(), name: z.string(), message: z.string() });
