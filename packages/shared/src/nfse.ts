// The agency's service invoice (NFS-e, plan feature nfse): the fiscal settings of the agency and the
// note issued from a sale through the national issuer (Sefin Nacional, a DPS signed with the
// agency's A1 certificate). Item 09.02 of the LC 116 list: agenciamento de turismo.
import { z } from 'zod';
import { clientAddressSchema } from './clients';
import { monthField } from './commissions';
import { paginationInput, paginationSchema, recordIdQuery } from './pagination';

export const NFSE_TAX_REGIMES = ['simples_nacional', 'lucro_presumido', 'mei'] as const;
export type NfseTaxRegime = (typeof NFSE_TAX_REGIMES)[number];
export const NFSE_TAX_REGIME_LABELS: Record<NfseTaxRegime, string> = {
  simples_nacional: 'Simples Nacional',
  lucro_presumido: 'Lucro Presumido',
  mei: 'MEI',
};

/** What the note is on: the agency's earnings on the sale (commission and fee) or the whole sale. */
export const NFSE_BASES = ['intermediacao', 'venda'] as const;
export type NfseBasis = (typeof NFSE_BASES)[number];
export const NFSE_BASIS_LABELS: Record<NfseBasis, string> = {
  intermediacao: 'Intermediação (comissão e taxa de serviço da agência)',
  venda: 'Venda (valor total da venda)',
};

/**
 * Who issues: the national API with the agency's A1 certificate, or a gateway (Focus NFe's NFS-e
 * Nacional API) that holds the certificate and signs for the agency, reached with the agency's token.
 */
export const NFSE_ISSUERS = ['national', 'gateway'] as const;
export type NfseIssuer = (typeof NFSE_ISSUERS)[number];
export const NFSE_ISSUER_LABELS: Record<NfseIssuer, string> = {
  national: 'Emissor nacional (certificado A1 da agência)',
  gateway: 'Provedor Focus NFe (token da agência)',
};

export const NFSE_ENVIRONMENTS = ['homologacao', 'producao'] as const;
export type NfseEnvironment = (typeof NFSE_ENVIRONMENTS)[number];
export const NFSE_ENVIRONMENT_LABELS: Record<NfseEnvironment, string> = {
  homologacao: 'Homologação (testes, sem valor fiscal)',
  producao: 'Produção',
};

export const NFSE_STATUSES = ['pending', 'authorized', 'rejected', 'canceling', 'canceled', 'substituted'] as const;
export type NfseStatus = (typeof NFSE_STATUSES)[number];
export const NFSE_STATUS_LABELS: Record<NfseStatus, string> = {
  pending: 'Em emissão',
  authorized: 'Autorizada',
  rejected: 'Rejeitada',
  canceling: 'Em cancelamento',
  canceled: 'Cancelada',
  substituted: 'Substituída',
};

/** cMotivo of the cancellation event (e101101, TSCodJustCanc). */
export const NFSE_CANCEL_REASONS = ['1', '2', '9'] as const;
export type NfseCancelReason = (typeof NFSE_CANCEL_REASONS)[number];
export const NFSE_CANCEL_REASON_LABELS: Record<NfseCancelReason, string> = {
  '1': 'Erro na emissão',
  '2': 'Serviço não prestado',
  '9': 'Outros',
};
/** xMotivo (TSMotivo): 15 to 255 characters. */
export const NFSE_CANCEL_JUSTIFICATION = { min: 15, max: 255 } as const;

/**
 * cMotivo of a substitution (the DPS's subst group): two digits, unlike the cancellation's one.
 * The substitute is issued with the sale's current figures and the Sefin Nacional cancels the
 * replaced note by substitution when it authorizes it: the way out once the municipality's
 * cancellation deadline passed.
 */
export const NFSE_SUBSTITUTION_REASONS = ['01', '02', '03', '04', '05', '99'] as const;
export type NfseSubstitutionReason = (typeof NFSE_SUBSTITUTION_REASONS)[number];
export const NFSE_SUBSTITUTION_REASON_LABELS: Record<NfseSubstitutionReason, string> = {
  '01': 'Desenquadramento de NFS-e do Simples Nacional',
  '02': 'Enquadramento de NFS-e no Simples Nacional',
  '03': 'Inclusão retroativa de imunidade/isenção',
  '04': 'Exclusão retroativa de imunidade/isenção',
  '05': 'Rejeição da NFS-e pelo tomador',
  '99': 'Outros',
};

/** Código de tributação nacional of agenciamento de turismo (LC 116 item 09.02, subitem 01). */
export const NFSE_DEFAULT_SERVICE_CODE = '090201';

export const NFSE_LIMITS = {
  serviceDescription: 1000,
  /** A .pfx of an A1 certificate has a few kB: 64 kB of base64 is far above any real one. */
  certificateBase64: 64 * 1024,
  certificatePassword: 200,
  gatewayToken: 200,
  /** 0.01% to 100%: the ISS rate in basis points (LC 116 caps it at 5%, the municipality sets it). */
  issRateBasisPoints: 10_000,
} as const;

export const NFSE_MESSAGES = {
  notConfigured: 'Configure os dados fiscais da agência antes de emitir NFS-e.',
  certificateMissing: 'Envie o certificado digital A1 (.pfx) da agência com a senha.',
  certificateInvalid: 'Não foi possível abrir o certificado: confira o arquivo .pfx e a senha.',
  certificateExpired: 'O certificado digital está vencido: envie um certificado válido.',
  alreadyIssued: 'Esta venda já tem NFS-e emitida ou em emissão.',
  /** The queue's last attempt could not reach the authority: the note may or may not exist there. */
  noAnswer:
    'O emissor nacional não respondeu depois de várias tentativas. Tente de novo mais tarde: se a nota já tiver sido emitida, ela é recuperada, nunca duplicada.',
  saleUndone: 'A venda foi desfeita: não é possível emitir NFS-e.',
  noAmount: 'O valor da NFS-e desta venda é zero: não há o que emitir.',
  customerDocumentMissing: 'Informe o CPF ou CNPJ do cliente antes de emitir a NFS-e.',
  requested: 'NFS-e enviada para emissão.',
  cancelRequested: 'Pedido de cancelamento da NFS-e enviado.',
  notAuthorized: 'Só uma NFS-e autorizada pode ser cancelada.',
  notSubstitutable: 'Só a NFS-e autorizada da venda pode ser substituída.',
  substitutionInProgress: 'A substituta desta NFS-e está em emissão: aguarde o retorno do emissor nacional.',
  substituteRequested: 'NFS-e substituta enviada para emissão. A nota anterior é cancelada por substituição quando ela for autorizada.',
  /** Undoing a sale whose note the authority issued: the note goes first. */
  saleHasNote: 'Esta venda tem NFS-e autorizada: cancele a nota antes de desfazer a venda.',
  saleNoteInProgress: 'A NFS-e desta venda está em emissão ou em cancelamento: aguarde o retorno antes de desfazer a venda.',
  saved: 'Dados fiscais salvos.',
  /** The preview's warning: the DPS goes without a tomador (allowed, but the customer cannot deduct or find it). */
  takerWithoutDocument:
    'O cliente não tem CPF nem CNPJ completo: a nota sai sem tomador identificado. Complete o cadastro do cliente para identificá-lo.',
  /** Appended to the receipt's message when its last installment made the agency issue the note on its own. */
  autoRequested: 'A venda foi recebida por completo: NFS-e enviada para emissão.',
  /** As noAnswer, for a note the gateway took: it did not finish it within the queue's attempts. */
  gatewayNoAnswer:
    'O provedor de NFS-e não concluiu o pedido depois de várias tentativas. Tente de novo mais tarde: se a nota já tiver sido emitida, ela é recuperada, nunca duplicada.',
  gatewayTokenMissing: 'Informe o token do provedor de NFS-e.',
  /** The gateway's API has no substitution of a national note: only the national issuer substitutes. */
  gatewayNoSubstitution: 'A substituição de NFS-e é feita pelo emissor nacional: pelo provedor, cancele a nota.',
} as const;

/** Digits only (the screen strips the mask): no transform, so the REST bridge documents it as a plain string. */
const digits = (length: number, message: string) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${length}}$`), message);

/** PUT /api/nfse/settings. Certificate and password go together; omitted, the stored ones stay. */
export const saveNfseSettingsInput = z
  .object({
    cnpj: digits(14, 'Informe o CNPJ com 14 dígitos.'),
    municipal_registration: z.string().trim().min(1, 'Informe a inscrição municipal.').max(15, 'No máximo 15 caracteres.'),
    city_code: digits(7, 'Informe o código IBGE do município (7 dígitos).'),
    tax_regime: z.enum(NFSE_TAX_REGIMES, 'Escolha o regime tributário.'),
    service_code: digits(6, 'Informe o código de tributação nacional (6 dígitos).'),
    service_description: z
      .string()
      .trim()
      .min(1, 'Informe a descrição do serviço.')
      .max(NFSE_LIMITS.serviceDescription, `No máximo ${NFSE_LIMITS.serviceDescription} caracteres.`),
    iss_rate_basis_points: z
      .number()
      .int('Informe a alíquota em centésimos de ponto percentual.')
      .min(1, 'Informe a alíquota do ISS.')
      .max(NFSE_LIMITS.issRateBasisPoints, 'Alíquota acima de 100%.'),
    basis: z.enum(NFSE_BASES, 'Escolha a base da NFS-e.'),
    issuer: z.enum(NFSE_ISSUERS).default('national'),
    environment: z.enum(NFSE_ENVIRONMENTS, 'Escolha o ambiente.'),
    auto_issue: z.boolean().default(false),
    certificate_pfx_base64: z
      .string()
      .trim()
      .max(NFSE_LIMITS.certificateBase64, 'Certificado grande demais.')
      .regex(/^[A-Za-z0-9+/]+=*$/, 'Certificado inválido.')
      .optional(),
    certificate_password: z.string().max(NFSE_LIMITS.certificatePassword, 'Senha longa demais.').optional(),
    /** The gateway's token; omitted, the stored one stays. */
    gateway_token: z
      .string()
      .trim()
      .min(1, 'Informe o token do provedor de NFS-e.')
      .max(NFSE_LIMITS.gatewayToken, 'Token longo demais.')
      .optional(),
  })
  .strict()
  .refine((v) => (v.certificate_pfx_base64 === undefined) === (v.certificate_password === undefined), {
    message: 'Envie o certificado e a senha juntos.',
    path: ['certificate_password'],
  });
export type SaveNfseSettingsInput = z.input<typeof saveNfseSettingsInput>;

/** What the screen reads: never the certificate, its password or the token, only what identifies the certificate. */
export const nfseSettingsSchema = z.object({
  configured: z.boolean(),
  cnpj: z.string().nullable(),
  municipal_registration: z.string().nullable(),
  city_code: z.string().nullable(),
  tax_regime: z.enum(NFSE_TAX_REGIMES).nullable(),
  service_code: z.string(),
  service_description: z.string().nullable(),
  iss_rate_basis_points: z.number().int().nullable(),
  basis: z.enum(NFSE_BASES),
  issuer: z.enum(NFSE_ISSUERS),
  environment: z.enum(NFSE_ENVIRONMENTS),
  /** Issue on its own once the sale's last installment is received. */
  auto_issue: z.boolean(),
  certificate: z.object({ subject: z.string(), valid_until: z.string() }).nullable(),
  /** A gateway token is stored (it never leaves the server). */
  gateway_token_set: z.boolean(),
});
export type NfseSettings = z.infer<typeof nfseSettingsSchema>;

export const nfseErrorSchema = z.object({ code: z.string(), message: z.string() });

/** The code of a pending note's error once the queue gave up reaching the authority. */
export const NFSE_NO_ANSWER_CODE = 'SEM_RESPOSTA';

/**
 * A note the queue gave up on, on its way to be issued or canceled: "Tentar novamente" sends the
 * same DPS (or the same cancellation) again.
 */
export const nfseStalled = (note: { status: NfseStatus; errors: { code: string }[] }) =>
  (note.status === 'pending' || note.status === 'canceling') && note.errors.some((e) => e.code === NFSE_NO_ANSWER_CODE);

export const nfseNoteSchema = z.object({
  id: z.number().int(),
  sale_id: z.number().int(),
  status: z.enum(NFSE_STATUSES),
  environment: z.enum(NFSE_ENVIRONMENTS),
  dps_series: z.string(),
  dps_number: z.number().int(),
  amount_cents: z.number().int(),
  iss_cents: z.number().int(),
  description: z.string(),
  number: z.string().nullable(),
  access_key: z.string().nullable(),
  errors: z.array(nfseErrorSchema),
  authorized_at: z.string().nullable(),
  cancel_reason: z.enum(NFSE_CANCEL_REASONS).nullable(),
  cancel_justification: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** The note of the same sale this one replaces, with why. */
  substitutes: z
    .object({ id: z.number().int(), number: z.string().nullable(), reason: z.enum(NFSE_SUBSTITUTION_REASONS), justification: z.string() })
    .nullable(),
  /** The gateway issuer took the note (it is followed and canceled there; only the national issuer substitutes). */
  through_gateway: z.boolean(),
  created_at: z.string(),
});
export type NfseNote = z.infer<typeof nfseNoteSchema>;

/** The justification (xMotivo) of a cancellation or a substitution. */
const nfseJustification = z
  .string()
  .trim()
  .min(NFSE_CANCEL_JUSTIFICATION.min, `Descreva o motivo com pelo menos ${NFSE_CANCEL_JUSTIFICATION.min} caracteres.`)
  .max(NFSE_CANCEL_JUSTIFICATION.max, `No máximo ${NFSE_CANCEL_JUSTIFICATION.max} caracteres.`);

/** POST /api/nfse/{id}/cancel: the cancellation event's reason and its justification. */
export const cancelNfseInput = z
  .object({
    id: recordIdQuery(),
    reason: z.enum(NFSE_CANCEL_REASONS, 'Escolha o motivo do cancelamento.'),
    justification: nfseJustification,
  })
  .strict();
export type CancelNfseInput = z.infer<typeof cancelNfseInput>;

/** POST /api/nfse/{id}/substitute: the reason code and the justification the substitute's DPS carries. */
export const substituteNfseInput = z
  .object({
    id: recordIdQuery(),
    reason: z.enum(NFSE_SUBSTITUTION_REASONS, 'Escolha o motivo da substituição.'),
    justification: nfseJustification,
  })
  .strict();
export type SubstituteNfseInput = z.infer<typeof substituteNfseInput>;

/** The sale's current note: its newest (a substitute once asked for). */
export const saleNfseOutput = z.object({ note: nfseNoteSchema.nullable() });
export const issueNfseOutput = z.object({ note: nfseNoteSchema, message: z.string() });

/** The figures of a sale the note is computed from (sale and cost in the sale's currency). */
export type NfseSaleFigures = {
  sale_cents: number;
  cost_cents: number;
  /** The sale's currency to BRL (1 for BRL). */
  currency_rate: number;
  title: string;
};

export type NfseAmount = { amount_cents: number; iss_cents: number; description: string };

/**
 * The amount, the ISS and the description of a sale's NFS-e, in BRL cents: on intermediação the
 * agency's earnings (sale − cost, never below zero), on venda the whole sale; the ISS rounded half
 * up to the cent, as the national issuer computes it.
 */
export function nfseAmount(
  sale: NfseSaleFigures,
  settings: { basis: NfseBasis; iss_rate_basis_points: number; service_description: string },
): NfseAmount {
  const base = settings.basis === 'venda' ? sale.sale_cents : Math.max(0, sale.sale_cents - sale.cost_cents);
  const amount_cents = Math.round(base * sale.currency_rate);
  const iss_cents = Math.round((amount_cents * settings.iss_rate_basis_points) / 10_000);
  const what = settings.basis === 'venda' ? 'Venda' : 'Intermediação';
  const description = `${settings.service_description} - ${what}: ${sale.title}`.slice(0, NFSE_LIMITS.serviceDescription);
  return { amount_cents, iss_cents, description };
}

/** The tomador's CPF or CNPJ as digits, when the customer has a complete one (the CNPJ first). */
export function nfseTakerDocument(client: { cpf: string | null; cnpj: string | null }): string | null {
  for (const value of [client.cnpj, client.cpf]) {
    const digits = value?.replace(/\D/g, '') ?? '';
    if (digits.length === 14 || digits.length === 11) return digits;
  }
  return null;
}

/** The tomador's address as the note gives it: CEP in digits and every field the layout requires. */
export const nfseTakerAddressSchema = clientAddressSchema;
export type NfseTakerAddress = z.infer<typeof nfseTakerAddressSchema>;

/**
 * The customer's address the note gives the tomador (its municipality's code is read from the CEP
 * when the note is sent): a CEP of 8 digits, street, number and bairro; else none.
 */
export function nfseTakerAddress(
  address:
    | { postalCode: string; street: string; number: string; complement: string | null; neighborhood: string; city: string; state: string }
    | undefined,
): NfseTakerAddress | null {
  const postal = address?.postalCode.replace(/\D/g, '') ?? '';
  if (!address || postal.length !== 8 || !address.street.trim() || !address.number.trim() || !address.neighborhood.trim()) return null;
  return {
    postal_code: postal,
    street: address.street.trim(),
    number: address.number.trim(),
    complement: address.complement?.trim() || null,
    neighborhood: address.neighborhood.trim(),
    city: address.city.trim(),
    state: address.state.trim(),
  };
}

/** GET /api/sales/{id}/nfse/preview: what "Emitir NFS-e" would send, before it is sent. */
export const nfsePreviewSchema = z.object({
  amount_cents: z.number().int(),
  iss_cents: z.number().int(),
  iss_rate_basis_points: z.number().int(),
  description: z.string(),
  basis: z.enum(NFSE_BASES),
  environment: z.enum(NFSE_ENVIRONMENTS),
  service_code: z.string(),
  taker: z.object({
    name: z.string(),
    document: z.string().nullable(),
    email: z.string().nullable(),
    /** Given only with a CPF/CNPJ. */
    address: nfseTakerAddressSchema.nullable(),
  }),
  /** What the owner may want to fix first; none of it stops the note. */
  warnings: z.array(z.string()),
});
export type NfsePreview = z.infer<typeof nfsePreviewSchema>;

/** GET /api/nfse: the agency's notes, newest first, by the month (Brasília time) they were issued (or asked for) and status. */
export const listNfseInput = z.object({ month: monthField.optional(), status: z.enum(NFSE_STATUSES).optional(), ...paginationInput });
export type ListNfseInput = z.infer<typeof listNfseInput>;

export const nfseListItemSchema = nfseNoteSchema.extend({
  /** When it was authorized, or asked for while it is not. */
  issued_at: z.string(),
  budget_id: z.number().int(),
  budget_title: z.string(),
  client: z.object({ id: z.number().int(), name: z.string() }),
});
export type NfseListItem = z.infer<typeof nfseListItemSchema>;
export const nfseListOutput = z.object({ notes: z.array(nfseListItemSchema), pagination: paginationSchema });

export const NFSE_EXPORT_FORMATS = ['csv', 'xml'] as const;
/** GET /api/nfse/export/{format}?month=: the month's notes for the accountant (CSV, or a zip of their XML). */
export const exportNfseInput = z.object({ format: z.enum(NFSE_EXPORT_FORMATS), month: monthField }).strict();
export type ExportNfseInput = z.infer<typeof exportNfseInput>;
