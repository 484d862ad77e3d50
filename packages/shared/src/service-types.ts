// The kinds of service an agency sells: a supplier supplies some of them, a budget's services are
// one of them. Zod-free so the web bundle can import it.
import { ServiceType } from '@app/db/browser';

export type { ServiceType };
export const SERVICE_TYPES: readonly ServiceType[] = Object.values(ServiceType);

export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  air: 'Aéreo',
  accommodation: 'Hospedagem',
  cruise: 'Cruzeiro',
  car_rental: 'Locação',
  insurance: 'Seguro',
  ground_services: 'Receptivo',
  other: 'Outros',
  transfer: 'Transfer',
  tour: 'Passeio/ingresso',
};

/** The pt-BR path segment of a service type (/fornecedor/{id}/hospedagem). */
export const SERVICE_TYPE_SLUGS: Record<ServiceType, string> = {
  air: 'aereo',
  accommodation: 'hospedagem',
  cruise: 'cruzeiro',
  car_rental: 'locacao',
  insurance: 'seguro',
  ground_services: 'receptivo',
  other: 'outros',
  transfer: 'transfer',
  tour: 'passeio',
};

export function serviceTypeOfSlug(slug: string | undefined): ServiceType | undefined {
  return SERVICE_TYPES.find((type) => SERVICE_TYPE_SLUGS[type] === slug);
}
