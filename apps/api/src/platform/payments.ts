// Payments: the real Stripe SDK when STRIPE_SECRET_KEY is set, else an embedded checkout
// simulator that keeps Stripe-shaped objects in its own table and emits the same signed events.
// Both return Stripe objects read through the same two mappers, so the billing module cannot
// tell them apart.
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '@app/db';
import type Stripe from 'stripe';

export type ProviderSubscription = {
  id: string;
  customerId: string;
  /** Stripe's status (active, trialing, past_due, ...). */
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  priceId: string | null;
  /** Our plan id, from the metadata we set at checkout. */
  planId: number | null;
  /** Canceled by Stripe because payment failed (or was disputed), not by the customer. */
  canceledForNonPayment: boolean;
};

export type ProviderCheckoutSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  subscriptionId: string | null;
};

export type ProviderEvent = { id: string; type: string; created: number; data: { object: Record<string, unknown> } };

export type CheckoutInput = {
  customerId: string;
  companyId: number;
  plan: { id: number; name: string; amountCents: number; stripePriceId: string | null };
  successUrl: string;
  cancelUrl: string;
};

export class WebhookSignatureError extends Error {}

/** Provider statuses after which a subscription never comes back. */
export const ENDED_STATUSES: readonly string[] = ['canceled', 'incomplete_expired'];

interface PaymentsPort {
  createCustomer(input: { email: string; name: string; companyId: number }): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** null when the provider does not know the id. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /** Cancels at once; the period already paid stays in current_period_end. */
  cancelSubscription(id: string): Promise<ProviderSubscription>;
  /** Verifies the Stripe-Signature header against the raw body; rejects with WebhookSignatureError. */
  constructEvent(rawBody: Buffer, signature: string | undefined): Promise<ProviderEvent>;
}

export type StripePayments = PaymentsPort & { readonly kind: 'stripe' };
export type SimulatorPayments = PaymentsPort & {
  readonly kind: 'simulator';
  /** Where the simulator posts its signed events (the app's own webhook route). */
  connect(deliver: (payload: string, signature: string) => Promise<void>): void;
  session(id: string): Promise<SimulatorSession | null>;
  /** The buyer's choice on the simulator page; returns where the browser goes next. */
  finish(id: string, outcome: 'paid' | 'failed'): Promise<string>;
};
export type Payments = StripePayments | SimulatorPayments;

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : (ref?.id ?? null));

export function fromStripeSubscription(sub: Stripe.Subscription): ProviderSubscription {
  // Since API 2025-03-31 the period lives on the items; a subscription here has one item.
  const item = sub.items.data[0];
  const planId = Number(sub.metadata?.plan_id);
  const reason = sub.cancellation_details?.reason;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    currentPeriodStart: toDate(item?.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end),
    trialEnd: toDate(sub.trial_end),
    priceId: item?.price?.id ?? null,
    planId: Number.isInteger(planId) && planId > 0 ? planId : null,
    canceledForNonPayment: reason === 'payment_failed' || reason === 'payment_disputed',
  };
}

export function fromStripeSession(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  const status = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  return {
    id: session.id,
    status,
    paymentStatus: paid ? (session.payment_status as 'paid' | 'no_payment_required') : 'unpaid',
    customerId: idOf(session.customer),
    subscriptionId: idOf(session.subscription),
  };
}

// The SDK holds ~20 MB once loaded; a process loads it on its first call to Stripe or its first
// webhook, and the simulator's processes, which only sign and verify events, when a checkout happens.
let sdk: Promise<typeof Stripe> | undefined;
const loadStripe = () => {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
};

async function verify(rawBody: Buffer, signature: string | undefined, secret: string): Promise<ProviderEvent> {
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
  const { webhooks } = await loadStripe();
  try {
    return webhooks.constructEvent(rawBody, signature, secret) as unknown as ProviderEvent;
  } catch (error) {
    throw new WebhookSignatureError((error as Error).message);
  }
}

const isMissing = (error: unknown) => (error as { statusCode?: number })?.statusCode === 404;

/** STRIPE_SECRET_KEY set: the real SDK; STRIPE_API_BASE points it elsewhere (tests' fake Stripe). */
export function stripePayments(opts: { secretKey: string; webhookSecret: string; apiBase?: string }): StripePayments {
  const base = opts.apiBase ? new URL(opts.apiBase) : undefined;
  let client: Promise<Stripe> | undefined;
  const stripe = () => {
    client ??= loadStripe().then(
      (Sdk) =>
        new Sdk(opts.secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
          appInfo: { name: 'agencia-crm' },
          ...(base ? { host: base.hostname, port: base.port || undefined, protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
        }),
    );
    return client;
  };
  return {
    kind: 'stripe',
    async createCustomer({ email, name, companyId }) {
      const customer = await (await stripe()).customers.create({ email, name, metadata: { company_id: String(companyId) } });
      return customer.id;
    },
    async createCheckoutSession({ customerId, companyId, plan, successUrl, cancelUrl }) {
      const metadata = { company_id: String(companyId), plan_id: String(plan.id) };
      const session = await (await stripe()).checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: String(companyId),
        line_items: [
          plan.stripePriceId
            ? { price: plan.stripePriceId, quantity: 1 }
            : {
                price_data: {
                  currency: 'brl',
                  unit_amount: plan.amountCents,
                  recurring: { interval: 'month' },
                  product_data: { name: plan.name },
                },
                quantity: 1,
              },
        ],
        metadata,
        subscription_data: { metadata },
        locale: 'pt-BR',
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id) {
      try {
        return fromStripeSession(await (await stripe()).checkout.sessions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async retrieveSubscription(id) {
      try {
        return fromStripeSubscription(await (await stripe()).subscriptions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async cancelSubscription(id) {
      return fromStripeSubscription(await (await stripe()).subscriptions.cancel(id));
    },
    constructEvent: (rawBody, signature) => verify(rawBody, signature, opts.webhookSecret),
  };
}

// ---- Embedded simulator ----------------------------------------------------------------------

export type SimulatorSession = {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  customer: string;
  subscription: string | null;
  metadata: { company_id: string; plan_id: string };
  amount_total: number;
  currency: 'brl';
  plan_name: string;
  price_id: string;
  success_url: string;
  cancel_url: string;
};

/** The simulator's webhook secret: stable across restarts, derived from the app's own secret. */
export function simulatorWebhookSecret(appSecret: string): string {
  return `whsec_${createHmac('sha256', appSecret).update('payment-simulator').digest('base64url')}`;
}

const simId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

function addMonth(seconds: number): number {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

/**
 * No Stripe keys: checkout happens on the app's own simulator page (/checkout-simulator/{id}),
 * served on the origin the buyer comes back to, so that its form's redirect stays on that origin
 * (the app's CSP allows form-action 'self' only; Stripe's page is a site of its own).
 */
export function simulatorPayments(db: Db, opts: { webhookSecret: string }): SimulatorPayments {
  let deliver: ((payload: string, signature: string) => Promise<void>) | undefined;

  async function load<T>(id: string): Promise<T | null> {
    const row = await db.paymentSimulatorObject.findUnique({ where: { id }, select: { data: true } });
    return (row?.data as T | undefined) ?? null;
  }
  async function save(id: string, type: string, data: object) {
    await db.paymentSimulatorObject.upsert({ where: { id }, create: { id, type, data }, update: { data } });
  }

  /** Signs and posts one Stripe-shaped event, as Stripe would after the change. */
  async function emit(type: string, object: object) {
    if (!deliver) throw new Error('payment simulator is not connected to the webhook route');
    const payload = JSON.stringify({ id: simId('evt'), object: 'event', type, created: nowSeconds(), livemode: false, data: { object } });
    const { webhooks } = await loadStripe();
    await deliver(payload, webhooks.generateTestHeaderString({ payload, secret: opts.webhookSecret }));
  }

  async function subscription(id: string) {
    const sub = await load<Stripe.Subscription>(id);
    return sub ? fromStripeSubscription(sub) : null;
  }

  return {
    kind: 'simulator',
    connect(fn) {
      deliver = fn;
    },
    async createCustomer({ email, name, companyId }) {
      const id = simId('cus');
      await save(id, 'customer', { id, object: 'customer', email, name, metadata: { company_id: String(companyId) } });
      return id;
    },
    async createCheckoutSession({ customerId, companyId, plan, successUrl, cancelUrl }) {
      const id = simId('cs');
      const session: SimulatorSession = {
        id,
        status: 'open',
        payment_status: 'unpaid',
        customer: customerId,
        subscription: null,
        metadata: { company_id: String(companyId), plan_id: String(plan.id) },
        amount_total: plan.amountCents,
        currency: 'brl',
        plan_name: plan.name,
        price_id: plan.stripePriceId ?? `price_sim_plan_${plan.id}`,
        success_url: successUrl,
        cancel_url: cancelUrl,
      };
      await save(id, 'checkout.session', session);
      return { id, url: `${new URL(successUrl).origin}/checkout-simulator/${id}` };
    },
    async retrieveCheckoutSession(id) {
      const session = await load<SimulatorSession>(id);
      return session ? fromStripeSession(session as unknown as Stripe.Checkout.Session) : null;
    },
    retrieveSubscription: subscription,
    async cancelSubscription(id) {
      const sub = await load<Stripe.Subscription>(id);
      if (!sub) throw new Error(`No such subscription: '${id}'`);
      const now = nowSeconds();
      const canceled = {
        ...sub,
        status: 'canceled',
        canceled_at: now,
        ended_at: now,
        cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
      };
      await save(id, 'subscription', canceled);
      await emit('customer.subscription.deleted', canceled);
      return fromStripeSubscription(canceled as Stripe.Subscription);
    },
    constructEvent: (rawBody, signature) => verify(rawBody, signature, opts.webhookSecret),
    session: (id) => load<SimulatorSession>(id),
    async finish(id, outcome) {
      const session = await load<SimulatorSession>(id);
      if (session?.status !== 'open') throw new Error(`checkout session ${id} is not open`);
      const paid = outcome === 'paid';
      const now = nowSeconds();
      const sub = {
        id: simId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: paid ? 'active' : 'incomplete',
        metadata: session.metadata,
        created: now,
        start_date: now,
        trial_end: null,
        canceled_at: null,
        ended_at: null,
        cancellation_details: { comment: null, feedback: null, reason: null },
        items: {
          object: 'list',
          data: [
            {
              id: simId('si'),
              object: 'subscription_item',
              quantity: 1,
              price: { id: session.price_id, unit_amount: session.amount_total, currency: 'brl' },
              current_period_start: now,
              current_period_end: addMonth(now),
            },
          ],
        },
      };
      const invoice = {
        id: simId('in'),
        object: 'invoice',
        customer: session.customer,
        status: paid ? 'paid' : 'open',
        currency: 'brl',
        amount_due: session.amount_total,
        amount_paid: paid ? session.amount_total : 0,
        created: now,
        parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: session.metadata } },
      };
      // A declined card: Stripe keeps the subscription incomplete and its first invoice open.
      const completed: SimulatorSession = {
        ...session,
        status: 'complete',
        payment_status: paid ? 'paid' : 'unpaid',
        subscription: sub.id,
      };
      await db.$transaction([
        db.paymentSimulatorObject.create({ data: { id: sub.id, type: 'subscription', data: sub } }),
        db.paymentSimulatorObject.update({ where: { id }, data: { data: completed } }),
      ]);
      await emit('checkout.session.completed', completed);
      await emit('customer.subscription.created', sub);
      await emit(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice);
      return session.success_url.replace('{CHECKOUT_SESSION_ID}', id);
    },
  };
}
