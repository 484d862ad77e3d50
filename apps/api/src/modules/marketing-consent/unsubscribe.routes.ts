// The unsubscribe link of the e-mails to clients: GET shows a pt-BR confirmation page with one
// button, POST withdraws the consent. The POST is also the RFC 8058 one-click a mail client sends
// from the List-Unsubscribe headers (form body "List-Unsubscribe=One-Click", no cookies, no page):
// plain routes, since it is a form post from outside the app, validated by the shared schema.
import { unsubscribeInput } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { escapeHtml as e } from '../../html';
import { type UnsubscribeState, unsubscribeState, withdrawByLink } from './unsubscribe.service';

/** The one-click body is one short field; it says nothing the URL does not. */
const BODY_LIMIT = 1024;

const parse = (req: FastifyRequest) => unsubscribeInput.parse({ ...(req.params as object), ...(req.query as object) });

function page(reply: FastifyReply, state: UnsubscribeState) {
  const body = state.withdrawn
    ? `<h1>Descadastro feito</h1>
<p>Pronto, ${e(state.firstName)}: você não receberá mais ofertas e novidades por e-mail da ${e(state.agencyName)}.</p>
<p>E-mails sobre as viagens que você já comprou (vouchers, parcelas) continuam chegando.</p>`
    : `<h1>Não quer mais receber nossos e-mails?</h1>
<p>${e(state.firstName)}, confirme e a ${e(state.agencyName)} não enviará mais ofertas e novidades por e-mail para você.</p>
<form method="post"><button type="submit">Confirmar descadastro</button></form>`;
  return reply
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Descadastro de e-mails – ${e(state.agencyName)}</title>
<style>body{font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933;background:#f5f7fa;margin:0;padding:24px}
main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #e4e7eb;border-radius:8px;padding:24px 32px}
h1{font-size:22px}button{background:#1c5d99;color:#fff;border:0;border-radius:6px;padding:14px 28px;font-size:16px;font-weight:700;cursor:pointer}</style>
</head><body><main>${body}</main></body></html>`);
}

/** Registered with the client routes (a scope of its own for the form body parser). */
export function registerUnsubscribeRoutes(app: FastifyInstance, deps: Deps) {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, _body, done) =>
      done(null, {}),
    );
    scope.get('/api/unsubscribe/:id', async (req, reply) => page(reply, await unsubscribeState(deps, parse(req))));
    scope.post('/api/unsubscribe/:id', { bodyLimit: BODY_LIMIT }, async (req, reply) =>
      page(reply, await withdrawByLink(deps, parse(req))),
    );
  });
}
