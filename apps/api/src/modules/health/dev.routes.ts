import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { escapeHtml } from '../../html';

const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The outbox holds password-reset and registration links: only the machine itself may read it.
 * The socket must be loopback and carry no proxy header (a local reverse proxy would forward
 * anyone); anything else gets the ordinary 404.
 */
async function localOnly(req: FastifyRequest, reply: FastifyReply) {
  const local = LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'] && !req.headers.forwarded;
  if (!local) return reply.callNotFound();
}

/** Embedded default only (no SMTP_URL): the local outbox where the app's e-mails land. */
export function registerDevRoutes(app: FastifyInstance, { db }: Deps) {
  app.get('/dev/outbox', { onRequest: localOnly }, async (_req, reply) => {
    const mails = await db.outboxMail.findMany({ orderBy: { id: 'desc' }, take: 50 });
    const items = mails
      .map(
        (m) =>
          `<article><header><strong>${escapeHtml(m.subject)}</strong><br><small>Para: ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</small></header><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('');
    const body = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Caixa de saída (local)</title><style>body{font-family:system-ui,sans-serif;max-width:800px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Caixa de saída (local)</h1><p>E-mails enviados pelo app sem SMTP configurado. Os 50 mais recentes.</p>${items || '<p>Nenhum e-mail enviado ainda.</p>'}</body></html>`;
    return reply.type('text/html; charset=utf-8').send(body);
  });
  app.get('/dev/outbox.json', { onRequest: localOnly }, async (req) => {
    const to = (req.query as { to?: string }).to;
    return db.outboxMail.findMany({ where: to ? { to } : {}, orderBy: { id: 'desc' }, take: 50 });
  });
}
