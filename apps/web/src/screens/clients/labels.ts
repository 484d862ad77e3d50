// pt-BR labels of the client screens. Those marked 'mirror' repeat @app/shared/clients, which
// builds zod schemas at load and would put zod in the bundle; the types keep the keys in step.
import type { ClientDocumentType, ClientKind } from '@app/shared/clients';
import { formatCnpj, formatCpf } from '@app/shared/documents';

/** Mirror of CLIENT_KIND_LABELS. */
export const KIND_LABELS: Record<ClientKind, string> = { person: 'Pessoa física', organization: 'Pessoa jurídica' };

/** Mirror of CLIENT_ACTIVE_LABELS. */
export const ACTIVE_LABELS = { true: 'Ativo', false: 'Inativo' } as const;

/** Mirror of CLIENT_DOCUMENT_TYPE_LABELS. */
export const DOCUMENT_TYPE_LABELS: Record<ClientDocumentType, string> = {
  rg: 'RG',
  passport: 'Passaporte',
  visa: 'Visto',
  cnh: 'CNH',
  other: 'Outro',
};

/** Mirror of INVALID_MESSAGE: read after the field's name ('CPF não é válido'). */
export const INVALID = 'não é válido';

/** The client's CPF or CNPJ, formatted. */
export function clientDocument(c: { kind: ClientKind; cpf: string | null; cnpj: string | null }): string {
  return c.kind === 'person' ? formatCpf(c.cpf) : formatCnpj(c.cnpj);
}
