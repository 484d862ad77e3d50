// Spreadsheet imports (PUT /api/uploads/clients|organizations|suppliers, then /api/imports/...).
// The columns each kind takes are declared once here, as data: field, pt-BR label, required flag
// and the header spellings mapped automatically. The API maps and validates rows with them (each
// row through the kind's own create schema) and the import screen shows them.
import { type ClientKind, ImportKind, ImportStatus } from '@app/db/browser';
import { CLIENT_LIST_LABELS } from './crm-labels';
import { fileSize } from './format';
import { idParam, paginationInput, paginationSchema } from './pagination';
import { z } from './zod';

export type { ImportKind, ImportStatus };
export const IMPORT_KINDS: readonly ImportKind[] = Object.values(ImportKind);
export const IMPORT_STATUSES: readonly ImportStatus[] = Object.values(ImportStatus);

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  clients: 'Clientes (pessoa física)',
  organizations: 'Clientes (pessoa jurídica)',
  suppliers: 'Fornecedores',
};

export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  uploaded: 'Aguardando mapeamento',
  queued: 'Na fila',
  running: 'Importando',
  done: 'Concluída',
  failed: 'Falhou',
};

/** The client kind each client import creates (suppliers carry theirs by document). */
export const IMPORT_CLIENT_KIND: Record<Exclude<ImportKind, 'suppliers'>, ClientKind> = {
  clients: 'person',
  organizations: 'organization',
};

export type ImportFieldKey =
  | 'name'
  | 'trade_name'
  | 'cpf'
  | 'cnpj'
  | 'document'
  | 'email'
  | 'phone'
  | 'birth_date'
  | 'website'
  | 'service_types'
  | 'notes'
  | 'postal_code'
  | 'street'
  | 'number'
  | 'complement'
  | 'neighborhood'
  | 'city'
  | 'state';

export type ImportField = {
  key: ImportFieldKey;
  label: string;
  /** A column must be chosen for it before a preview or a start. */
  required: boolean;
  /** Header spellings mapped to the field automatically, best first (compared folded: no accents, case or punctuation). */
  aliases: readonly string[];
  /** How a value is written, for the screen and the rejection reasons. */
  hint?: string;
};

const field = (key: ImportFieldKey, label: string, aliases: readonly string[], extra: Partial<ImportField> = {}): ImportField => ({
  key,
  label,
  required: false,
  aliases,
  ...extra,
});

const A = CLIENT_LIST_LABELS.addresses.fields;
const ADDRESS_FIELDS: ImportField[] = [
  field('postal_code', A.postal_code, ['CEP', 'Código postal']),
  field('street', A.street, ['Logradouro', 'Endereço', 'Rua', 'Endereço completo']),
  field('number', A.number, ['Número', 'Nº', 'Num', 'No']),
  field('complement', A.complement, ['Complemento']),
  field('neighborhood', A.neighborhood, ['Bairro']),
  field('city', A.city, ['Cidade', 'Município']),
  field('state', A.state, ['UF', 'Estado', 'Estado/UF'], { hint: 'sigla, ex.: SP' }),
];

const EMAIL = field('email', 'E-mail', ['E-mail', 'Email', 'E-mail principal', 'Endereço de e-mail']);
const PHONE = field('phone', 'Telefone', ['Telefone', 'Celular', 'WhatsApp', 'Fone', 'Tel', 'Telefone celular']);
const NOTES = field('notes', 'Observações', ['Observações', 'Observação', 'Obs', 'Notas', 'Anotações']);

/** The columns of each kind, in the order the template and the screen list them. */
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  clients: [
    field('name', 'Nome', ['Nome', 'Nome completo', 'Nome do cliente', 'Cliente', 'Passageiro'], { required: true }),
    field('cpf', 'CPF', ['CPF', 'CPF/CNPJ', 'Documento', 'Nº do CPF']),
    EMAIL,
    PHONE,
    field('birth_date', 'Data de nascimento', ['Data de nascimento', 'Nascimento', 'Dt. nascimento', 'Data nasc.', 'Aniversário'], {
      hint: 'dd/mm/aaaa',
    }),
    NOTES,
    ...ADDRESS_FIELDS,
  ],
  organizations: [
    field('name', 'Razão social', ['Razão social', 'Nome', 'Empresa', 'Nome da empresa', 'Nome fantasia', 'Cliente'], { required: true }),
    field('cnpj', 'CNPJ', ['CNPJ', 'CPF/CNPJ', 'Documento']),
    EMAIL,
    PHONE,
    NOTES,
    ...ADDRESS_FIELDS,
  ],
  suppliers: [
    field('name', 'Razão social', ['Razão social', 'Nome', 'Fornecedor', 'Empresa', 'Nome completo'], { required: true }),
    field('trade_name', 'Nome fantasia', ['Nome fantasia', 'Fantasia']),
    field('document', 'CPF/CNPJ', ['CPF/CNPJ', 'CNPJ', 'CPF', 'Documento'], { hint: 'CPF para pessoa física, CNPJ para empresa' }),
    EMAIL,
    PHONE,
    field('website', 'Site', ['Site', 'Website', 'Página']),
    field('service_types', 'Tipos de serviço', ['Tipos de serviço', 'Tipo de serviço', 'Serviços', 'Categoria'], {
      hint: 'separados por vírgula, ex.: Aéreo, Hospedagem; vazio: Outros',
    }),
    NOTES,
    ...ADDRESS_FIELDS,
  ],
};

/** 'Estado/UF' -> 'estadouf', 'Nº' -> 'no': headers and aliases compared without accents, case or punctuation. */
export function foldHeader(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** { field: column index } */
export type ImportMapping = Partial<Record<ImportFieldKey, number>>;

/** Each field gets the first column whose header is one of its aliases (best alias first), a column going to one field only. */
export function guessImportMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const folded = headers.map(foldHeader);
  const taken = new Set<number>();
  const mapping: ImportMapping = {};
  for (const f of IMPORT_FIELDS[kind]) {
    for (const alias of f.aliases.map(foldHeader)) {
      const column = folded.findIndex((h, i) => h === alias && !taken.has(i));
      if (column >= 0) {
        mapping[f.key] = column;
        taken.add(column);
        break;
      }
    }
  }
  return mapping;
}

/** What the upload takes: CSV (`,` `;` or tab; UTF-8 or Windows-1252) or XLSX, recognised by their bytes. */
const IMPORT_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] as const;
export const IMPORT_UPLOAD = {
  maxBytes: 20 * 1024 * 1024,
  types: IMPORT_TYPES,
  /** The `accept` attribute of the file input. */
  accept: ['.csv', '.xlsx', ...IMPORT_TYPES].join(','),
  maxColumns: 100,
} as const;

/**
 * What an XLSX may inflate to (its parts are compressed: the upload limit says nothing of them),
 * far above a real agency's spreadsheet (50,000 rows inflate to about 40 MB, their shared strings
 * to about 8 MB): the parts a reader keeps whole in memory (shared strings, styles), the whole
 * workbook, its number of parts and of distinct strings.
 */
export const WORKBOOK_BOUNDS = {
  keptPartBytes: 16 * 1024 * 1024,
  totalBytes: 128 * 1024 * 1024,
  parts: 1000,
  sharedStrings: 500_000,
} as const;

/** Messages of imports; the rejection reasons of a row are built from the field labels (import rows). */
export const IMPORT_MESSAGES = {
  unsupported: 'Formato de arquivo não suportado: envie uma planilha CSV ou XLSX',
  legacyExcel: 'Planilhas .xls (Excel 97-2003) não são aceitas: salve a planilha como XLSX ou CSV',
  tooLarge: `A planilha deve ter no máximo ${fileSize(IMPORT_UPLOAD.maxBytes)}`,
  noHeader: 'A primeira linha da planilha deve trazer os nomes das colunas',
  tooManyColumns: `A planilha tem mais de ${IMPORT_UPLOAD.maxColumns} colunas`,
  inflatesTooMuch: `A planilha descompactada passa de ${fileSize(WORKBOOK_BOUNDS.totalBytes)} (ou de ${fileSize(WORKBOOK_BOUNDS.keptPartBytes)} de textos): divida-a em arquivos menores ou envie um CSV`,
  notEditable: 'Esta importação já foi iniciada',
  notStartable: 'Esta importação já está na fila, em andamento ou concluída',
  unmapped: 'escolha a coluna deste campo',
  unknownField: 'não é permitido',
  columnMissing: 'coluna inexistente na planilha',
  columnTwice: 'coluna já usada em outro campo',
  fileMissing: 'O arquivo desta importação não foi encontrado; envie a planilha de novo',
  unreadable: (line: number) => `A planilha não pôde ser lida a partir da linha ${line} (aspas sem fechamento ou linha longa demais)`,
  unexpected: 'A importação foi interrompida por um erro inesperado; inicie-a de novo para continuar de onde parou',
} as const;

/** The column of the rejects CSV with the reasons, after the file's own columns. */
export const IMPORT_REASON_HEADER = 'Motivo';

/** How many rows of the file the preview shows as they will be saved. */
export const IMPORT_PREVIEW_ROWS = 20;

const isoInstant = z.string();

export const importFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  hint: z.string().nullable(),
});

export const importSchema = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  status: z.enum(IMPORT_STATUSES),
  filename: z.string(),
  /** 'csv' or 'xlsx'; for CSV the detected encoding ('utf-8', 'windows-1252') and delimiter. */
  format: z.string(),
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  headers: z.array(z.string()),
  /** { field: column index in `headers` } */
  mapping: z.record(z.string(), z.number().int()),
  update_existing: z.boolean(),
  /** Rows with data (blank rows are skipped), known once a preview or the job has read the file. */
  total_rows: z.number().int().nullable(),
  /** Rows done: saved or rejected, committed with them (the job resumes after them). */
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  rejected_count: z.number().int(),
  error: z.string().nullable(),
  started_at: isoInstant.nullable(),
  finished_at: isoInstant.nullable(),
  created_at: isoInstant,
  /** The columns this kind takes (IMPORT_FIELDS), for the mapping screen. */
  fields: z.array(importFieldSchema),
});
export type Import = z.infer<typeof importSchema>;

export const listImportsInput = z.object({ kind: z.enum(IMPORT_KINDS).optional(), ...paginationInput });
export type ListImportsInput = z.infer<typeof listImportsInput>;

export const importListOutput = z.object({
  imports: z.array(importSchema.omit({ fields: true, headers: true, mapping: true })),
  pagination: paginationSchema,
});

/** POST /api/imports/{id}/preview: saves the mapping and the choice, then reads the whole file (nothing is written but them). */
export const previewImportInput = idParam
  .extend({
    mapping: z.record(
      z.string().max(40),
      z
        .number()
        .int()
        .min(0)
        .max(IMPORT_UPLOAD.maxColumns - 1),
    ),
    /** Rows already in the agency (same CPF/CNPJ, else same e-mail) are updated instead of rejected. */
    update_existing: z.boolean().default(false),
    /** The page of invalid rows. */
    ...paginationInput,
  })
  .strict();
export type PreviewImportInput = z.infer<typeof previewImportInput>;

const rowPosition = {
  /** The data row (1 = the first row under the header). */
  row_number: z.number().int(),
  /** The spreadsheet's line, as the user sees it (the header is line 1). */
  line: z.number().int(),
};

export const importRejectionSchema = z.object({
  ...rowPosition,
  /** The row's cells as read, in the file's column order. */
  data: z.array(z.string()),
  reasons: z.array(z.string()),
});

export const importPreviewRowSchema = z.object({
  ...rowPosition,
  action: z.enum(['create', 'update', 'reject']),
  /** Each mapped field as it will be saved (CPF/CNPJ digits, ISO dates, lower-case e-mail); as read on a rejected row. */
  values: z.record(z.string(), z.string().nullable()),
  reasons: z.array(z.string()),
});

export const previewImportOutput = z.object({
  import: importSchema,
  /** The first IMPORT_PREVIEW_ROWS rows of the file. */
  rows: z.array(importPreviewRowSchema),
  /** A page of the rows that would be rejected, with their reasons. */
  invalid: z.object({ rows: z.array(importRejectionSchema), pagination: paginationSchema }),
  totals: z.object({ rows: z.number().int(), create: z.number().int(), update: z.number().int(), reject: z.number().int() }),
});
export type ImportPreview = z.infer<typeof previewImportOutput>;

/** GET /api/imports/template/{kind}: an empty CSV with the kind's columns. */
export const importTemplateParams = z.object({ kind: z.enum(IMPORT_KINDS) }).strict();

/** The names of the imports' downloads (GET /api/imports/template/{kind}, /api/imports/{id}/rejects.csv). */
const TEMPLATE_NAMES: Record<ImportKind, string> = { clients: 'clientes', organizations: 'empresas', suppliers: 'fornecedores' };
export const importTemplateFileName = (kind: ImportKind) => `modelo-importacao-${TEMPLATE_NAMES[kind]}.csv`;
export const importRejectsFileName = (filename: string) => `${filename.replace(/\.[^.]*$/, '')}-rejeitadas.csv`;
