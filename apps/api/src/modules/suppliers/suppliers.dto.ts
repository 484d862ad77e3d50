import type { Supplier, SupplierListItem } from '@app/shared';
import type { SupplierDetailRow, SupplierListRow } from './suppliers.select';

type ListFields = Omit<SupplierListRow, 'serviceTypes'> & { serviceTypes: SupplierListItem['service_types'] };

export function toSupplierListItem(s: ListFields): SupplierListItem {
  return {
    id: s.id,
    kind: s.kind,
    name: s.name,
    trade_name: s.tradeName,
    cpf: s.cpf,
    cnpj: s.cnpj,
    email: s.email,
    phone: s.phone,
    service_types: s.serviceTypes,
    client_id: s.clientId,
    is_active: s.isActive,
    is_favorite: s.isFavorite,
    created_at: s.createdAt.toISOString(),
  };
}

export function toSupplierDto(s: SupplierDetailRow): Supplier {
  const address = {
    postal_code: s.postalCode,
    street: s.street,
    number: s.number,
    complement: s.complement,
    neighborhood: s.neighborhood,
    city: s.city,
    state: s.state,
  };
  return {
    ...toSupplierListItem(s),
    website: s.website,
    commission_basis_points: s.commissionBasisPoints,
    notes: s.notes,
    address: Object.values(address).some((part) => part !== null) ? address : null,
    bank_code: s.bankCode,
    bank_name: s.bankName,
    bank_branch: s.bankBranch,
    bank_account: s.bankAccount,
    bank_account_type: s.bankAccountType,
    bank_holder_name: s.bankHolderName,
    bank_holder_document: s.bankHolderDocument,
    pix_key_type: s.pixKeyType,
    pix_key: s.pixKey,
    contacts: s.contacts,
    updated_at: s.updatedAt.toISOString(),
    version: s.version,
  };
}
