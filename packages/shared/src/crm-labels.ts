// CRM labels and enums without zod, so the web bundle can import them (the contracts in
// clients.ts / attendances.ts re-export them).

import { AttendanceLogAction, ClientDocumentType, ClientKind, CompanionRelationship } from '@app/db/browser';

// The client kinds and document types are the schema's enums (prisma/schema.prisma), declared there only.
export type { ClientKind };
export const CLIENT_KINDS: readonly ClientKind[] = Object.values(ClientKind);
export const CLIENT_KIND_LABELS: Record<ClientKind, string> = { person: 'Pessoa física', organization: 'Pessoa jurídica' };

/** A client is active or inactive (deactivate; reactivate/reopen), never deleted. */
export const CLIENT_ACTIVE_LABELS = { true: 'Ativo', false: 'Inativo' } as const;

export type { ClientDocumentType };
export const CLIENT_DOCUMENT_TYPES: readonly ClientDocumentType[] = Object.values(ClientDocumentType);
export const CLIENT_DOCUMENT_TYPE_LABELS: Record<ClientDocumentType, string> = {
  rg: 'RG',
  passport: 'Passaporte',
  visa: 'Visto',
  cnh: 'CNH',
  other: 'Outro',
};

/** What a saved companion is to the client (the schema's enum), in the order companions are offered. */
export type { CompanionRelationship };
export const COMPANION_RELATIONSHIPS: readonly CompanionRelationship[] = Object.values(CompanionRelationship);
export const COMPANION_RELATIONSHIP_LABELS: Record<CompanionRelationship, string> = {
  spouse: 'Cônjuge',
  child: 'Filho(a)',
  parent: 'Pai ou mãe',
  sibling: 'Irmão(ã)',
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
    fields: { type: 'Tipo', number: 'Número', country: 'País emissor', issued_at: 'Emissão', expires_at: 'Validade' },
  },
} as const;

/** Messages read after the field name, as the web shows a field error ('cpf não é válido'). */
export const INVALID_MESSAGE = 'não é válido';
/** What an attendance's history records: the schema's enum (prisma/schema.prisma), declared there only. */
export type { AttendanceLogAction };
export const ATTENDANCE_LOG_ACTIONS: readonly AttendanceLogAction[] = Object.values(AttendanceLogAction);
export const ATTENDANCE_LOG_ACTION_LABELS: Record<AttendanceLogAction, string> = {
  created: 'Atendimento criado',
  updated: 'Atendimento alterado',
  owner_changed: 'Responsável alterado',
  won: 'Marcado como ganho',
  lost: 'Marcado como perdido',
  canceled: 'Venda cancelada',
  reopened: 'Atendimento reaberto',
  consolidated_updated: 'Consolidado atualizado',
  budget_sent: 'Orçamento enviado ao cliente',
  budget_accepted: 'Proposta aceita pelo cliente',
  budget_sold: 'Venda fechada',
  budget_sale_undone: 'Venda desfeita',
  task_created: 'Tarefa criada',
  task_done: 'Tarefa concluída',
  follow_up: 'Acompanhamento automático',
};
