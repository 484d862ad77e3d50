// Reservations of a sold budget (/orcamento-reserva/{id}): POST /api/reservations/,
// GET/PATCH /api/reservations/{id}, PUT /api/reservations/send/{id}.
import type { ReservationStatus } from '@app/db/browser';
import { dateField } from './clients';
import { costField } from './cost-fields';
import { idParam, recordIdField } from './pagination';
import { versionField, versionOutput } from './versions';
import { z } from './zod';

export type { ReservationStatus };

export const RESERVATION_STATUSES = ['pending', 'requested', 'confirmed', 'canceled'] as const satisfies readonly ReservationStatus[];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  pending: 'Pendente',
  requested: 'Solicitada',
  confirmed: 'Confirmada',
  canceled: 'Cancelada',
};

export const RESERVATION_MESSAGES = {
  notFound: 'Reserva não encontrada.',
  budgetNotSold: 'Só um orçamento vendido tem reservas: feche a venda primeiro.',
  serviceNotSold: 'O serviço não é da proposta vendida deste orçamento.',
  alreadyReserved: 'Este serviço já tem uma reserva ativa.',
  supplierNotFound: 'Fornecedor não encontrado.',
  noSupplierEmail: 'O fornecedor não tem e-mail: cadastre um e-mail ou um contato com e-mail.',
  canceled: 'Reserva cancelada não pode ser enviada.',
  sent: 'Solicitação de reserva enviada ao fornecedor.',
} as const;

export const RESERVATION_LIMITS = { locator: 60, notes: 2000, message: 2000, recipients: 5 } as const;

const reservationFields = {
  supplier_id: recordIdField().nullable().optional(),
  locator: z.string().trim().max(RESERVATION_LIMITS.locator).nullable().optional(),
  /** ISO 4217 of the amount. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  /** What the agency pays the supplier, in cents of `currency` (a cost: see costs.ts). */
  supplier_cost_cents: z.number().int().min(0).max(2_000_000_000).optional(),
  /** When the agency must pay the supplier. */
  payment_due_date: dateField.nullable().optional(),
  notes: z.string().trim().max(RESERVATION_LIMITS.notes).nullable().optional(),
};

/** POST /api/reservations/: one reservation of a sold service that has none active. */
export const createReservationInput = z.object({ budget_id: recordIdField(), service_id: recordIdField(), ...reservationFields }).strict();
export type CreateReservationInput = z.infer<typeof createReservationInput>;

/** PATCH /api/reservations/{id}: the fields sent change; `status` moves it along. */
export const updateReservationInput = idParam
  .extend(reservationFields)
  .extend({ status: z.enum(RESERVATION_STATUSES).optional(), ...versionField })
  .strict();
export type UpdateReservationInput = z.infer<typeof updateReservationInput>;

/** PUT /api/reservations/send/{id}: e-mails the supplier a reservation request (a job) and marks it requested. */
export const sendReservationInput = idParam
  .extend({
    /** Default: the supplier's e-mail. */
    to: z.array(z.email()).min(1).max(RESERVATION_LIMITS.recipients).optional(),
    message: z.string().trim().max(RESERVATION_LIMITS.message).nullable().optional(),
  })
  .strict();
export type SendReservationInput = z.infer<typeof sendReservationInput>;

export const reservationSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  sale_id: z.number().int().nullable(),
  service_id: z.number().int().nullable(),
  /** The service as sold: its type and title. */
  service_type: z.string().nullable(),
  service_title: z.string().nullable(),
  service_start_date: z.string().nullable(),
  supplier_id: z.number().int().nullable(),
  supplier_name: z.string().nullable(),
  supplier_email: z.string().nullable(),
  status: z.enum(RESERVATION_STATUSES),
  locator: z.string().nullable(),
  currency: z.string(),
  supplier_cost_cents: costField(z.number().int()),
  payment_due_date: z.string().nullable(),
  notes: z.string().nullable(),
  requested_at: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  /** The last request e-mail sent to the supplier. */
  last_sent_at: z.string().nullable(),
  updated_at: z.string(),
  version: versionOutput,
});
export type Reservation = z.infer<typeof reservationSchema>;
export const sendReservationOutput = z.object({ reservation: reservationSchema, message: z.string() });
