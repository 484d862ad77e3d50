// CRM labels and enums without zod, so the web bundle can import them (the contracts in
// clients.ts / attendances.ts re-export them).

export const CLIENT_KINDS = ['person', 'organization'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];
export const CLIENT_KIND_LABELS: Record<ClientKind, string> = { person: 'Pessoa física', organization: 'Pessoa jurídica' };

/** Section 4: a client is active or inactive (deactivate; reactivate/reopen). */
export const CLIENT_ACTIVE_LABELS = { true: 'Ativo', false: 'Inativo' } as const;

export const CLIENT_DOCUMENT_TYPES = ['rg', 'passport', 'visa', 'cnh', 'other'] as const;
export type ClientDocumentType = (typeof CLIENT_DOCUMENT_TYPES)[number];
export const CLIENT_DOCUMENT_TYPE_LABELS: Record<ClientDocumentType, string> = {
  rg: 'RG',
  passport: 'Passaporte',
  visa: 'Visto',
  cnh: 'CNH',
  other: 'Outro',
};

/**
 * The client's lists by their API field: the section's title, one row's noun ('Contato 2') and the
 * labels of a row's fields. The client form and the bar's text of an error on a row ('contacts.1.email') read them.
 */
export const CLIENT_LIST_LABELS = {
  contacts: { legend: 'Contatos', noun: 'contato', fields: { name: 'Nome', relationship: 'Relação', phone: 'Telefone', email: 'E-mail' } },
  addresses: {
    legend: 'Endereço',
    noun: 'endereço',
    fields: {
      postal_code: 'CEP',
      street: 'Logradouro',
      number: 'Número',
      complement: 'Complemento',
      neighborhood: 'Bairro',
      city: 'Cidade',
      state: 'UF',
    },
  },
  documents: {
    legend: 'Documentos',
    noun: 'documento',
    fields: { type: 'Tipo', number: 'Número', issued_at: 'Emissão', expires_at: 'Validade' },
  },
} as const;

/** Messages read after the field name (section 5: 'cpf não é válido'). */
export const INVALID_MESSAGE = 'não é válido';
export const ATTENDANCE_LOG_ACTIONS = [
  'created',
  'updated',
  'owner_changed',
  'won',
  'lost',
  'canceled',
  'reopened',
  'consolidated_updated',
] as const;
export type AttendanceLogAction = (typeof ATTENDANCE_LOG_ACTIONS)[number];
export const ATTENDANCE_LOG_ACTION_LABELS: Record<AttendanceLogAction, string> = {
  created: 'Atendimento criado',
  updated: 'Atendimento alterado',
  owner_changed: 'Responsável alterado',
  won: 'Marcado como ganho',
  lost: 'Marcado como perdido',
  canceled: 'Venda cancelada',
  reopened: 'Atendimento reaberto',
  consolidated_updated: 'Consolidado atualizado',
};
