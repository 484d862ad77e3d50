// Contracts of a sold budget and the agency's contract templates: GET/POST /api/contract_templates,
// PUT /api/contract_templates/{id}; POST /api/contracts/generate/{budgetId},
// GET /api/contracts/show_pdf/{id}, GET/DELETE /api/contracts/{id}, POST /api/contracts/upload,
// POST /api/contracts/send, PATCH /api/contracts/cancel/{id}, POST /api/contracts/signature/{id}.
import type { ContractStatus } from '@app/db/browser';
import { emailField } from './auth';
import { DEFAULT_CONTRACT_TEMPLATE_BODY } from './contract-default-template';
import { idParam, recordIdField, recordIdQuery } from './pagination';
import { versionField, versionOutput } from './versions';
import { z } from './zod';

export type { ContractStatus };

export const CONTRACT_STATUSES = ['generated', 'uploaded', 'sent', 'signed', 'cancelled'] as const satisfies readonly ContractStatus[];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  generated: 'Gerado',
  uploaded: 'Cópia assinada anexada',
  sent: 'Enviado ao cliente',
  signed: 'Assinado',
  cancelled: 'Cancelado',
};

export const contractSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  sale_id: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  /** Whether the generated PDF and the signed copy exist (GET show_pdf gives the links). */
  has_pdf: z.boolean(),
  has_signed_copy: z.boolean(),
  signed_filename: z.string().nullable(),
  signature_requested_at: z.string().nullable(),
  signed_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Contract = z.infer<typeof contractSchema>;

// ---- Placeholders: declared once, as data ----

export const CONTRACT_PLACEHOLDER_GROUPS = {
  client: 'Cliente',
  passengers: 'Passageiros',
  trip: 'Viagem',
  services: 'Serviços',
  values: 'Valores',
  payment_plan: 'Plano de pagamento',
  agency: 'Agência',
  dates: 'Datas',
} as const;
export type ContractPlaceholderGroup = keyof typeof CONTRACT_PLACEHOLDER_GROUPS;

type PlaceholderDeclaration = {
  key: string;
  label: string;
  group: ContractPlaceholderGroup;
  /** What the preview shows; a list (one item per line) when `multiline`. */
  sample: string;
  multiline?: true;
};

/**
 * Every field a template may use, as `{{key}}`. The values of a contract come from the sale as it
 * was closed (frozen), the client, the budget's passengers and the agency; a field without a value
 * prints a blank line to fill in by hand.
 */
export const CONTRACT_PLACEHOLDERS = [
  { key: 'cliente.nome', label: 'Nome do cliente', group: 'client', sample: 'Conceição Araújo Gonçalves' },
  { key: 'cliente.cpf', label: 'CPF do cliente', group: 'client', sample: '123.456.789-09' },
  { key: 'cliente.documento', label: 'CPF ou CNPJ do cliente', group: 'client', sample: '123.456.789-09' },
  { key: 'cliente.email', label: 'E-mail do cliente', group: 'client', sample: 'conceicao@exemplo.com.br' },
  { key: 'cliente.telefone', label: 'Telefone do cliente', group: 'client', sample: '(11) 98765-4321' },
  {
    key: 'cliente.endereco',
    label: 'Endereço do cliente',
    group: 'client',
    sample: 'Rua das Acácias, 120, apto 45 – Jardim São Paulo, São Paulo/SP, CEP 02045-000',
  },
  {
    key: 'passageiros',
    label: 'Passageiros (um por linha, com documento)',
    group: 'passengers',
    multiline: true,
    sample: [
      '1. Conceição Araújo Gonçalves (adulto) – CPF 123.456.789-09 – Passaporte FZ123456',
      '2. João Gonçalves Neto (adulto) – CPF 987.654.321-00',
      '3. Lúcia Araújo Gonçalves (criança) – RG 12.345.678-9',
    ].join('\n'),
  },
  { key: 'viagem.titulo', label: 'Título da viagem', group: 'trip', sample: 'Férias em Lisboa e Porto' },
  { key: 'viagem.destino', label: 'Destino', group: 'trip', sample: 'Lisboa e Porto, Portugal' },
  { key: 'viagem.data_inicio', label: 'Início da viagem', group: 'trip', sample: '10/07/2027' },
  { key: 'viagem.data_fim', label: 'Fim da viagem', group: 'trip', sample: '24/07/2027' },
  {
    key: 'servicos',
    label: 'Serviços (um por linha: tipo, título, datas, fornecedor)',
    group: 'services',
    multiline: true,
    sample: [
      '• Aéreo: Voo São Paulo – Lisboa, ida e volta – 10/07/2027 a 24/07/2027 – fornecedor: TAP Air Portugal',
      '• Hospedagem: Hotel Avenida Palace, 7 noites – 10/07/2027 a 17/07/2027 – fornecedor: Operadora Sol & Mar',
      '• Passeio/ingresso: Vinícolas do Douro com almoço – 20/07/2027 – fornecedor: Douro Experiências',
      '• Seguro: Seguro viagem Europa 30 mil euros – 10/07/2027 a 24/07/2027 – fornecedor: Assist Card',
    ].join('\n'),
  },
  { key: 'valores.total', label: 'Valor total da venda', group: 'values', sample: 'R$ 32.480,00' },
  { key: 'pagamento.forma', label: 'Forma de pagamento', group: 'payment_plan', sample: 'Cartão de crédito' },
  {
    key: 'pagamento.parcelas',
    label: 'Parcelas (uma por linha: número, vencimento, valor)',
    group: 'payment_plan',
    multiline: true,
    sample: [
      '1ª parcela – vencimento 10/01/2027 – R$ 8.120,00',
      '2ª parcela – vencimento 10/02/2027 – R$ 8.120,00',
      '3ª parcela – vencimento 10/03/2027 – R$ 8.120,00',
      '4ª parcela – vencimento 10/04/2027 – R$ 8.120,00',
    ].join('\n'),
  },
  { key: 'agencia.nome', label: 'Nome da agência', group: 'agency', sample: 'Viagens São João Ltda.' },
  { key: 'agencia.cnpj', label: 'CNPJ da agência', group: 'agency', sample: '11.222.333/0001-81' },
  { key: 'agencia.cadastur', label: 'Cadastur da agência', group: 'agency', sample: '35.123456.10.0001-2' },
  {
    key: 'agencia.endereco',
    label: 'Endereço da agência',
    group: 'agency',
    sample: 'Rua Augusta, 1500, sala 32 – Consolação, São Paulo/SP, CEP 01304-001',
  },
  { key: 'agencia.email', label: 'E-mail da agência', group: 'agency', sample: 'contato@viagenssaojoao.com.br' },
  { key: 'agencia.telefone', label: 'Telefone da agência', group: 'agency', sample: '(11) 3333-4444' },
  { key: 'agencia.cidade', label: 'Cidade da agência', group: 'agency', sample: 'São Paulo/SP' },
  { key: 'vendedor.nome', label: 'Vendedor', group: 'agency', sample: 'Ana Beatriz Lima' },
  { key: 'data.hoje', label: 'Data de hoje (por extenso)', group: 'dates', sample: '5 de janeiro de 2027' },
  { key: 'data.venda', label: 'Data da venda (por extenso)', group: 'dates', sample: '4 de janeiro de 2027' },
] as const satisfies readonly PlaceholderDeclaration[];

export type ContractPlaceholderKey = (typeof CONTRACT_PLACEHOLDERS)[number]['key'];
export type ContractValues = Partial<Record<ContractPlaceholderKey, string | null>>;

const PLACEHOLDER_KEYS: ReadonlySet<string> = new Set(CONTRACT_PLACEHOLDERS.map((p) => p.key));
const isPlaceholderKey = (key: string): key is ContractPlaceholderKey => PLACEHOLDER_KEYS.has(key);

/** The preview's values: each field's sample. */
export const CONTRACT_SAMPLE_VALUES: Record<ContractPlaceholderKey, string> = Object.fromEntries(
  CONTRACT_PLACEHOLDERS.map((p) => [p.key, p.sample]),
) as Record<ContractPlaceholderKey, string>;

/** What a field without a value prints: a line to fill in by hand. */
export const CONTRACT_BLANK = '________________';

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The `{{...}}` of a body that name no declared field, each once, as written ('{{cliente.apelido}}'). */
export function unknownPlaceholders(body: string): string[] {
  const unknown = new Set<string>();
  for (const m of body.matchAll(PLACEHOLDER)) if (!isPlaceholderKey(m[1] ?? '')) unknown.add(m[0]);
  return [...unknown];
}

export const CONTRACT_TEMPLATE_MESSAGES = {
  unknown: (tokens: string[]) =>
    tokens.length === 1 ? `Campo desconhecido no modelo: ${tokens[0]}` : `Campos desconhecidos no modelo: ${tokens.join(', ')}`,
  unbalanced: 'Há chaves sem par no modelo: escreva cada campo como {{cliente.nome}}.',
  notFound: 'Modelo de contrato não encontrado.',
  inactive: 'Este modelo de contrato está inativo.',
  defaultMustStay: 'A agência precisa de um modelo padrão: marque outro modelo como padrão em vez de desmarcar este.',
  defaultMustBeActive: 'O modelo padrão não pode ficar inativo.',
} as const;

/** What keeps a body from being saved: unknown fields, or braces that do not make a field. */
export function contractBodyProblems(body: string): string[] {
  const problems: string[] = [];
  const unknown = unknownPlaceholders(body);
  if (unknown.length) problems.push(CONTRACT_TEMPLATE_MESSAGES.unknown(unknown));
  const rest = body.replace(PLACEHOLDER, '');
  if (rest.includes('{{') || rest.includes('}}')) problems.push(CONTRACT_TEMPLATE_MESSAGES.unbalanced);
  return problems;
}

// ---- The "rich text": paragraphs, `# ` headings, **bold** ----

export type ContractRun = { text: string; bold: boolean };
export type ContractBlock = { kind: 'heading'; text: string } | { kind: 'paragraph'; lines: ContractRun[][] };

type Piece = { text: string; bold: boolean; placeholder: boolean };

/** A line's pieces: `**` toggles bold (an unpaired one is kept as text), `{{...}}` is a field. */
function pieces(line: string): Piece[] {
  const parts = line.split('**');
  // An odd count of parts means every `**` has its pair; otherwise the last one is plain text.
  const paired = parts.length % 2 === 1 ? parts : [...parts.slice(0, -2), `${parts.at(-2)}**${parts.at(-1)}`];
  const out: Piece[] = [];
  paired.forEach((part, i) => {
    const bold = i % 2 === 1;
    let last = 0;
    for (const m of part.matchAll(PLACEHOLDER)) {
      if (m.index > last) out.push({ text: part.slice(last, m.index), bold, placeholder: false });
      out.push({ text: m[0], bold, placeholder: true });
      last = m.index + m[0].length;
    }
    if (last < part.length) out.push({ text: part.slice(last), bold, placeholder: false });
  });
  return out;
}

function fieldValue(token: string, values: ContractValues): string {
  const key = token.slice(2, -2).trim();
  // An unknown field is printed as written: the editor's preview shows it; saving refuses it.
  if (!isPlaceholderKey(key)) return token;
  const value = values[key]?.trim();
  return value ? value : CONTRACT_BLANK;
}

/**
 * The body with its fields filled, as blocks: blank lines separate paragraphs, a line starting
 * with `# ` is a heading, a paragraph keeps its line breaks, and a list field (passengers,
 * services, installments) adds a line per item. Values are text only: markup in them is printed.
 */
export function renderContractBlocks(body: string, values: ContractValues): ContractBlock[] {
  const blocks: ContractBlock[] = [];
  let lines: ContractRun[][] = [];
  const flush = () => {
    if (lines.length) blocks.push({ kind: 'paragraph', lines });
    lines = [];
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    if (line.startsWith('# ')) {
      flush();
      const text = pieces(line.slice(2))
        .map((p) => (p.placeholder ? fieldValue(p.text, values).replace(/\n/g, ' ') : p.text))
        .join('')
        .trim();
      blocks.push({ kind: 'heading', text });
      continue;
    }
    let current: ContractRun[] = [];
    for (const p of pieces(line)) {
      const [first = '', ...more] = (p.placeholder ? fieldValue(p.text, values) : p.text).split('\n');
      if (first) current.push({ text: first, bold: p.bold });
      for (const next of more) {
        lines.push(current);
        current = next ? [{ text: next, bold: p.bold }] : [];
      }
    }
    lines.push(current);
  }
  flush();
  return blocks;
}

/** The filled contract as plain text (headings and paragraphs, bold marks dropped). */
export function renderContractText(body: string, values: ContractValues): string {
  return renderContractBlocks(body, values)
    .map((b) => (b.kind === 'heading' ? b.text : b.lines.map((runs) => runs.map((r) => r.text).join('')).join('\n')))
    .join('\n\n');
}

// ---- Templates ----

/**
 * A template's body holds 100,000 characters: well past the longest real contract seen (60,000),
 * bounded like a budget's tree (BUDGET_LIMITS) so that no template grows without end.
 */
export const CONTRACT_TEMPLATE_LIMITS = { name: { min: 2, max: 120 }, body: 100_000 } as const;
export const CONTRACT_TEMPLATE_BODY_TOO_LONG = `O texto do modelo pode ter no máximo ${CONTRACT_TEMPLATE_LIMITS.body.toLocaleString('pt-BR')} caracteres.`;

export const DEFAULT_CONTRACT_TEMPLATE = {
  name: 'Contrato de prestação de serviços de viagem (padrão)',
  body: DEFAULT_CONTRACT_TEMPLATE_BODY,
} as const;

const templateBody = z
  .string()
  .trim()
  .min(1)
  .max(CONTRACT_TEMPLATE_LIMITS.body, { message: CONTRACT_TEMPLATE_BODY_TOO_LONG })
  .superRefine((body, ctx) => {
    for (const message of contractBodyProblems(body)) ctx.addIssue({ code: 'custom', message });
  });

const templateFields = {
  name: z.string().trim().min(CONTRACT_TEMPLATE_LIMITS.name.min).max(CONTRACT_TEMPLATE_LIMITS.name.max),
  body: templateBody,
  /** Making a template the default unsets the agency's previous default. */
  is_default: z.boolean(),
  active: z.boolean(),
};

/** POST /api/contract_templates. */
export const createContractTemplateInput = z
  .object({ ...templateFields, is_default: templateFields.is_default.default(false), active: templateFields.active.default(true) })
  .strict();
export type CreateContractTemplateInput = z.infer<typeof createContractTemplateInput>;

/** PUT /api/contract_templates/{id}: the fields sent change; the others stay. */
export const updateContractTemplateInput = idParam
  .extend({
    name: templateFields.name.optional(),
    body: templateBody.optional(),
    is_default: templateFields.is_default.optional(),
    active: templateFields.active.optional(),
    ...versionField,
  })
  .strict();
export type UpdateContractTemplateInput = z.infer<typeof updateContractTemplateInput>;

export const contractTemplateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  body: z.string(),
  is_default: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  version: versionOutput,
});
export type ContractTemplate = z.infer<typeof contractTemplateSchema>;

/** GET /api/contract_templates: the default first, then by name. */
export const contractTemplateListOutput = z.object({ items: z.array(contractTemplateSchema) });

// ---- Contracts ----

export const CONTRACT_MESSAGES = {
  notSold: 'Feche a venda antes de gerar o contrato.',
  templateUnknownFields: (tokens: string[]) =>
    `O modelo tem ${tokens.length === 1 ? 'um campo desconhecido' : 'campos desconhecidos'} (${tokens.join(', ')}): corrija o modelo antes de gerar o contrato.`,
  cancelled: 'Este contrato está cancelado.',
  alreadyCancelled: 'Este contrato já está cancelado.',
  signedKept: 'Um contrato assinado não pode ser excluído: ele fica como registro. Cancele-o se ele não vale mais.',
  signedElectronically: 'Este contrato já foi assinado eletronicamente.',
  alreadySigned: 'Este contrato já está assinado.',
  signatureAlreadyRequested: 'Este contrato já foi enviado para assinatura eletrônica.',
  noClientEmail: 'O cliente não tem e-mail cadastrado: informe o destinatário.',
  noSignerEmail: 'Cadastre o e-mail do cliente para enviar o contrato para assinatura eletrônica.',
  noPdf: 'O PDF deste contrato não foi encontrado. Gere o contrato de novo.',
  linkInvalid: 'Link do contrato inválido.',
  linkExpired: 'Este link do contrato expirou: abra o contrato de novo pela venda.',
  signatureNotConfigured: 'A assinatura eletrônica não está configurada neste servidor.',
  signatureFailed: 'O serviço de assinatura eletrônica não respondeu como esperado. Tente novamente em instantes.',
  callbackInvalid: 'Assinatura do aviso inválida.',
} as const;

/** POST /api/contracts/generate/{budgetId}: the budget's current sale, with the template chosen or the agency's default. */
export const generateContractInput = z.object({ budget_id: recordIdQuery(), template_id: recordIdField().optional() }).strict();
export type GenerateContractInput = z.infer<typeof generateContractInput>;

export const CONTRACT_MAIL_LIMITS = { recipients: 10, message: 2000 } as const;

/** POST /api/contracts/send: to the client's e-mail unless `to` is given. */
export const sendContractInput = z
  .object({
    contract_id: recordIdField(),
    to: z.array(emailField).min(1).max(CONTRACT_MAIL_LIMITS.recipients).optional(),
    message: z.string().trim().max(CONTRACT_MAIL_LIMITS.message).nullable().optional(),
  })
  .strict();
export type SendContractInput = z.infer<typeof sendContractInput>;

export const sendContractOutput = z.object({
  mailing_id: z.number().int(),
  status: z.literal('queued'),
  recipients: z.array(z.string()),
  contract: contractSchema,
});

/** GET /api/contracts/show_pdf/{id}: links that open the files for a few minutes (null: no such file). */
export const contractPdfLinksOutput = z.object({ pdf_url: z.string().nullable(), signed_pdf_url: z.string().nullable() });

export const contractDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });

export const CONTRACT_FILE_KINDS = ['generated', 'signed'] as const;
export type ContractFileKind = (typeof CONTRACT_FILE_KINDS)[number];

/** GET /api/contracts/file/{id}: the signed link's parts (the signature is checked by the API). */
export const contractFileInput = idParam
  .extend({
    kind: z.enum(CONTRACT_FILE_KINDS),
    expires: z.string().regex(/^\d{1,12}$/),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict();

/** POST /api/contracts/upload (multipart): the contract whose signed copy the `file` is. */
export const uploadContractFields = z.object({ contract_id: recordIdQuery() }).strict();
