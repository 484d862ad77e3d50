// Suppliers (people and companies the agency buys services from): the contracts of /api/suppliers.
import { emailField } from './auth';
import { clientKindIssues, cnpjField, cpfField, postalCodeField } from './clients';
import { costField } from './cost-fields';
import { CLIENT_KINDS, type ClientKind, INVALID_MESSAGE } from './crm-labels';
import { NOTES_MAX_LENGTH } from './crm-rules';
import { BR_STATES, isValidCnpj, isValidCpf, onlyDigits } from './documents';
import { idParam, paginationInput, paginationSchema, searchInput } from './pagination';
import { BANK_ACCOUNT_TYPES, normalizePixKey, PIX_KEY_MESSAGE, PIX_KEY_TYPES, type PixKeyType } from './pix';
import { SERVICE_TYPES } from './service-types';
import { versionField, versionOutput } from './versions';
import { reportIssues, z } from './zod';

/** How many contacts a supplier may hold. */
export const SUPPLIER_CONTACTS_MAX = 20;
/** A commission is 0 to 100 %, kept in basis points (1250 = 12,5 %). */
export const COMMISSION_BASIS_POINTS_MAX = 10_000;

/** Messages of the supplier's own rules; forms show them after the field's label ('Chave Pix deve ser informada...'). */
export const SUPPLIER_FIELD_MESSAGES = {
  serviceTypesRequired: 'informe ao menos um tipo de serviço',
  pixKeyWithoutType: 'deve ser informada com o tipo da chave',
  pixTypeWithoutKey: 'deve ser informado com a chave',
} as const;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const optionalEmail = z.nullable(emailField).optional();

/** A bank account holder: a CPF or a CNPJ with valid check digits, kept as digits. */
const FORMATTED_NUMBER = /^[\d./\s-]+$/;
const cpfOrCnpjField = z
  .string()
  .trim()
  .max(24)
  .refine((v) => FORMATTED_NUMBER.test(v) && (isValidCpf(v) || isValidCnpj(v)), { message: INVALID_MESSAGE })
  .overwrite(onlyDigits);

/** The service types in their declared order, each once: the detail's tabs follow it. */
const serviceTypesField = z
  .array(z.enum(SERVICE_TYPES))
  .min(1, { message: SUPPLIER_FIELD_MESSAGES.serviceTypesRequired })
  .max(SERVICE_TYPES.length * 2)
  .overwrite((types) => SERVICE_TYPES.filter((t) => types.includes(t)));

export const supplierContactInput = z
  .object({
    name: z.string().trim().min(2).max(120),
    email: optionalEmail,
    phone: optionalText(30),
    /** What the contact handles ('Reservas', 'Financeiro'...). */
    role: optionalText(60),
  })
  .strict();
export type SupplierContactInput = z.infer<typeof supplierContactInput>;

/** The supplier's address: every part optional (a supplier abroad has no CEP); null clears it. */
export const supplierAddressInput = z
  .object({
    postal_code: postalCodeField.nullable().optional(),
    street: optionalText(160),
    number: optionalText(20),
    complement: optionalText(120),
    neighborhood: optionalText(120),
    city: optionalText(120),
    state: z.enum(BR_STATES).nullable().optional(),
  })
  .strict();
export type SupplierAddressInput = z.infer<typeof supplierAddressInput>;

/** Editable fields (the kind is fixed at creation); contacts replace the whole list when sent. */
const supplierFields = {
  name: z.string().trim().min(2).max(160),
  /** Nome fantasia. */
  trade_name: optionalText(160),
  cpf: cpfField.nullable().optional(),
  cnpj: cnpjField.nullable().optional(),
  email: optionalEmail,
  phone: optionalText(30),
  website: optionalText(200),
  service_types: serviceTypesField,
  /** Default commission the supplier pays the agency, in basis points (1250 = 12,5 %). */
  commission_basis_points: z.number().int().min(0).max(COMMISSION_BASIS_POINTS_MAX).nullable().optional(),
  notes: optionalText(NOTES_MAX_LENGTH),
  address: supplierAddressInput.nullable().optional(),
  bank_code: optionalText(10),
  bank_name: optionalText(120),
  bank_branch: optionalText(20),
  bank_account: optionalText(30),
  bank_account_type: z.enum(BANK_ACCOUNT_TYPES).nullable().optional(),
  bank_holder_name: optionalText(160),
  bank_holder_document: cpfOrCnpjField.nullable().optional(),
  pix_key_type: z.enum(PIX_KEY_TYPES).nullable().optional(),
  pix_key: optionalText(120),
  contacts: z.array(supplierContactInput).max(SUPPLIER_CONTACTS_MAX).optional(),
  is_active: z.boolean().optional(),
  /** Offered first by the suppliers' pickers (and listed first). */
  is_favorite: z.boolean().optional(),
};

type PixFields = { pix_key_type?: PixKeyType | null; pix_key?: string | null };

/**
 * The Pix key and its type go together (both or neither), and the key must be one of its type.
 * A PATCH sends both or neither too: the form edits them as a pair.
 */
export function pixIssues(fields: PixFields): { path: 'pix_key' | 'pix_key_type'; message: string }[] {
  const { pix_key_type: type, pix_key: key } = fields;
  if (type === undefined && key === undefined) return [];
  if (key && !type) return [{ path: 'pix_key_type', message: SUPPLIER_FIELD_MESSAGES.pixTypeWithoutKey }];
  if (type && !key) return [{ path: 'pix_key', message: SUPPLIER_FIELD_MESSAGES.pixKeyWithoutType }];
  if (type && key && normalizePixKey(type, key) === null) return [{ path: 'pix_key', message: PIX_KEY_MESSAGE }];
  return [];
}

/** The key as the Pix directory stores it (CPF digits, lower-case e-mail, +55 phone...). */
function normalizedPix<T extends PixFields>(fields: T): T {
  if (!fields.pix_key_type || !fields.pix_key) return fields;
  const key = normalizePixKey(fields.pix_key_type, fields.pix_key);
  return key === null ? fields : { ...fields, pix_key: key };
}

type KindFields = { kind?: ClientKind; cpf?: string | null; cnpj?: string | null };
const supplierIssues = (fields: KindFields & PixFields) => [...clientKindIssues(fields), ...pixIssues(fields)];

/** POST /api/suppliers. Unknown keys (company_id, client_id, search_text...) are refused. */
export const createSupplierInput = z
  .object({ kind: z.enum(CLIENT_KINDS), ...supplierFields })
  .strict()
  .superRefine(reportIssues(supplierIssues))
  .overwrite(normalizedPix);
export type CreateSupplierInput = z.infer<typeof createSupplierInput>;

/** PATCH /api/suppliers/{id}: any subset; `is_active` false deactivates, true reactivates. */
export const updateSupplierInput = idParam
  .extend(z.object(supplierFields).partial().shape)
  .extend(versionField)
  .strict()
  .superRefine(reportIssues(supplierIssues))
  .overwrite(normalizedPix);
export type UpdateSupplierInput = z.infer<typeof updateSupplierInput>;

export const listSuppliersInput = z.object({
  /** Name, trade name, e-mail, CPF or CNPJ (formatted or not), blind to accents and case. */
  search: searchInput,
  is_active: z.enum(['true', 'false']).optional(),
  kind: z.enum(CLIENT_KINDS).optional(),
  /** Only the suppliers of this kind of service. */
  service_type: z.enum(SERVICE_TYPES).optional(),
  ...paginationInput,
});
export type ListSuppliersInput = z.infer<typeof listSuppliersInput>;
export type ListSuppliersQuery = z.input<typeof listSuppliersInput>;

export const supplierListItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLIENT_KINDS),
  name: z.string(),
  trade_name: z.string().nullable(),
  cpf: z.string().nullable(),
  cnpj: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  service_types: z.array(z.enum(SERVICE_TYPES)),
  /** The client this supplier was enabled as (PUT /api/suppliers/enable-client/{id}). */
  client_id: z.number().int().nullable(),
  is_active: z.boolean(),
  is_favorite: z.boolean(),
  created_at: z.string(),
});
export type SupplierListItem = z.infer<typeof supplierListItemSchema>;

export const supplierListOutput = z.object({ suppliers: z.array(supplierListItemSchema), pagination: paginationSchema });
export type SupplierList = z.infer<typeof supplierListOutput>;

/** A supplier, with everything the detail screen shows. */
export const supplierSchema = supplierListItemSchema.extend({
  website: z.string().nullable(),
  commission_basis_points: costField(z.number().int().nullable()),
  notes: z.string().nullable(),
  /** Null when no part of the address is filled. */
  address: z
    .object({
      postal_code: z.string().nullable(),
      street: z.string().nullable(),
      number: z.string().nullable(),
      complement: z.string().nullable(),
      neighborhood: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
    })
    .nullable(),
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
  bank_branch: z.string().nullable(),
  bank_account: z.string().nullable(),
  bank_account_type: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  bank_holder_name: z.string().nullable(),
  bank_holder_document: z.string().nullable(),
  pix_key_type: z.enum(PIX_KEY_TYPES).nullable(),
  pix_key: z.string().nullable(),
  contacts: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      role: z.string().nullable(),
    }),
  ),
  updated_at: z.string(),
  version: versionOutput,
});
export type Supplier = z.infer<typeof supplierSchema>;
export type SupplierAddress = NonNullable<Supplier['address']>;

type CompleteAddress = { [K in keyof SupplierAddress]: K extends 'complement' ? string | null : string };

/** Whether an address has every part a client's address needs (all but the complement). */
export function isCompleteAddress(a: SupplierAddress | null | undefined): a is CompleteAddress {
  return !!a && !!a.postal_code && !!a.street && !!a.number && !!a.neighborhood && !!a.city && !!a.state;
}
