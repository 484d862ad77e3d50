// Clients (people and organizations): the contracts of /api/clients and /api/postal-codes.
import { emailField } from './auth';
import { COUNTRY_CODES } from './countries';
import { CLIENT_DOCUMENT_TYPES, CLIENT_KINDS, type ClientKind, COMPANION_RELATIONSHIPS, INVALID_MESSAGE } from './crm-labels';
import { CLIENT_FIELD_MESSAGES, CLIENT_LIST_MAX, expiresBeforeIssue, NOTES_MAX_LENGTH } from './crm-rules';
import { BR_STATES, isValidCnpj, isValidCpf, isValidPostalCode, onlyDigits } from './documents';
import { marketingConsentField, marketingConsentSchema } from './marketing-consent';
import { idParam, paginationInput, paginationSchema, recordIdField, recordIdQuery, searchInput } from './pagination';
import { versionField, versionOutput } from './versions';
import { reportIssues, z } from './zod';

export * from './crm-labels';
export * from './crm-rules';
export * from './marketing-consent';

/** Accepts '123.456.789-09' or digits; keeps digits only (overwrite keeps the type a plain string). */
const FORMATTED_NUMBER = /^[\d./\s-]+$/;
const documentNumberField = (max: number, isValid: (value: string) => boolean) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => FORMATTED_NUMBER.test(v) && isValid(v), { message: INVALID_MESSAGE })
    .overwrite(onlyDigits);
export const cpfField = documentNumberField(20, isValidCpf);
export const cnpjField = documentNumberField(24, isValidCnpj);
export const postalCodeField = z.string().trim().max(12).refine(isValidPostalCode, { message: INVALID_MESSAGE }).overwrite(onlyDigits);

/** Calendar dates travel as ISO 'YYYY-MM-DD'. */
export const dateField = z.iso.date();
/** A country as its ISO 3166-1 alpha-2 code ('PT'). */
export const countryField = z.enum(COUNTRY_CODES as [string, ...string[]]);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const optionalEmail = z.nullable(emailField).optional();

export const clientContactInput = z
  .object({
    name: z.string().trim().min(2).max(120),
    email: optionalEmail,
    phone: optionalText(30),
    /** How the contact relates to the client ('Cônjuge', 'Financeiro'...). */
    relationship: optionalText(60),
  })
  .strict();

export const clientAddressInput = z
  .object({
    postal_code: postalCodeField,
    street: z.string().trim().min(1).max(160),
    number: z.string().trim().min(1).max(20),
    complement: optionalText(120),
    neighborhood: z.string().trim().min(1).max(120),
    city: z.string().trim().min(1).max(120),
    state: z.enum(BR_STATES),
  })
  .strict();

export const clientDocumentInput = z
  .object({
    /**
     * The document's id when it is already saved: its number sent back masked, as the API shows it
     * ("FZ•••456"), keeps the stored one.
     */
    id: recordIdField().optional(),
    type: z.enum(CLIENT_DOCUMENT_TYPES),
    number: z.string().trim().min(1).max(40),
    /** The issuing country, for passports. */
    country: countryField.nullable().optional(),
    issued_at: dateField.nullable().optional(),
    expires_at: dateField.nullable().optional(),
  })
  .strict()
  .superRefine((doc, ctx) => {
    if (expiresBeforeIssue(doc)) ctx.addIssue({ code: 'custom', path: ['expires_at'], message: CLIENT_FIELD_MESSAGES.expiryBeforeIssue });
  });

/** Editable fields; lists replace the client's whole list when sent. */
const clientFields = {
  name: z.string().trim().min(2).max(160),
  cpf: cpfField.nullable().optional(),
  cnpj: cnpjField.nullable().optional(),
  email: optionalEmail,
  phone: optionalText(30),
  birth_date: dateField.nullable().optional(),
  notes: optionalText(NOTES_MAX_LENGTH),
  contacts: z.array(clientContactInput).max(CLIENT_LIST_MAX.contacts).optional(),
  addresses: z.array(clientAddressInput).max(CLIENT_LIST_MAX.addresses).optional(),
  documents: z.array(clientDocumentInput).max(CLIENT_LIST_MAX.documents).optional(),
  marketing_consent: marketingConsentField,
};

type KindFields = { kind?: ClientKind; cpf?: string | null; cnpj?: string | null; birth_date?: string | null };

/** CPF and birth date belong to people, CNPJ to organizations. */
export function clientKindIssues(fields: KindFields): { path: 'cpf' | 'cnpj' | 'birth_date'; message: string }[] {
  const issues: { path: 'cpf' | 'cnpj' | 'birth_date'; message: string }[] = [];
  if (fields.kind === 'organization' && fields.cpf) issues.push({ path: 'cpf', message: CLIENT_FIELD_MESSAGES.cpfOnlyForPeople });
  if (fields.kind === 'organization' && fields.birth_date) {
    issues.push({ path: 'birth_date', message: CLIENT_FIELD_MESSAGES.birthDateOnlyForPeople });
  }
  if (fields.kind === 'person' && fields.cnpj) issues.push({ path: 'cnpj', message: CLIENT_FIELD_MESSAGES.cnpjOnlyForOrganizations });
  return issues;
}

/** POST /api/clients. Unknown keys (company_id, is_active...) are refused. */
export const createClientInput = z
  .object({ kind: z.enum(CLIENT_KINDS), ...clientFields })
  .strict()
  .superRefine(reportIssues(clientKindIssues));
export type CreateClientInput = z.infer<typeof createClientInput>;

/** PATCH /api/clients/{id}: any subset; the kind is fixed at creation. */
export const updateClientInput = idParam.extend(z.object(clientFields).partial().shape).extend(versionField).strict();
export type UpdateClientInput = z.infer<typeof updateClientInput>;

export const listClientsInput = z.object({
  /** Name, e-mail, CPF or CNPJ (formatted or not). */
  search: searchInput,
  /** The clients holding a document with exactly this number (passport, RG...): numbers are stored sealed, only an exact match finds them. */
  document_number: z.string().trim().min(1).max(40).optional(),
  is_active: z.enum(['true', 'false']).optional(),
  kind: z.enum(CLIENT_KINDS).optional(),
  ...paginationInput,
});
export type ListClientsInput = z.infer<typeof listClientsInput>;

export const clientListItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLIENT_KINDS),
  name: z.string(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type ClientListItem = z.infer<typeof clientListItemSchema>;

export const clientListOutput = z.object({ clients: z.array(clientListItemSchema), pagination: paginationSchema });

export const clientAttachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
});

/** A client's address as stored and answered (the NFS-e's tomador address is the same). */
export const clientAddressSchema = z.object({
  postal_code: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string().nullable(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});

/** A client, with everything the detail screen shows. */
export const clientSchema = clientListItemSchema.extend({
  birth_date: z.string().nullable(),
  notes: z.string().nullable(),
  updated_at: z.string(),
  version: versionOutput,
  contacts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      relationship: z.string().nullable(),
    }),
  ),
  addresses: z.array(z.object({ id: z.number().int(), ...clientAddressSchema.shape })),
  documents: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(CLIENT_DOCUMENT_TYPES),
      /** Masked ("FZ•••456"); the full number through POST /api/clients/{id}/documents/{document_id}/reveal. */
      number: z.string(),
      country: z.string().nullable(),
      issued_at: z.string().nullable(),
      expires_at: z.string().nullable(),
    }),
  ),
  attachments: z.array(clientAttachmentSchema),
  marketing_consent: marketingConsentSchema,
});
export type Client = z.infer<typeof clientSchema>;

/** A saved travel companion: another client of the agency and what it is to this client. */
export const companionInput = idParam
  .extend({ companion_client_id: recordIdField(), relationship: z.enum(COMPANION_RELATIONSHIPS) })
  .strict();
export type CompanionInput = z.infer<typeof companionInput>;
export const companionParams = idParam.extend({ companion_client_id: recordIdQuery() });

/** A companion, known by its own client id (one link per pair). */
export const companionSchema = z.object({
  relationship: z.enum(COMPANION_RELATIONSHIPS),
  client: z.object({ id: z.number().int(), name: z.string(), birth_date: z.string().nullable(), is_active: z.boolean() }),
  created_at: z.string(),
});
export type Companion = z.infer<typeof companionSchema>;
/** GET /api/clients/{id}/companions: by relationship (spouse, children, parents...), then name. */
export const companionsOutput = z.object({ companions: z.array(companionSchema) });

/** POST /api/clients/download_attachment: the file itself comes back. */
export const downloadAttachmentInput = z.object({ attachment_id: recordIdQuery() }).strict();
export const clientAttachmentParams = idParam.extend({ attachment_id: recordIdQuery() });

/** GET /api/postal-codes/{cep}: the address of a CEP, for filling address forms. */
export const postalCodeInput = z.object({ cep: postalCodeField });
export const postalCodeOutput = z.object({
  postal_code: z.string(),
  street: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});
export type PostalCodeAddress = z.infer<typeof postalCodeOutput>;
