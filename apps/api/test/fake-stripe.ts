// A local stand-in for api.stripe.com: the real Stripe SDK is pointed at it (STRIPE_API_BASE).
// It answers the endpoints the app calls, keeps what it was sent, and lets a test set the state
// Stripe would report.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;
export type FakeRequest = { method: string; path: string; body: Obj };

/** Stripe's form encoding (`metadata[plan_id]=2`, `line_items[0][price]=...`) back into objects. */
function parseForm(raw: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Obj;
    });
  }
  return out;
}

const id = (prefix: string) => `${prefix}_fake_${randomBytes(8).toString('hex')}`;
export const seconds = (date: Date | number) => Math.floor((typeof date === 'number' ? date : date.getTime()) / 1000);
const DAY = 86_400;

export type SubscriptionSpec = {
  id?: string;
  customer: string;
  status: string;
  priceId?: string;
  metadata?: Record<string, string>;
  periodStart?: number;
  periodEnd?: number;
  trialEnd?: number | null;
  cancellationReason?: string | null;
};

export async function startFakeStripe() {
  const requests: FakeRequest[] = [];
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();

  const missing = (res: ServerResponse, kind: string, key: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${key}'` } });
  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
    res.end(JSON.stringify(body));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = parseForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : raw);
    const method = req.method ?? 'GET';
    requests.push({ method, path: url.pathname, body });
    const [, version, resource, a, b] = url.pathname.split('/');
    if (version !== 'v1') return missing(res, 'path', url.pathname);

    if (resource === 'customers' && method === 'POST' && !a) {
      const customer = { id: id('cus'), object: 'customer', email: body.email, name: body.name, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (resource === 'checkout' && a === 'sessions') {
      if (method === 'POST' && !b) {
        const sessionId = id('cs');
        const session = {
          id: sessionId,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${sessionId}`,
          status: 'open',
          payment_status: 'unpaid',
          mode: body.mode,
          customer: body.customer ?? null,
          client_reference_id: body.client_reference_id ?? null,
          metadata: body.metadata ?? {},
          subscription: null,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
        };
        sessions.set(sessionId, session);
        return send(res, 200, session);
      }
      const session = b ? sessions.get(b) : undefined;
      return session ? send(res, 200, session) : missing(res, 'checkout.session', b ?? '');
    }
    if (resource === 'subscriptions' && a) {
      const sub = subscriptions.get(a);
      if (!sub) return missing(res, 'subscription', a);
      if (method === 'DELETE') {
        const now = seconds(Date.now());
        Object.assign(sub, {
          status: 'canceled',
          canceled_at: now,
          ended_at: now,
          cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
        });
      }
      return send(res, 200, sub);
    }
    return missing(res, 'path', url.pathname);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    sessions,
    subscriptions,
    /** Sets (or replaces) the subscription Stripe reports for `spec.id`. */
    setSubscription(spec: SubscriptionSpec): Obj {
      const now = seconds(Date.now());
      const start = spec.periodStart ?? now;
      const sub = {
        id: spec.id ?? id('sub'),
        object: 'subscription',
        customer: spec.customer,
        status: spec.status,
        metadata: spec.metadata ?? {},
        trial_end: spec.trialEnd ?? null,
        cancellation_details: { comment: null, feedback: null, reason: spec.cancellationReason ?? null },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              quantity: 1,
              price: { id: spec.priceId ?? 'price_profissional' },
              current_period_start: start,
              current_period_end: spec.periodEnd ?? start + 30 * DAY,
            },
          ],
        },
      };
      subscriptions.set(sub.id, sub);
      return sub;
    },
    /** What Stripe does once the buyer pays on its page. */
    completeSession(sessionId: string, subscriptionId: string, paymentStatus = 'paid') {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: paymentStatus, subscription: subscriptionId });
      return session;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // the SDK keeps connections alive
        server.close(() => resolve());
      }),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A Stripe event signed with the SDK's own test-header helper, as Stripe would post it. */
export function signedEvent(secret: string, type: string, object: Obj, opts: { id?: string; created?: number } = {}) {
  const payload = JSON.stringify({
    id: opts.id ?? id('evt'),
    object: 'event',
    type,
    created: opts.created ?? seconds(Date.now()),
    livemode: false,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
