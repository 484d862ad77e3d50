import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  isRestricted,
  isRestrictedStatus,
  isTrialEndingSoon,
  isTrialExpired,
  isValidByDate,
  PLAN_STATUSES,
  planStatusTexts,
  restrictionMessage,
  showsPaymentButton,
  subscriptionState,
  trialEndingSoonMessage,
} from './plan-status';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const iso = (ms: number) => at(ms).toISOString();

describe('plan status table', () => {
  const table: [string, string, string, string, boolean, boolean][] = [
    // status, modal title, primary action, status message, restricted status, payment button
    ['incomplete', 'Pagamento Pendente', 'Completar Pagamento', 'Pagamento pendente', true, true],
    ['incomplete_expired', 'Pagamento Expirado', 'Renovar Plano', 'Pagamento expirado', true, true],
    ['inactive', 'Plano Inativo', 'Reativar Plano', 'Plano inativo', true, false],
    ['past_due', 'Pagamento Atrasado', 'Regularizar Pagamento', 'Pagamento atrasado', true, true],
    ['unpaid', 'Pagamento Não Realizado', 'Realizar Pagamento', 'Pagamento não realizado', true, true],
    ['canceled', 'Plano Cancelado', 'Reativar Plano', 'Plano cancelado', true, false],
    ['paused', 'Plano Pausado', 'Reativar Plano', 'Plano pausado', true, false],
  ];
  it.each(table)('%s: texts, restriction and payment button', (status, title, action, message, restricted, payment) => {
    expect(planStatusTexts(status)).toEqual({ title, action, message });
    expect(isRestrictedStatus(status)).toBe(restricted);
    expect(showsPaymentButton(status)).toBe(payment);
    expect(restrictionMessage(status, 0)).toBe(message);
  });

  it('covers exactly the nine plan statuses', () => {
    expect([...PLAN_STATUSES].sort()).toEqual([
      'active',
      'canceled',
      'inactive',
      'incomplete',
      'incomplete_expired',
      'past_due',
      'paused',
      'trialing',
      'unpaid',
    ]);
    expect(PLAN_STATUSES.filter(isRestrictedStatus)).toHaveLength(7);
    expect(isRestrictedStatus('active')).toBe(false);
    expect(isRestrictedStatus('trialing')).toBe(false);
    expect(showsPaymentButton('trialing')).toBe(false);
    expect(showsPaymentButton('active')).toBe(false);
  });

  it('trialing: "Período de Teste", "Período de Teste Expirado" at 0 days, action "Assinar Plano"', () => {
    expect(planStatusTexts('trialing', 4)).toEqual({ title: 'Período de Teste', action: 'Assinar Plano', message: '' });
    expect(planStatusTexts('trialing', 1)).toEqual({ title: 'Período de Teste', action: 'Assinar Plano', message: '' });
    expect(planStatusTexts('trialing', 0)).toEqual({
      title: 'Período de Teste Expirado',
      action: 'Assinar Plano',
      message: 'Fim de período de teste',
    });
    expect(restrictionMessage('trialing', 0)).toBe('Fim de período de teste');
  });

  it('any other status: "Status do Plano", "Regularizar Plano", "Status do plano inválido"', () => {
    for (const status of ['algo_novo', '', null, undefined]) {
      expect(planStatusTexts(status)).toEqual({
        title: 'Status do Plano',
        action: 'Regularizar Plano',
        message: 'Status do plano inválido',
      });
    }
    expect(restrictionMessage('algo_novo', 5)).toBe('Status do plano inválido');
  });

  it('active keeps the upgrade modal default title', () => {
    expect(planStatusTexts('active').title).toBe('Upgrade de plano');
  });
});

describe('restriction rule', () => {
  it('follows is_valid_for_features whenever the flag is present, whatever the status or date', () => {
    expect(isRestricted({ status: 'active', is_valid_for_features: false }, NOW)).toBe(true);
    expect(isRestricted({ status: 'canceled', is_valid_for_features: true, current_period_end: iso(-DAY) }, NOW)).toBe(false);
    expect(isRestricted({ status: 'trialing', is_valid_for_features: false }, NOW)).toBe(true);
  });

  it('without the flag: non-active statuses are restricted unless the period end is still ahead', () => {
    for (const status of PLAN_STATUSES.filter((s) => s !== 'active')) {
      expect(isRestricted({ status, current_period_end: iso(1) }, NOW), `${status} just ahead`).toBe(false);
      expect(isRestricted({ status, current_period_end: iso(0) }, NOW), `${status} ending now`).toBe(true);
      expect(isRestricted({ status, current_period_end: iso(-1) }, NOW), `${status} just past`).toBe(true);
      expect(isRestricted({ status, current_period_end: null }, NOW), `${status} no period`).toBe(true);
    }
    expect(isRestricted({ status: 'algo_novo' }, NOW)).toBe(true);
  });

  it('without the flag: active is never restricted, even with the period end past', () => {
    expect(isRestricted({ status: 'active', current_period_end: iso(-DAY) }, NOW)).toBe(false);
    expect(isRestricted({ status: 'active' }, NOW)).toBe(false);
  });

  it('nothing loaded restricts nothing', () => {
    expect(isRestricted(null, NOW)).toBe(false);
    expect(isRestricted(undefined, NOW)).toBe(false);
    expect(isRestricted({ status: null }, NOW)).toBe(false);
  });

  it('valid by date: active, or the period end in the future (just past / just ahead)', () => {
    expect(isValidByDate('active', null, NOW)).toBe(true);
    expect(isValidByDate('canceled', at(1), NOW)).toBe(true);
    expect(isValidByDate('canceled', at(0), NOW)).toBe(false);
    expect(isValidByDate('canceled', at(-1), NOW)).toBe(false);
    expect(isValidByDate('past_due', iso(DAY), NOW)).toBe(true);
    expect(isValidByDate('past_due', undefined, NOW)).toBe(false);
  });
});

describe('trial rules', () => {
  it('days remaining: partial days count as one, floored at 0', () => {
    expect(daysRemaining(at(-10 * DAY), NOW)).toBe(0);
    expect(daysRemaining(at(-1), NOW)).toBe(0);
    expect(daysRemaining(at(0), NOW)).toBe(0);
    expect(daysRemaining(at(1), NOW)).toBe(1);
    expect(daysRemaining(at(DAY), NOW)).toBe(1);
    expect(daysRemaining(at(DAY + 1), NOW)).toBe(2);
    expect(daysRemaining(at(3 * DAY), NOW)).toBe(3);
    expect(daysRemaining(at(3 * DAY + 1), NOW)).toBe(4);
    expect(daysRemaining(iso(14 * DAY), NOW)).toBe(14);
    expect(daysRemaining(null, NOW)).toBe(0);
  });

  it('trial expired is trialing with 0 days', () => {
    expect(isTrialExpired('trialing', 0)).toBe(true);
    expect(isTrialExpired('trialing', 1)).toBe(false);
    expect(isTrialExpired('active', 0)).toBe(false);
    expect(isTrialExpired('canceled', 0)).toBe(false);
    expect(isTrialExpired('trialing', null)).toBe(false);
  });

  it('trial ending soon when 1 to 3 days remain (0 and 4 are not)', () => {
    expect(isTrialEndingSoon('trialing', 0)).toBe(false);
    expect(isTrialEndingSoon('trialing', 1)).toBe(true);
    expect(isTrialEndingSoon('trialing', 2)).toBe(true);
    expect(isTrialEndingSoon('trialing', 3)).toBe(true);
    expect(isTrialEndingSoon('trialing', 4)).toBe(false);
    expect(isTrialEndingSoon('active', 2)).toBe(false);
    expect(trialEndingSoonMessage(3)).toBe('Seu trial termina em 3 dias');
  });
});

describe('subscriptionState (the server computation)', () => {
  const state = (status: string, dates: { end?: number | null; trial?: number | null }) =>
    subscriptionState(
      {
        status,
        currentPeriodEnd: dates.end == null ? null : at(dates.end),
        trialEndsAt: dates.trial == null ? null : at(dates.trial),
      },
      NOW,
    );

  it('a trial is valid while its end is ahead and counts its days', () => {
    expect(state('trialing', { trial: 4 * DAY })).toMatchObject({ is_valid_for_features: true, days_remaining: 4 });
    expect(state('trialing', { trial: 3 * DAY })).toMatchObject({ is_valid_for_features: true, days_remaining: 3 });
    expect(state('trialing', { trial: 1 })).toMatchObject({ is_valid_for_features: true, days_remaining: 1 });
    expect(state('trialing', { trial: 0 })).toMatchObject({ is_valid_for_features: false, days_remaining: 0 });
    expect(state('trialing', { trial: -DAY })).toMatchObject({ is_valid_for_features: false, days_remaining: 0 });
    expect(state('trialing', { trial: 2 * DAY }).current_period_end).toEqual(at(2 * DAY));
  });

  it('a provider trial without its own trial date uses the period end', () => {
    expect(state('trialing', { end: 2 * DAY })).toMatchObject({ is_valid_for_features: true, days_remaining: 2 });
    expect(state('trialing', {})).toMatchObject({ is_valid_for_features: false, days_remaining: 0, current_period_end: null });
  });

  it('active is valid with or without a period end', () => {
    expect(state('active', {})).toMatchObject({ is_valid_for_features: true, days_remaining: 0 });
    expect(state('active', { end: 30 * DAY })).toMatchObject({ is_valid_for_features: true, days_remaining: 30 });
    expect(state('active', { end: -DAY })).toMatchObject({ is_valid_for_features: true });
  });

  it('every other status is valid only while the granted period is ahead', () => {
    for (const status of PLAN_STATUSES.filter((s) => s !== 'active' && s !== 'trialing')) {
      expect(state(status, { end: 1 }).is_valid_for_features, `${status} just ahead`).toBe(true);
      expect(state(status, { end: -1 }).is_valid_for_features, `${status} just past`).toBe(false);
      expect(state(status, {}).is_valid_for_features, `${status} no period`).toBe(false);
      // A stale trial date does not count once the subscription left trialing.
      expect(state(status, { trial: DAY }).is_valid_for_features, `${status} old trial`).toBe(false);
    }
  });

  it('agrees with the client-side restriction rule', () => {
    for (const status of PLAN_STATUSES) {
      for (const end of [-DAY, -1, 1, DAY, null]) {
        const s = state(status, { end });
        const flagless = isRestricted({ status, current_period_end: s.current_period_end?.toISOString() ?? null }, NOW);
        expect(isRestricted({ status, is_valid_for_features: s.is_valid_for_features }, NOW)).toBe(flagless);
      }
    }
  });
});
