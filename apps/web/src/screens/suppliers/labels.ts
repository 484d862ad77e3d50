// pt-BR labels and formats of the supplier screens.
import type { ClientKind } from '@app/shared/crm-labels';
import { formatCnpj, formatCpf } from '@app/shared/documents';
import { SERVICE_TYPE_LABELS, SERVICE_TYPE_SLUGS, SERVICE_TYPES, type ServiceType } from '@app/shared/service-types';

export { CLIENT_KIND_LABELS as KIND_LABELS } from '@app/shared/crm-labels';

/** The supplier's CPF or CNPJ, formatted. */
export function supplierDocument(s: { kind: ClientKind; cpf: string | null; cnpj: string | null }): string {
  return s.kind === 'person' ? formatCpf(s.cpf) : formatCnpj(s.cnpj);
}

/** A CPF or a CNPJ by its length (a bank account holder may be either). */
export function formatDocument(digits: string | null | undefined): string {
  return digits?.length === 14 ? formatCnpj(digits) : formatCpf(digits);
}

/** 1250 -> '12,5%'. */
export function formatCommission(basisPoints: number | null | undefined): string {
  if (basisPoints == null) return '';
  return `${(basisPoints / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

/** The service types as select options, by their pt-BR slug (the list's filter lives in the address as 'servico=hospedagem'). */
export const SERVICE_TYPE_OPTIONS = SERVICE_TYPES.map((type) => ({ value: SERVICE_TYPE_SLUGS[type], label: SERVICE_TYPE_LABELS[type] }));

/** /fornecedor/{id}/{type}: the detail with `type`'s tab open (the supplier's first type when not given). */
export function supplierPath(s: { id: number; service_types: readonly ServiceType[] }, type?: ServiceType): string {
  const open = type && s.service_types.includes(type) ? type : (s.service_types[0] ?? 'other');
  return `/fornecedor/${s.id}/${SERVICE_TYPE_SLUGS[open]}`;
}

/** What each tab of the detail says about its kind of service. */
export const SERVICE_TYPE_TEXTS: Record<ServiceType, { sold: string }> = {
  air: { sold: 'As passagens aéreas vendidas' },
  accommodation: { sold: 'As hospedagens vendidas' },
  cruise: { sold: 'Os cruzeiros vendidos' },
  car_rental: { sold: 'As locações de veículos vendidas' },
  insurance: { sold: 'Os seguros viagem vendidos' },
  ground_services: { sold: 'Os serviços de receptivo vendidos' },
  other: { sold: 'Os outros serviços vendidos' },
  transfer: { sold: 'Os transfers vendidos' },
  tour: { sold: 'Os passeios e ingressos vendidos' },
};
