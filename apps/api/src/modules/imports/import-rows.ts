// A row of a spreadsheet as the record it becomes: its mapped cells normalised the way spreadsheets
// spoil them (leading zeros lost, d/m/yyyy dates), validated by the kind's own create schema
// (createClientInput, createSupplierInput: one copy of every rule), and checked against the rows
// before it for duplicates. Pure: the agency's existing records are import-match.ts's business.
import {
  type ClientKind,
  createClientInput,
  createSupplierInput,
  FORM_MESSAGES,
  foldHeader,
  formSchema,
  IMPORT_CLIENT_KIND,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type ImportFieldKey,
  type ImportKind,
  type ImportMapping,
  isoFromShortDate,
  onlyDigits,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPE_SLUGS,
  SERVICE_TYPES,
  type ServiceType,
  z,
} from '@app/shared';
import { AppError } from '../../errors';
import type { FileRow } from './import-file';

export type ImportAddress = {
  postal_code: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
};

/** What a valid row saves (suppliers' own fields are null on clients and the reverse). */
export type ImportRecord = {
  kind: ClientKind;
  name: string;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  notes: string | null;
  tradeName: string | null;
  website: string | null;
  /** Null when the cell is blank: a new supplier supplies 'other', an updated one keeps its types. */
  serviceTypes: ServiceType[] | null;
  address: ImportAddress | null;
};

export type CheckedRow = FileRow & {
  /** Each mapped field: as it will be saved on a valid row, as read on a rejected one. */
  values: Partial<Record<ImportFieldKey, string | null>>;
  record: ImportRecord | null;
  reasons: string[];
};

const storedMapping = z.record(z.string(), z.number().int().min(0));

/**
 * The mapping as saved: only the kind's fields, each on a column of the file, no column twice,
 * every required field mapped. Anything else answers 400 with the field's error under `mapping.<field>`.
 */
export function checkMapping(kind: ImportKind, headers: readonly string[], mapping: unknown): ImportMapping {
  const given = storedMapping.parse(mapping);
  const errors = new Map<string, string[]>();
  const fields = IMPORT_FIELDS[kind];
  const checked: ImportMapping = {};
  const used = new Set<number>();
  for (const [key, column] of Object.entries(given)) {
    const field = fields.find((f) => f.key === key);
    let problem: string | undefined;
    if (!field) problem = IMPORT_MESSAGES.unknownField;
    else if (column >= headers.length) problem = IMPORT_MESSAGES.columnMissing;
    else if (used.has(column)) problem = IMPORT_MESSAGES.columnTwice;
    if (problem || !field) {
      errors.set(`mapping.${key}`, [problem ?? IMPORT_MESSAGES.unknownField]);
      continue;
    }
    used.add(column);
    checked[field.key] = column;
  }
  for (const f of fields) {
    if (f.required && checked[f.key] === undefined && !errors.has(`mapping.${f.key}`))
      errors.set(`mapping.${f.key}`, [IMPORT_MESSAGES.unmapped]);
  }
  if (errors.size) throw new AppError('VALIDATION', { errors: Object.fromEntries(errors) });
  return checked;
}

/** A number Excel stored as a number lost its leading zeros: '1234567890' is CPF 01234567890. */
const padDigits = (value: string | null, length: number) =>
  value && /^\d+$/.test(value) && value.length < length && value.length >= length - 3 ? value.padStart(length, '0') : value;

/** 'd/m/yyyy' (also with '.' or '-') -> ISO; an impossible day or anything else stays as typed, for the schema to refuse. */
function isoDate(value: string | null): string | null {
  const m = value ? /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value) : null;
  if (!m) return value;
  return isoFromShortDate(`${(m[1] as string).padStart(2, '0')}/${(m[2] as string).padStart(2, '0')}/${m[3]}`) ?? value;
}

/** A supplier's CPF (11 digits) or CNPJ (anything else, refused by its check digits if wrong). */
function supplierDocument(value: string | null): { cpf: string | null; cnpj: string | null } {
  if (!value) return { cpf: null, cnpj: null };
  const digits = onlyDigits(value);
  const isCpf = digits.length === 11 || (/^\d+$/.test(value) && digits.length >= 8 && digits.length < 11);
  return isCpf ? { cpf: padDigits(value, 11), cnpj: null } : { cpf: null, cnpj: padDigits(value, 14) };
}

/** 'Aéreo', 'aereo', 'air', 'Hospedagem'... -> the service type; an unknown name stays, for the schema to refuse. */
const SERVICE_TYPE_NAMES = new Map<string, ServiceType>(
  SERVICE_TYPES.flatMap((t) =>
    [foldHeader(SERVICE_TYPE_LABELS[t]), foldHeader(SERVICE_TYPE_SLUGS[t]), foldHeader(t)].map((n) => [n, t] as const),
  ),
);
const serviceTypes = (value: string | null) =>
  value
    ?.split(/[,;|\n]/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => SERVICE_TYPE_NAMES.get(foldHeader(s)) ?? s);

type Cells = (key: ImportFieldKey) => string | null;

const addressCells = (v: Cells) => ({
  postal_code: padDigits(v('postal_code'), 8),
  street: v('street'),
  number: v('number'),
  complement: v('complement'),
  neighborhood: v('neighborhood'),
  city: v('city'),
  state: v('state')?.toUpperCase() ?? null,
});

/** Per kind: the create schema a row must pass, the row as that schema's input, and the record of its output. */
const KINDS = {
  clients: clientKind('clients'),
  organizations: clientKind('organizations'),
  suppliers: {
    schema: createSupplierInput,
    input: (v: Cells) => {
      const document = supplierDocument(v('document'));
      return {
        kind: document.cpf ? 'person' : 'organization',
        name: v('name'),
        trade_name: v('trade_name'),
        ...document,
        email: v('email'),
        phone: v('phone'),
        website: v('website'),
        // Blank: checked as 'other', saved as the record says (serviceTypes null).
        service_types: serviceTypes(v('service_types')) ?? ['other'],
        notes: v('notes'),
        address: addressCells(v),
      };
    },
    record: (out: z.output<typeof createSupplierInput>, v: Cells): ImportRecord => ({
      kind: out.kind,
      name: out.name,
      cpf: out.cpf ?? null,
      cnpj: out.cnpj ?? null,
      email: out.email ?? null,
      phone: out.phone ?? null,
      birthDate: null,
      notes: out.notes ?? null,
      tradeName: out.trade_name ?? null,
      website: out.website ?? null,
      serviceTypes: v('service_types') ? out.service_types : null,
      address: out.address ? { ...nullAddress, ...out.address } : null,
    }),
  },
};

const nullAddress: ImportAddress = {
  postal_code: null,
  street: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
};

function clientKind(kind: 'clients' | 'organizations') {
  return {
    schema: createClientInput,
    input: (v: Cells) => ({
      kind: IMPORT_CLIENT_KIND[kind],
      name: v('name'),
      ...(kind === 'clients' ? { cpf: padDigits(v('cpf'), 11), birth_date: isoDate(v('birth_date')) } : { cnpj: padDigits(v('cnpj'), 14) }),
      email: v('email'),
      phone: v('phone'),
      notes: v('notes'),
      // No address without a filled part; a partial one is refused by the address's rules.
      addresses: [addressCells(v)].filter((a) => Object.values(a).some((part) => part !== null)),
    }),
    record: (out: z.output<typeof createClientInput>): ImportRecord => ({
      kind: out.kind,
      name: out.name,
      cpf: out.cpf ?? null,
      cnpj: out.cnpj ?? null,
      email: out.email ?? null,
      phone: out.phone ?? null,
      birthDate: out.birth_date ?? null,
      notes: out.notes ?? null,
      tradeName: null,
      website: null,
      serviceTypes: null,
      address: out.addresses?.[0] ? { ...nullAddress, ...out.addresses[0] } : null,
    }),
  };
}

/** Each mapped field's value as it will be saved. */
function savedValues(record: ImportRecord, keys: readonly ImportFieldKey[]): CheckedRow['values'] {
  const value = (key: ImportFieldKey): string | null => {
    switch (key) {
      case 'name':
        return record.name;
      case 'trade_name':
        return record.tradeName;
      case 'document':
        return record.cpf ?? record.cnpj;
      case 'birth_date':
        return record.birthDate;
      case 'service_types':
        return record.serviceTypes?.join(', ') ?? null;
      case 'cpf':
      case 'cnpj':
      case 'email':
      case 'phone':
      case 'website':
      case 'notes':
        return record[key];
      default:
        return record.address?.[key] ?? null;
    }
  };
  return Object.fromEntries(keys.map((k) => [k, value(k)]));
}

/** The spreadsheet's line of a data row (the header is line 1). */
export const lineOf = (rowNumber: number) => rowNumber + 1;

export const REASONS = {
  duplicate: (label: string, line: number) => `${label}: repetido no arquivo (linha ${line})`,
  existing: (label: string) => `${label}: já cadastrado na agência`,
};

/**
 * Rows are the same when they share a CPF/CNPJ; without one, a row is the same as any row with its
 * e-mail; with neither, as a row with neither and its exact name. Two rows with different documents
 * may share an e-mail (a couple's). The first row keeps its place, the others are rejected.
 */
class SeenRows {
  private readonly documents = new Map<string, number>();
  private readonly emails = new Map<string, number>();
  private readonly documentlessEmails = new Map<string, number>();
  private readonly names = new Map<string, number>();

  constructor(private readonly labels: { document: string; email: string; name: string }) {}

  /** The reason a row repeats an earlier one, or null after taking its keys. */
  duplicate(record: ImportRecord, line: number): string | null {
    const document = record.cpf ?? record.cnpj;
    const { email, name } = record;
    const earlier = document
      ? ([this.documents.get(document), this.labels.document] as const)
      : email
        ? ([this.emails.get(email), this.labels.email] as const)
        : ([this.names.get(name), this.labels.name] as const);
    const earlierEmail = document && email ? this.documentlessEmails.get(email) : undefined;
    if (earlier[0] !== undefined) return REASONS.duplicate(earlier[1], earlier[0]);
    if (earlierEmail !== undefined) return REASONS.duplicate(this.labels.email, earlierEmail);
    if (document) this.documents.set(document, line);
    else if (!email) this.names.set(name, line);
    if (email) {
      if (!this.emails.has(email)) this.emails.set(email, line);
      if (!document) this.documentlessEmails.set(email, line);
    }
    return null;
  }
}

/** Labels by the create schema's field names ('addresses.0.postal_code' reads as 'CEP'). */
function schemaLabels(kind: ImportKind): Record<string, string> {
  const labels: Record<string, string> = Object.fromEntries(IMPORT_FIELDS[kind].map((f) => [f.key, f.label]));
  const document = IMPORT_FIELDS[kind].find((f) => f.key === 'document');
  return document ? { ...labels, cpf: document.label, cnpj: document.label } : labels;
}

/** The label a duplicate or an existing match names: the document's, the e-mail's or the name's. */
export function keyLabels(kind: ImportKind) {
  const labels = schemaLabels(kind);
  return { document: labels.cpf ?? labels.cnpj ?? 'CPF/CNPJ', email: labels.email ?? 'E-mail', name: labels.name ?? 'Nome' };
}

/**
 * Checks the rows of one file in order (the checker remembers the earlier rows' keys, so a job
 * resuming mid-file runs the rows it skips through it too).
 */
export function rowChecker(kind: ImportKind, mapping: ImportMapping) {
  const spec = KINDS[kind] as {
    schema: typeof createClientInput | typeof createSupplierInput;
    input: (v: Cells) => unknown;
    record: (out: never, v: Cells) => ImportRecord;
  };
  const labels = schemaLabels(kind);
  const hints = new Map(IMPORT_FIELDS[kind].map((f) => [f.key as string, f.hint]));
  // A supplier's document column fills cpf or cnpj.
  if (hints.has('document')) for (const key of ['cpf', 'cnpj']) hints.set(key, hints.get('document'));
  const form = formSchema(spec.schema, labels);
  const keys = IMPORT_FIELDS[kind].map((f) => f.key).filter((k) => mapping[k] !== undefined);
  const seen = new SeenRows(keyLabels(kind));

  const reasonOf = (issue: { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }) => {
    const path = (issue.path ?? []).map((k) => String(typeof k === 'object' ? k.key : k));
    const field = path.findLast((k) => !/^\d+$/.test(k)) ?? '';
    const label = labels[field] ?? field;
    const hint = issue.message === FORM_MESSAGES.invalid ? hints.get(field) : undefined;
    const message = issue.message.startsWith(label) ? issue.message : `${label}: ${issue.message}`;
    return hint ? `${message} (${hint})` : message;
  };

  return (row: FileRow): CheckedRow => {
    const cell: Cells = (key) => {
      const column = mapping[key];
      return column === undefined ? null : row.cells[column] || null;
    };
    const input = spec.input(cell);
    // The schema alone first (blank cells are already null): the form reading, which gives the
    // messages, costs several times more and decides only the rows the schema refuses as they are.
    const direct = spec.schema.safeParse(input);
    const result = direct.success ? { value: direct.data, issues: undefined } : form['~standard'].validate(input);
    if (result instanceof Promise) throw new Error('import rows validate synchronously');
    if (result.issues) {
      const values = Object.fromEntries(keys.map((k) => [k, cell(k)]));
      return { ...row, values, record: null, reasons: [...new Set(result.issues.map(reasonOf))] };
    }
    const record = spec.record(result.value as never, cell);
    const values = savedValues(record, keys);
    const duplicate = seen.duplicate(record, lineOf(row.rowNumber));
    return { ...row, values, record: duplicate ? null : record, reasons: duplicate ? [duplicate] : [] };
  };
}
