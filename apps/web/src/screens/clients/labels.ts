// pt-BR labels of the client screens.
import type { ClientKind } from '@app/shared/crm-labels';
import { formatCnpj, formatCpf } from '@app/shared/documents';

export {
  CLIENT_ACTIVE_LABELS as ACTIVE_LABELS,
  CLIENT_DOCUMENT_TYPE_LABELS as DOCUMENT_TYPE_LABELS,
  CLIENT_KIND_LABELS as KIND_LABELS,
} from '@app/shared/crm-labels';

/** The client's CPF or CNPJ, formatted. */
export function clientDocument(c: { kind: ClientKind; cpf: string | null; cnpj: string | null }): string {
  return c.kind === 'person' ? formatCpf(c.cpf) : formatCnpj(c.cnpj);
}
