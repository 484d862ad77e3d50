// Sections 4, 5 and 8: paying on the provider's checkout page, upgrading to the paid plan,
// migrating to the free plan and reading a returning checkout, with their pt-BR failures.

import {
  CHECKOUT_URL_MISSING,
  CURRENT_PLAN_NOT_FOUND,
  FREE_PLAN_MIGRATION_ERROR,
  FREE_PLAN_MIGRATION_SUCCESS,
  FREE_PLAN_NOT_FOUND,
  PAYMENT_CHECK_ERROR,
  PAYMENT_ERROR,
  PAYMENT_SESSION_ERROR,
  statusMessage,
  USER_EMAIL_NOT_FOUND,
} from '@app/shared/errors';
import { findFreePlan, findPaidPlan, PAID_PLAN_NOT_FOUND } from '@app/shared/plans';
import { apiError } from './api-error';
import { notify } from './notification';
import { closePlanModals } from './plan-modals';
import { handleApiError, queryClient } from './query-client';
import { applyPlanStatus } from './session';
import { readItem, STORAGE_KEYS } from './storage';
import { applyCurrentSubscription, refreshSubscription, subscriptionStore } from './subscription';
import { toastSuccess } from './toast';
import { trpcClient } from './trpc';

export const PAYMENT_CONFIRMED = 'Pagamento confirmado! O plano da sua agência está ativo.';
export const SUBSCRIPTION_CANCELED = 'Assinatura cancelada.';

/** A failed billing step, already in the words the user reads, with the status the bar shows. */
export class BillingError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'BillingError';
  }
}

/** Section 5: billing acts for the signed-in user's e-mail, kept in local storage. */
function userEmail(): string {
  const email = readItem(STORAGE_KEYS.accessUser);
  if (!email) throw new BillingError(USER_EMAIL_NOT_FOUND, 400);
  return email;
}

/** The server's own words for a refused call (a 4xx with a specific message), else null. */
function serverText(error: unknown): string | null {
  const err = apiError(error);
  if (err.code === 'NETWORK' || err.status >= 500 || err.message === statusMessage(err.status)) return null;
  return err.message;
}

const endsSession = (error: unknown) => {
  const { status } = apiError(error);
  return !(error instanceof BillingError) && (status === 401 || status === 403);
};

/**
 * A failed call as a BillingError: the server's words, else `fallback` (or always `fallback`
 * with `fixed`). A 401/403 stays as it is, so that reporting it ends the session.
 */
function asBillingError(error: unknown, fallback: string, opts: { fixed?: boolean } = {}): unknown {
  if (error instanceof BillingError || endsSession(error)) return error;
  return new BillingError((!opts.fixed && serverText(error)) || fallback, apiError(error).status);
}

/**
 * Creates a checkout session for a paid plan and sends the browser to the provider's page
 * (it comes back to /seu-plano?session_id=...).
 */
export async function checkout(planId: number): Promise<void> {
  const email = userEmail();
  let url: string;
  try {
    url = (await trpcClient.billing.payments.createCheckoutSession.mutate({ plan_id: planId, email })).checkout_url;
  } catch (error) {
    throw asBillingError(error, PAYMENT_SESSION_ERROR);
  }
  if (!url) throw new BillingError(CHECKOUT_URL_MISSING, 500);
  window.location.assign(url);
}

/** The payment button: pays the current plan again (incomplete, past_due, unpaid, expired). */
export async function payCurrentPlan(): Promise<void> {
  userEmail();
  const planId = subscriptionStore.get().subscription?.plan_id;
  if (!planId) throw new BillingError(CURRENT_PLAN_NOT_FOUND, 404);
  await checkout(planId);
}

/** Upgrading: the first plan with amount_cents above 0. */
export async function upgradeToPaidPlan(): Promise<void> {
  userEmail();
  const { plans } = await trpcClient.billing.plans.list.query().catch((error: unknown) => {
    throw asBillingError(error, PAYMENT_ERROR);
  });
  const paid = findPaidPlan(plans);
  if (!paid) throw new BillingError(PAID_PLAN_NOT_FOUND, 404);
  await checkout(paid.id);
}

/**
 * A failed billing action in the bar: a BillingError's own words; a refused call's server words,
 * else `fallback` (the status's catalogue message when none is given). 401/403 log out as usual.
 */
export function reportBillingError(error: unknown, fallback?: string): void {
  if (error instanceof BillingError) {
    notify(error.status, error.message);
    return;
  }
  if (endsSession(error)) {
    handleApiError(error);
    return;
  }
  const { status } = apiError(error);
  notify(status, serverText(error) ?? fallback ?? statusMessage(status));
}

/** Section 8, payment failure: the error's own message, else 'Erro ao processar pagamento...'. */
export const reportPaymentError = (error: unknown) => reportBillingError(error, PAYMENT_ERROR);

/**
 * Section 4, trial expired: moves the company to the free plan. On success the stored status
 * and days are updated, the subscription info refetched, the modal closed and the success
 * message shown; a failure reports itself in the bar.
 */
export async function migrateToFreePlan(): Promise<boolean> {
  try {
    const email = userEmail();
    const { plans } = await trpcClient.billing.plans.list.query();
    const free = findFreePlan(plans);
    if (!free) throw new BillingError(FREE_PLAN_NOT_FOUND, 404);
    const reply = await trpcClient.billing.plans.subscribe.mutate({ id: free.id, email });
    applyPlanStatus(reply.data.status_plan, reply.data.days_remaining);
    await refreshSubscription();
    closePlanModals();
    // What the screen behind could not load while restricted loads now.
    void queryClient.invalidateQueries();
    toastSuccess(FREE_PLAN_MIGRATION_SUCCESS);
    return true;
  } catch (error) {
    // The section 5 checks keep their words; any other failure reads 'Erro ao migrar...'.
    reportBillingError(asBillingError(error, FREE_PLAN_MIGRATION_ERROR, { fixed: true }));
    return false;
  }
}

/**
 * Back from the checkout page (/seu-plano?session_id=...): the session as the provider has it.
 * Paid: the plan is in step at once; unpaid: the payment failed.
 */
export async function confirmCheckout(sessionId: string): Promise<void> {
  let result: Awaited<ReturnType<typeof trpcClient.billing.payments.checkSession.query>>;
  try {
    result = await trpcClient.billing.payments.checkSession.query({ id: sessionId });
  } catch (error) {
    reportBillingError(asBillingError(error, PAYMENT_CHECK_ERROR));
    return;
  }
  applyPlanStatus(result.status_plan, result.days_remaining);
  await refreshSubscription();
  if (result.payment_status === 'unpaid') {
    notify(402, PAYMENT_ERROR);
    return;
  }
  closePlanModals();
  toastSuccess(PAYMENT_CONFIRMED);
}

/** PUT /api/cancel-subscription: the reply carries the subscription now and a fresh token. */
export async function cancelSubscription(): Promise<boolean> {
  try {
    applyCurrentSubscription(await trpcClient.billing.subscription.cancel.mutate({ email: userEmail() }));
    toastSuccess(SUBSCRIPTION_CANCELED);
    return true;
  } catch (error) {
    reportBillingError(error);
    return false;
  }
}
