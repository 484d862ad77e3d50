// The contracts of the reference lists (GET, POST /api/{list}, PUT /api/{list}/{id}) and of the
// system lists (GET /api/system/{list}), built from their declarations (reference-lists.ts). Each
// list's schema checks exactly its own fields; every list's schema has the same static type, so the
// web app reaches any list as `trpc.referenceLists[list]` with one type.
import { MAX_PAGE_SIZE } from './constants';
import { INVALID_MESSAGE } from './crm-labels';
import { idParam, paginationInput, paginationSchema, recordIdField, recordIdQuery, searchInput } from './pagination';
import {
  AUTOCOMPLETE_PAGE_SIZE,
  type FieldDeclaration,
  type ListDeclaration,
  REFERENCE_PAGE_SIZE,
  type ReferenceListKey,
  referenceList,
  type SystemListDeclaration,
  type SystemListKey,
  systemList,
} from './reference-lists';
import { z } from './zod';

/** What a list's own field holds (texts and codes, or whole numbers). */
export type ReferenceFieldValue = string | number | null;
export type ReferenceFieldsInput = Record<string, ReferenceFieldValue | undefined>;

/** POST /api/{list}: `code`, `parent_id` and `fields` as the list declares them (unknown keys are refused). */
export type ReferenceItemCreate = { name: string; code?: string | null; parent_id?: number | null; fields?: ReferenceFieldsInput };
/**
 * PUT /api/{list}/{id}: the fields sent change (a `fields` key set to null is cleared);
 * `is_active: false` deactivates the row and `true` reactivates it (nothing is ever deleted).
 */
export type ReferenceItemUpdate = Partial<ReferenceItemCreate> & { id: number | string; is_active?: boolean };
type Flag = 'true' | 'false';
export type ReferenceListQueryInput = {
  search?: string;
  page?: number | string;
  per_page?: number | string;
  parent_id?: number | string;
  is_active?: Flag;
  autocomplete?: Flag;
};
export type ReferenceListQuery = {
  search?: string;
  page: number;
  per_page?: number;
  parent_id?: number;
  is_active?: Flag;
  autocomplete?: Flag;
};
export type ReferenceItem = {
  id: number;
  name: string;
  code: string | null;
  parent_id: number | null;
  /** The parent's name and code, for labels such as 'São Paulo - SP'. */
  parent: { id: number; name: string; code: string | null } | null;
  fields: Record<string, ReferenceFieldValue | undefined>;
  is_active: boolean;
  /** A system row: every agency sees it, only super_admin changes it. */
  is_system: boolean;
  /** Whether the caller may change it (an agency's own row, or any row for super_admin). */
  editable: boolean;
  created_at: string;
  updated_at: string;
};
export type ReferenceItemPage = {
  items: ReferenceItem[];
  /** Null in autocomplete mode: a picker shows the first matches and counts nothing. */
  pagination: z.infer<typeof paginationSchema> | null;
};
export type SystemListQueryInput = { search?: string; page?: number | string; per_page?: number | string };
export type SystemListQuery = { search?: string; page: number; per_page: number };
export type SystemItem = { id: number; name: string; code: string | null; fields: Record<string, ReferenceFieldValue | undefined> };
export type SystemItemPage = { items: SystemItem[]; pagination: z.infer<typeof paginationSchema> };

/** One static type for every list's schema; each schema still parses exactly its own list. */
const contract = <Out, In = Out>(schema: z.ZodType): z.ZodType<Out, In> => schema as z.ZodType<Out, In>;

/** Whether the platform knows the IANA time zone (aliases such as 'Brazil/East' included). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const described = <T extends z.ZodType>(schema: T, f: { label: string; hint?: string }) =>
  schema.describe(f.hint ? `${f.label} (${f.hint})` : f.label);

function valueSchema(f: FieldDeclaration): z.ZodType {
  switch (f.kind) {
    case 'text':
      return described(
        z
          .string()
          .trim()
          .min(f.min ?? 1)
          .max(f.max),
        f,
      );
    case 'code': {
      const text = z.string().trim().max(64);
      return described((f.uppercase ? text.toUpperCase() : text).regex(f.pattern, { message: `${INVALID_MESSAGE} (${f.hint})` }), f);
    }
    case 'integer':
      return described(z.number().int().min(f.min).max(f.max), f);
    case 'timezone':
      return described(
        z
          .string()
          .trim()
          .max(64)
          .refine(isTimeZone, { message: `${INVALID_MESSAGE} (ex.: America/Sao_Paulo)` }),
        { ...f, hint: 'ex.: America/Sao_Paulo' },
      );
  }
}

const optional = (schema: z.ZodType, required: boolean | undefined) => (required ? schema : schema.nullable().optional());
const hasFields = (d: SystemListDeclaration) => Object.keys(d.fields).length > 0;
const nameSchema = (d: SystemListDeclaration) => described(z.string().trim().min(2).max(d.name.max), d.name);

/** The list's own fields; on an update each is optional (a row keeps the ones not sent). */
function fieldsSchema(d: SystemListDeclaration, update: boolean) {
  const shape = Object.fromEntries(
    Object.entries(d.fields).map(([key, f]) => [key, update ? valueSchema(f).nullable().optional() : optional(valueSchema(f), f.required)]),
  );
  return z.object(shape).strict();
}

function codeSchema(d: SystemListDeclaration) {
  return d.code ? valueSchema(d.code) : undefined;
}

function parentIdSchema(d: ListDeclaration) {
  return recordIdField().describe(`${d.parent?.label}: o id de um registro da lista ${d.parent?.list}`);
}

/** POST /api/{list}. */
export function referenceCreateInput(key: ReferenceListKey) {
  const d = referenceList(key);
  const code = codeSchema(d);
  const anyFieldRequired = Object.values(d.fields).some((f) => f.required);
  return contract<ReferenceItemCreate>(
    z
      .object({
        name: nameSchema(d),
        ...(code && d.code ? { code: optional(code, d.code.required) } : {}),
        ...(d.parent ? { parent_id: optional(parentIdSchema(d), d.parent.required) } : {}),
        ...(hasFields(d) ? { fields: anyFieldRequired ? fieldsSchema(d, false) : fieldsSchema(d, false).optional() } : {}),
      })
      .strict(),
  );
}

/** PUT /api/{list}/{id}. */
export function referenceUpdateInput(key: ReferenceListKey) {
  const d = referenceList(key);
  const code = codeSchema(d);
  return contract<ReferenceItemUpdate & { id: number }, ReferenceItemUpdate>(
    idParam
      .extend({
        name: nameSchema(d).optional(),
        ...(code && d.code ? { code: d.code.required ? code.optional() : code.nullable().optional() } : {}),
        ...(d.parent ? { parent_id: d.parent.required ? parentIdSchema(d).optional() : parentIdSchema(d).nullable().optional() } : {}),
        ...(hasFields(d) ? { fields: fieldsSchema(d, true).optional() } : {}),
        is_active: z.boolean().optional().describe('false desativa o registro; true o reativa'),
      })
      .strict(),
  );
}

const flag = z.enum(['true', 'false']);
const perPage = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional();

/** GET /api/{list}. */
export function referenceListInput(key: ReferenceListKey) {
  const d = referenceList(key);
  return contract<ReferenceListQuery, ReferenceListQueryInput>(
    z.object({
      search: searchInput,
      page: paginationInput.page,
      per_page: perPage.describe(
        `Tamanho da página; se omitido, ${REFERENCE_PAGE_SIZE} na lista e ${AUTOCOMPLETE_PAGE_SIZE} no autocomplete`,
      ),
      ...(d.parent ? { parent_id: recordIdQuery().optional().describe(`Só os registros sob este ${d.parent.label.toLowerCase()}`) } : {}),
      is_active: flag.optional().describe('Só os ativos (true) ou só os inativos (false); sem ele, todos'),
      autocomplete: flag.optional().describe('true: os primeiros ativos por relevância, para um campo de escolha, sem contagem'),
    }),
  );
}

function fieldsOutput(d: SystemListDeclaration) {
  return z.object(
    Object.fromEntries(
      Object.entries(d.fields).map(([key, f]) => [
        key,
        (f.kind === 'integer' ? z.number().int() : z.string()).nullable().optional().describe(f.label),
      ]),
    ),
  );
}

/** A row of a reference list, as every answer of the list carries it. */
export function referenceItemOutput(key: ReferenceListKey) {
  const d = referenceList(key);
  return contract<ReferenceItem>(
    z.object({
      id: z.number().int(),
      name: z.string(),
      code: z.string().nullable(),
      parent_id: z.number().int().nullable(),
      parent: z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() }).nullable(),
      fields: fieldsOutput(d),
      is_active: z.boolean(),
      is_system: z.boolean(),
      editable: z.boolean(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
  );
}

export function referencePageOutput(key: ReferenceListKey) {
  return contract<ReferenceItemPage>(z.object({ items: z.array(referenceItemOutput(key)), pagination: paginationSchema.nullable() }));
}

/** GET /api/system/{list}. */
export const systemListInput = contract<SystemListQuery, SystemListQueryInput>(
  z.object({
    search: searchInput,
    page: paginationInput.page,
    per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(REFERENCE_PAGE_SIZE),
  }),
);

export function systemPageOutput(key: SystemListKey) {
  const d = systemList(key);
  return contract<SystemItemPage>(
    z.object({
      items: z.array(z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable(), fields: fieldsOutput(d) })),
      pagination: paginationSchema,
    }),
  );
}
