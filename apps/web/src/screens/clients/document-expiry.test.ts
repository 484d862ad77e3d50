import { addMonths } from '@app/shared/sales';
import { describe, expect, it } from 'vitest';
import { expiryStatus, localToday } from './document-expiry';

describe('document expiry', () => {
  const today = '2026-03-15';

  it('flags an expired document of any type; the last valid day is not expired', () => {
    expect(expiryStatus({ type: 'cnh', expires_at: '2026-03-14' }, today)).toBe('expired');
    expect(expiryStatus({ type: 'visa', expires_at: '2026-03-15' }, today)).toBeNull();
    expect(expiryStatus({ type: 'rg', expires_at: null }, today)).toBeNull();
  });

  it('flags a passport valid for less than 6 months', () => {
    expect(expiryStatus({ type: 'passport', expires_at: '2026-09-14' }, today)).toBe('expiring');
    expect(expiryStatus({ type: 'passport', expires_at: '2026-09-15' }, today)).toBeNull();
    expect(expiryStatus({ type: 'visa', expires_at: '2026-04-01' }, today)).toBeNull();
  });

  it('adds months on the calendar', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-12-15', 1)).toBe('2028-01-15');
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
