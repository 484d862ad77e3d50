// What the after-sale screens derive from a budget's sold info: the checklist's progress, the
// contract in force, the sold services still without a reservation.
import type { Contract } from '@app/shared/contracts';
import type { Reservation } from '@app/shared/reservations';
import type { SoldService } from '@app/shared/sales';

/** A reservation that counts: every one but the cancelled. */
export const isActiveReservation = (r: Pick<Reservation, 'status'>) => r.status !== 'canceled';

/** The checklist's line: how many of the active reservations are confirmed. */
export function reservationProgress(reservations: readonly Pick<Reservation, 'status'>[]) {
  const active = reservations.filter(isActiveReservation);
  const confirmed = active.filter((r) => r.status === 'confirmed').length;
  return { confirmed, total: active.length, done: active.length > 0 && confirmed === active.length };
}

/** '3 de 5 confirmadas', '1 de 1 confirmada'. */
export function progressText({ confirmed, total }: { confirmed: number; total: number }): string {
  return `${confirmed} de ${total} ${total === 1 ? 'confirmada' : 'confirmadas'}`;
}

/** The sold services without an active reservation: each may get one. */
export function servicesWithoutReservation<S extends Pick<SoldService, 'id'>>(
  services: readonly S[],
  reservations: readonly Pick<Reservation, 'status' | 'service_id'>[],
): S[] {
  const reserved = new Set(reservations.filter(isActiveReservation).map((r) => r.service_id));
  return services.filter((s) => !reserved.has(s.id));
}

/** A contract still in force: any but the cancelled. */
export const isLiveContract = (c: Pick<Contract, 'status'>) => c.status !== 'cancelled';

/** The contract the card works with: the newest not cancelled; else the newest (to show it was cancelled). */
export function currentContract<C extends Pick<Contract, 'id' | 'status' | 'created_at'>>(contracts: readonly C[]): C | null {
  const newest = [...contracts].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return newest.find(isLiveContract) ?? newest[0] ?? null;
}

/** Commission typed as a percentage ('5,5') <-> basis points (550), as the API takes it. */
export const percentToBasisPoints = (percent: number) => Math.round(percent * 100);
export const basisPointsToPercent = (basisPoints: number) => basisPoints / 100;
