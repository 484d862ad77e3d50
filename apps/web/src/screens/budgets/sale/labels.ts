// pt-BR names and colours of the after-sale screens, and their addresses.
import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@app/shared/contracts';
import { RESERVATION_STATUS_LABELS, RESERVATION_STATUSES, type ReservationStatus } from '@app/shared/reservations';
import { SERVICE_TYPE_LABELS, type ServiceType } from '@app/shared/service-types';

export { CONTRACT_STATUS_LABELS, RESERVATION_STATUS_LABELS };

export const closedSalePath = (budgetId: number) => `/venda-fechada/${budgetId}`;
export const reservationsPath = (budgetId: number) => `/orcamento-reserva/${budgetId}`;

export const RESERVATION_STATUS_COLORS: Record<ReservationStatus, string> = {
  pending: 'gray',
  requested: 'blue',
  confirmed: 'teal',
  canceled: 'red',
};
export const RESERVATION_STATUS_OPTIONS = RESERVATION_STATUSES.map((s) => ({ value: s, label: RESERVATION_STATUS_LABELS[s] }));

export const CONTRACT_STATUS_COLORS: Record<ContractStatus, string> = {
  generated: 'blue',
  sent: 'cyan',
  uploaded: 'violet',
  signed: 'teal',
  cancelled: 'red',
};

/** What the agent does next with the contract in each state. */
export const CONTRACT_NEXT_STEP: Record<ContractStatus | 'none', string> = {
  none: 'Gere o contrato a partir de um modelo para enviá-lo ao cliente.',
  generated: 'Confira o PDF e envie o contrato ao cliente para assinatura.',
  sent: 'Aguardando a assinatura: envie a cópia assinada quando o cliente devolver.',
  uploaded: 'Cópia assinada recebida. Nada mais a fazer com o contrato.',
  signed: 'Contrato assinado. Nada mais a fazer com o contrato.',
  cancelled: 'O contrato foi cancelado: gere um novo se precisar.',
};

/** A sold service's type in words ('Hospedagem'); an unknown type as it came. */
export const serviceTypeLabel = (type: string | null | undefined) =>
  type ? (SERVICE_TYPE_LABELS[type as ServiceType] ?? type) : 'Serviço';
