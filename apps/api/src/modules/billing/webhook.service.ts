// POST /api/webhooks/stripe: Stripe's events (and the simulator's, signed the same way).
import { Prisma } from '@app/db';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { ProviderEvent } from '../../platform/payments';
import { trialWillEndMailJob } from './billing.jobs';
import { applyProviderSubscription, enqueueSyncFollowUps, type SyncResult } from './sync';

export type WebhookOutcome = SyncResult['outcome'] | 'duplicate' | 'ignored';

const SESSION_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.expired',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
]);
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

const idOf = (ref: unknown): string | null =>
  typeof ref === 'string' ? ref : typeof (ref as { id?: unknown })?.id === 'string' ? (ref as { id: string }).id : null;

/** An invoice names its subscription under parent.subscription_details (API 2025+) or, before, at the top. */
function invoiceSubscriptionId(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf(invoice.subscription);
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** The part of Stripe's event envelope that is read; a signed body without it is refused (400). */
const eventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().positive(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Verifies the signature on the raw body, then handles the event. */
export async function receiveWebhook(s: Deps, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
  return handleProviderEvent(s, eventEnvelope.parse(await s.platform.payments.constructEvent(rawBody, signature)));
}

/**
 * Idempotent per event id: the id is recorded in the same transaction as its effect, so a replay
 * (or a duplicate delivered at the same moment) changes nothing. Only the event's type, id, time
 * and object id are read from the body; the state is read again from the provider.
 */
export async function handleProviderEvent(s: Deps, event: ProviderEvent): Promise<WebhookOutcome> {
  if (await s.db.processedStripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return 'duplicate';
  const object = event.data.object;
  const session = SESSION_EVENTS.has(event.type) ? await s.platform.payments.retrieveCheckoutSession(String(object.id)) : null;
  const subscriptionId =
    session?.subscriptionId ??
    (SUBSCRIPTION_EVENTS.has(event.type) ? idOf(object.id) : INVOICE_EVENTS.has(event.type) ? invoiceSubscriptionId(object) : null);
  const subscription = subscriptionId ? await s.platform.payments.retrieveSubscription(subscriptionId) : null;
  const created = new Date(event.created * 1000);

  let result: SyncResult | null;
  try {
    result = await s.db.$transaction(async (tx) => {
      await tx.processedStripeEvent.create({ data: { id: event.id, type: event.type, eventCreatedAt: created } });
      if (session) {
        await tx.checkoutSession.updateMany({
          where: { id: session.id },
          data: { status: session.status, paymentStatus: session.paymentStatus },
        });
      }
      const applied = subscription ? await applyProviderSubscription(tx, subscription, created) : null;
      // The follow-up jobs commit with the event's id, so a replay finds both done.
      await enqueueSyncFollowUps(tx, s.platform.jobs, applied);
      if (event.type === 'customer.subscription.trial_will_end' && applied?.outcome === 'applied' && subscription?.status === 'trialing') {
        await s.platform.jobs.enqueueIn(tx, trialWillEndMailJob, { company_id: applied.companyId });
      }
      return applied;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
  await s.platform.jobs.flush();
  return result?.outcome ?? 'ignored';
}
