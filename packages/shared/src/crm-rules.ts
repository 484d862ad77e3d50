// CRM rules and their messages without zod, so the web app checks a form with the API's own
// limits and texts before sending it (the contracts in clients.ts / attendances.ts use them).

/** Messages read after the field name ('Validade deve ser igual ou posterior à data de emissão'). */
export const CLIENT_FIELD_MESSAGES = {
  cpfOnlyForPeople: 'só pode ser informado para pessoa física',
  cnpjOnlyForOrganizations: 'só pode ser informado para pessoa jurídica',
  birthDateOnlyForPeople: 'só pode ser informada para pessoa física',
  notFound: 'não foi encontrado',
  inactive: 'está inativo',
  endBeforeStart: 'deve ser igual ou posterior à data inicial',
  expiryBeforeIssue: 'deve ser igual ou posterior à data de emissão',
  maskedDocumentNumber: 'digite o número completo do documento',
  selfCompanion: 'não pode ser o próprio cliente',
  companionsFull: (max: number) => `Um cliente pode ter no máximo ${max} acompanhantes.`,
} as const;

/** Free-text notes of a client, an attendance and its consolidated summary. */
export const NOTES_MAX_LENGTH = 5000;

/** The largest amount of money an attendance holds: R$ 20 milhões, in integer cents. */
export const MONEY_MAX_CENTS = 2_000_000_000;

/** How many rows each list of a client may hold. */
export const CLIENT_LIST_MAX = { contacts: 20, addresses: 10, documents: 20, companions: 30 } as const;

/** A travel document cannot expire before it was issued (ISO dates compare as text). */
export function expiresBeforeIssue(doc: { issued_at?: string | null; expires_at?: string | null }): boolean {
  return Boolean(doc.issued_at && doc.expires_at && doc.expires_at < doc.issued_at);
}
