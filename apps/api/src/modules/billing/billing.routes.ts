// Plain Fastify routes of billing: the Stripe webhook (it needs the raw body for the signature)
// and, on the embedded default, the checkout simulator's page.
import { toCurrency } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { toApiErrorBody } from '../../error-body';
import { AppError } from '../../errors';
import { escapeHtml } from '../../html';
import { type SimulatorPayments, WebhookSignatureError } from '../../platform/payments';
import { receiveWebhook } from './webhook.service';

export const WEBHOOK_PATH = '/api/webhooks/stripe';
const WEBHOOK_BODY_LIMIT = 512 * 1024;
const isCurrentSubscription = (url: string) =>
  url.startsWith('/api/subscription/current') || (url.startsWith('/trpc/') && url.includes('billing.subscription.current'));

export async function registerBillingRoutes(app: FastifyInstance, deps: Deps) {
  // The current subscription is never served from a cache: a plan change shows at once.
  app.addHook('onSend', async (req, reply) => {
    if (isCurrentSubscription(req.url)) {
      reply.header('cache-control', 'no-store, no-cache, must-revalidate').header('pragma', 'no-cache').header('expires', '0');
    }
  });

  await app.register(async (scope) => {
    // Signatures are computed over the exact bytes Stripe sent, so nothing parses them first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

    scope.post(WEBHOOK_PATH, async (req, reply) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      try {
        const outcome = await receiveWebhook(deps, body, req.headers['stripe-signature'] as string | undefined);
        return reply.send({ received: true, outcome });
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        req.log.warn({ reason: error.message }, 'stripe webhook refused');
        return reply.code(400).send(toApiErrorBody(new AppError('BAD_REQUEST', { message: 'Assinatura do webhook inválida.' }), req.id));
      }
    });

    const payments = deps.platform.payments;
    if (payments.kind === 'simulator') registerSimulator(app, scope, payments);
  });
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;background:#f4f6fb;margin:0;display:grid;place-items:center;min-height:100vh}main{background:#fff;border-radius:12px;box-shadow:0 2px 12px #0002;padding:2rem;max-width:420px;width:100%}h1{font-size:1.25rem;margin:0 0 .5rem}.amount{font-size:2rem;font-weight:700;margin:1rem 0}.note{color:#666;font-size:.875rem}form{display:flex;gap:.5rem;margin:1.5rem 0 1rem}button{flex:1;padding:.75rem;border-radius:8px;border:0;font-size:1rem;cursor:pointer}.pay{background:#1c7ed6;color:#fff}.fail{background:#fff;color:#c92a2a;border:1px solid #c92a2a}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * The simulator's checkout page: 'Pagar' or 'Simular falha' emit the Stripe events a real
 * checkout would, signed, through the webhook route above. The unguessable session id in the
 * address is what lets the buyer in, as on Stripe's hosted page.
 */
function registerSimulator(app: FastifyInstance, scope: FastifyInstance, payments: SimulatorPayments) {
  payments.connect(async (payload, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`simulated webhook answered ${res.statusCode}: ${res.body}`);
  });

  scope.get('/checkout-simulator/:id', async (req, reply) => {
    const session = await payments.session((req.params as { id: string }).id);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!session)
      return reply
        .code(404)
        .send(page('Pagamento', '<h1>Sessão de pagamento não encontrada</h1><p><a href="/seu-plano">Voltar ao meu plano</a></p>'));
    if (session.status !== 'open') {
      return reply.send(
        page('Pagamento', '<h1>Esta sessão de pagamento já foi finalizada</h1><p><a href="/seu-plano">Voltar ao meu plano</a></p>'),
      );
    }
    const action = `/checkout-simulator/${escapeHtml(session.id)}`;
    return reply.send(
      page(
        'Pagamento (simulador)',
        `<h1>${escapeHtml(session.plan_name)}</h1><div class="amount">${escapeHtml(toCurrency(session.amount_total))}<small>/mês</small></div>` +
          `<p class="note">Simulador de pagamento local: nenhum cartão é cobrado. Ele envia ao app os mesmos eventos assinados do Stripe.</p>` +
          `<form method="post"><button class="pay" formaction="${action}/pay">Pagar</button><button class="fail" formaction="${action}/fail">Simular falha</button></form>` +
          `<p><a href="${escapeHtml(session.cancel_url)}">Cancelar e voltar</a></p>`,
      ),
    );
  });

  for (const [path, outcome] of [
    ['pay', 'paid'],
    ['fail', 'failed'],
  ] as const) {
    scope.post(`/checkout-simulator/:id/${path}`, async (req, reply) => {
      const { id } = req.params as { id: string };
      const session = await payments.session(id);
      if (session?.status !== 'open') return reply.redirect(`/checkout-simulator/${encodeURIComponent(id)}`, 303);
      return reply.redirect(await payments.finish(id, outcome), 303);
    });
  }
}
