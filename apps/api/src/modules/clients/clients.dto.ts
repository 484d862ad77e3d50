import type { Client, ClientListItem } from '@app/shared';
import { fromDbDate } from '../../calendar';
import { type DocumentCipher, maskDocumentNumber } from '../../document-numbers';
import { toMarketingConsent } from '../marketing-consent/consent';
import type { ClientDetailRow, ClientListRow } from './clients.select';

export function toClientListItem(c: ClientListRow): ClientListItem {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    cpf: c.cpf,
    cnpj: c.cnpj,
    email: c.email,
    phone: c.phone,
    is_active: c.isActive,
    created_at: c.createdAt.toISOString(),
  };
}

/** Document numbers masked: the full one only through the recorded reveal. */
export function toClientDto(c: ClientDetailRow, cipher: DocumentCipher): Client {
  return {
    ...toClientListItem(c),
    birth_date: fromDbDate(c.birthDate),
    notes: c.notes,
    updated_at: c.updatedAt.toISOString(),
    version: c.version,
    contacts: c.contacts,
    addresses: c.addresses.map((a) => ({
      id: a.id,
      postal_code: a.postalCode,
      street: a.street,
      number: a.number,
      complement: a.complement,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state,
    })),
    documents: c.documents.map((d) => ({
      id: d.id,
      type: d.type,
      number: maskDocumentNumber(cipher.open(d.numberSealed)),
      country: d.country,
      issued_at: fromDbDate(d.issuedAt),
      expires_at: fromDbDate(d.expiresAt),
    })),
    attachments: c.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
      created_at: a.createdAt.toISOString(),
    })),
    marketing_consent: toMarketingConsent(c),
  };
}
