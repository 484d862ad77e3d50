// Paying on the provider's checkout page, upgrading to the paid plan, migrating to the free plan,
// cancelling, and reading a returning checkout, with their pt-BR failures in the bar.
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
import { useMutation } from '@tanstack/react-query';
import { type ApiError, apiError, errorText } from './api-error';
import { notify } from './notification';
import { closePlanModals } from './plan-modals';
import { rememberPlanStatus, storedEmail } from './session';
import { plansQuery, refreshSubscription, subscriptionQuery } from './session-queries';
import { toastSuccess } from './toast';
import { useAppData } from './trpc';
import { useSubscription } from './use-session';

export const PAYMENT_CONFIRMED = 'Pagamento confirmado! O plano da sua agência está ativo.';
export const SUBSCRIPTION_CANCELED = 'Assinatura cancelada.';

/** Called once the action has succeeded (a dialog closes). */
type Done = { onSuccess?: () => void };

/** A failed billing call in the bar, in `text`'s words. A 401/403 has already ended the session. */
function reportBillingError(error: unknown, text: (err: ApiError) => string): void {
  const err = apiError(error);
  if (err.status !== 401 && err.status !== 403) notify(err.status, text(err));
}

/** Billing acts for the signed-in user's e-mail, kept in local storage. */
function withEmail(act: (email: string) => unknown): void {
  const email = storedEmail();
  if (email) void act(email);
  else notify(400, USER_EMAIL_NOT_FOUND);
}

/** The billing actions of the plan screen and the upgrade modal; `pending` while one runs. */
export function useBillingActions() {
  const data = useAppData();
  const { queryClient, trpc } = data;
  const current = useSubscription().data?.subscription;

  const checkoutSession = useMutation(
    trpc.billing.payments.createCheckoutSession.mutationOptions({
      meta: { silent: true },
      // The provider's page comes back to /seu-plano?session_id=...
      onSuccess: ({ checkout_url }) => (checkout_url ? window.location.assign(checkout_url) : notify(500, CHECKOUT_URL_MISSING)),
      onError: (error) => reportBillingError(error, (err) => errorText(err, PAYMENT_SESSION_ERROR)),
    }),
  );

  const subscribeFree = useMutation(
    trpc.billing.plans.subscribe.mutationOptions({
      meta: { silent: true },
      onSuccess: async (reply) => {
        rememberPlanStatus(reply.data.status_plan, reply.data.days_remaining);
        await refreshSubscription(data);
        closePlanModals();
        // What the screen behind could not load while restricted loads now.
        void queryClient.invalidateQueries();
        toastSuccess(FREE_PLAN_MIGRATION_SUCCESS);
      },
      onError: (error) => reportBillingError(error, () => FREE_PLAN_MIGRATION_ERROR),
    }),
  );

  const cancel = useMutation(
    trpc.billing.subscription.cancel.mutationOptions({
      meta: { silent: true },
      // The reply is the subscription now, with a fresh token.
      onSuccess: (reply) => {
        queryClient.setQueryData(subscriptionQuery(trpc).queryKey, reply);
        toastSuccess(SUBSCRIPTION_CANCELED);
      },
      onError: (error) => reportBillingError(error, (err) => errorText(err, statusMessage(err.status))),
    }),
  );

  /** The plans on offer (cached); a failure is told in `failure`'s words. */
  async function plans(failure: (err: ApiError) => string) {
    try {
      return (await queryClient.fetchQuery(plansQuery(trpc))).plans;
    } catch (error) {
      reportBillingError(error, failure);
      return null;
    }
  }

  /** Sends the browser to the provider's checkout page for a paid plan. */
  const checkout = (planId: number) => withEmail((email) => checkoutSession.mutate({ plan_id: planId, email }));

  /** The payment button: pays the current plan again (incomplete, past_due, unpaid, expired). */
  const payCurrentPlan = () =>
    withEmail((email) => {
      if (current?.plan_id) checkoutSession.mutate({ plan_id: current.plan_id, email });
      else notify(404, CURRENT_PLAN_NOT_FOUND);
    });

  /** Upgrading: to the first plan with amount_cents above 0. */
  const upgradeToPaidPlan = () =>
    withEmail(async (email) => {
      const list = await plans((err) => errorText(err, PAYMENT_ERROR));
      if (!list) return;
      const paid = findPaidPlan(list);
      if (paid) checkoutSession.mutate({ plan_id: paid.id, email });
      else notify(404, PAID_PLAN_NOT_FOUND);
    });

  /**
   * Trial over: moves the company to the free plan (amount_cents 0). On success the stored status
   * and days are updated, the subscription info fetched again, the modal closed and the success
   * message shown. Any failure past the checks above reads 'Erro ao migrar...'.
   */
  const migrateToFreePlan = (done?: Done) =>
    withEmail(async (email) => {
      const list = await plans(() => FREE_PLAN_MIGRATION_ERROR);
      if (!list) return;
      const free = findFreePlan(list);
      if (free) subscribeFree.mutate({ id: free.id, email }, done);
      else notify(404, FREE_PLAN_NOT_FOUND);
    });

  const cancelSubscription = (done?: Done) => withEmail((email) => cancel.mutate({ email }, done));

  /**
   * Back from the checkout page (/seu-plano?session_id=...): the session as the provider has it.
   * Paid: the plan is in step at once; unpaid: the payment failed.
   */
  async function confirmCheckout(sessionId: string): Promise<void> {
    const checked = trpc.billing.payments.checkSession.queryOptions({ id: sessionId }, { meta: { silent: true } });
    const result = await queryClient.fetchQuery(checked).catch((error: unknown) => {
      reportBillingError(error, (err) => errorText(err, PAYMENT_CHECK_ERROR));
      return null;
    });
    if (!result) return;
    rememberPlanStatus(result.status_plan, result.days_remaining);
    await refreshSubscription(data);
    if (result.payment_status === 'unpaid') {
      notify(402, PAYMENT_ERROR);
      return;
    }
    closePlanModals();
    toastSuccess(PAYMENT_CONFIRMED);
  }

  return {
    checkout,
    payCurrentPlan,
    upgradeToPaidPlan,
    migrateToFreePlan,
    cancelSubscription,
    confirmCheckout,
    pending: checkoutSession.isPending || subscribeFree.isPending || cancel.isPending,
  };
}
