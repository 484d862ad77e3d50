import { describe, expect, it } from 'vitest';
import { currentContract, progressText, reservationProgress, servicesWithoutReservation } from './sale-rules';

describe('after-sale rules', () => {
  it('counts the confirmed reservations among the active ones', () => {
    const p = reservationProgress([{ status: 'confirmed' }, { status: 'pending' }, { status: 'canceled' }, { status: 'confirmed' }]);
    expect(p).toEqual({ confirmed: 2, total: 3, done: false });
    expect(progressText(p)).toBe('2 de 3 confirmadas');
    expect(progressText({ confirmed: 1, total: 1 })).toBe('1 de 1 confirmada');
    expect(reservationProgress([]).done).toBe(false);
  });

  it('lists the sold services without an active reservation', () => {
    const services = [{ id: 1 }, { id: 2 }, { id: 3 }];
    const reservations = [
      { service_id: 1, status: 'confirmed' as const },
      { service_id: 2, status: 'canceled' as const },
    ];
    expect(servicesWithoutReservation(services, reservations).map((s) => s.id)).toEqual([2, 3]);
  });

  it('works with the newest contract not cancelled, else the newest', () => {
    const c = (id: number, status: 'generated' | 'cancelled', created_at: string) => ({ id, status, created_at });
    expect(currentContract([c(1, 'generated', '2026-01-01'), c(2, 'cancelled', '2026-02-01')])?.id).toBe(1);
    expect(currentContract([c(1, 'cancelled', '2026-01-01'), c(2, 'cancelled', '2026-02-01')])?.id).toBe(2);
    expect(currentContract([])).toBeNull();
  });
});
