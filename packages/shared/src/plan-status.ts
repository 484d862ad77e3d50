// Plan statuses, their texts, the restriction rule and the trial rules.
import { PlanStatus } from '@app/db/browser';
import { TRIAL_ENDING_SOON_DAYS } from './constants';

/** The schema's enum (prisma/schema.prisma), declared there only. */
export type { PlanStatus };
export const PLAN_STATUSES: readonly PlanStatus[] = Object.values(PlanStatus);

export const RESTRICTED_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'inactive',
  'past_due',
  'unpaid',
  'canceled',
  'paused',
] as const satisfies readonly PlanStatus[];
export const PAYMENT_BUTTON_STATUSES = ['incomplete', 'past_due', 'unpaid', 'incomplete_expired'] as const satisfies readonly PlanStatus[];

type StatusTexts = { title: string; action: string; message: string };
const STATUS_TEXTS: Record<string, StatusTexts> = {
  incomplete: { title: 'Pagamento Pendente', action: 'Completar Pagamento', message: 'Pagamento pendente' },
  incomplete_expired: { title: 'Pagamento Expirado', action: 'Renovar Plano', message: 'Pagamento expirado' },
  inactive: { title: 'Plano Inativo', action: 'Reativar Plano', message: 'Plano inativo' },
  past_due: { title: 'Pagamento Atrasado', action: 'Regularizar Pagamento', message: 'Pagamento atrasado' },
  unpaid: { title: 'Pagamento Não Realizado', action: 'Realizar Pagamento', message: 'Pagamento não realizado' },
  canceled: { title: 'Plano Cancelado', action: 'Reativar Plano', message: 'Plano cancelado' },
  paused: { title: 'Plano Pausado', action: 'Reativar Plano', message: 'Plano pausado' },
};
const UNKNOWN_TEXTS: StatusTexts = { title: 'Status do Plano', action: 'Regularizar Plano', message: 'Status do plano inválido' };
export const TRIAL_END_TEXT = 'Fim de período de teste';
export const UPGRADE_DEFAULT_TITLE = 'Upgrade de plano';

/**
 * Modal title, primary action and status message of a status. The table shows no message for
 * trialing; an expired trial uses the trial-end gate's text, so both gates read the same.
 */
export function planStatusTexts(status: string | null | undefined, daysRemaining?: number | null): StatusTexts {
  if (status === 'trialing') {
    const expired = isTrialExpired(status, daysRemaining);
    return {
      title: expired ? 'Período de Teste Expirado' : 'Período de Teste',
      action: 'Assinar Plano',
      message: expired ? TRIAL_END_TEXT : '',
    };
  }
  if (status === 'active') return { title: UPGRADE_DEFAULT_TITLE, action: 'Assinar Plano', message: '' };
  return (status && STATUS_TEXTS[status]) || UNKNOWN_TEXTS;
}

export function isRestrictedStatus(status: string | null | undefined): boolean {
  return !!status && (RESTRICTED_STATUSES as readonly string[]).includes(status);
}

export function showsPaymentButton(status: string | null | undefined): boolean {
  return !!status && (PAYMENT_BUTTON_STATUSES as readonly string[]).includes(status);
}

/** Valid by date when active, or when the period end is still in the future. */
export function isValidByDate(
  status: string | null | undefined,
  currentPeriodEnd: Date | string | null | undefined,
  now = new Date(),
): boolean {
  if (status === 'active') return true;
  return !!currentPeriodEnd && new Date(currentPeriodEnd).getTime() > now.getTime();
}

/**
 * Restriction rule: restricted when is_valid_for_features is false. When that flag is absent,
 * every non-active status is restricted unless current_period_end is still ahead. No status at
 * all (nothing loaded yet) restricts nothing.
 */
export function isRestricted(
  sub: { status?: string | null; is_valid_for_features?: boolean | null; current_period_end?: string | null } | null | undefined,
  now = new Date(),
): boolean {
  if (!sub) return false;
  if (typeof sub.is_valid_for_features === 'boolean') return !sub.is_valid_for_features;
  if (!sub.status) return false;
  return !isValidByDate(sub.status, sub.current_period_end, now);
}

/** Whole days left until `end` (a partial day counts as one), floored at 0. */
export function daysRemaining(end: Date | string | null | undefined, now = new Date()): number {
  if (!end) return 0;
  const ms = new Date(end).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

/** Trial expired: trialing with 0 days remaining. */
export function isTrialExpired(status: string | null | undefined, days: number | null | undefined): boolean {
  return status === 'trialing' && typeof days === 'number' && days <= 0;
}

/** Trial ending soon: trialing with 1 to 3 days remaining. */
export function isTrialEndingSoon(status: string | null | undefined, days: number | null | undefined): boolean {
  return status === 'trialing' && typeof days === 'number' && days >= 1 && days <= TRIAL_ENDING_SOON_DAYS;
}

/** The warning snackbar while a trial ends soon. */
export const trialEndingSoonMessage = (days: number) => `Seu trial termina em ${days} dias`;

export type SubscriptionDates = {
  status: string;
  currentPeriodEnd: Date | null;
  trialEndsAt: Date | null;
};

export type SubscriptionState = {
  /** The end of the time already granted: the trial end while trialing, else the paid period end. */
  current_period_end: Date | null;
  is_valid_for_features: boolean;
  days_remaining: number;
};

/**
 * What a stored subscription means right now (the server's one computation of the plan rules):
 * valid by date (active, or the granted period still ahead), and the days left of the trial
 * or of the period.
 */
export function subscriptionState(sub: SubscriptionDates, now = new Date()): SubscriptionState {
  const periodEnd = sub.status === 'trialing' ? (sub.trialEndsAt ?? sub.currentPeriodEnd) : sub.currentPeriodEnd;
  return {
    current_period_end: periodEnd,
    is_valid_for_features: isValidByDate(sub.status, periodEnd, now),
    days_remaining: daysRemaining(periodEnd, now),
  };
}

/** The status message a refused call carries ('Plano cancelado', 'Fim de período de teste'...). */
export function restrictionMessage(status: string | null | undefined, days: number | null | undefined): string {
  return planStatusTexts(status, days).message || UNKNOWN_TEXTS.message;
}
