// Marketing consent (LGPD) against a real database, the real queue and an SMTP sink: the consent is
// recorded through the client API with its date and source; the marketing follow-up (a budget sent
// and not accepted) mails the consenting client only; every mail to a client carries the unsubscribe
// footer and the List-Unsubscribe headers; the one-click POST withdraws the consent, after which the
// marketing mail stops while a transactional one still goes; a forged link changes nothing, and
// another agency's client cannot be touched.
import { randomUUID } from 'node:crypto';
import { businessDate, MARKETING_CONSENT_MESSAGES, type MarketingConsent, UNSUBSCRIBE_FOOTER } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, sellableBudget, TICKET_USD, TOUR } from '../../../test/sale-fixtures';
import type { ReceivedMail } from '../../../test/smtp-sink';
import { followUpsJob } from '../tasks/tasks.jobs';

const t = useTestApp();
const tokens = { colab: '', owner: '', outra: '' };
const DAY_MS = 86_400_000;
const REMINDER_SUBJECT = /sua proposta de viagem ainda está disponível/;
const USD_RATE = 5;
/** What the fixture's budget sells for in BRL (a tour in BRL and a ticket in USD). */
const SOLD = TOUR.sale_cents + TICKET_USD.sale_cents * USD_RATE;

type ClientOut = { id: number; version: number; marketing_consent: MarketingConsent };

async function run() {
  await t.platform.jobs.enqueue(followUpsJob, {});
  await t.platform.jobs.drain();
}
const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const getClient = async (id: number, token = tokens.colab) => ok<ClientOut>(await call('GET', `/api/clients/${id}`, undefined, token));

/** A budget of Agência Demo sent `daysAgo` days ago to its own client, who has `email`. */
async function sentBudget(email: string, daysAgo: number) {
  const budget = await sellableBudget(t, tokens.colab, { supplierId: null });
  const { clientId, title } = await t.deps.db.budget.findUniqueOrThrow({
    where: { id: budget.id },
    select: { clientId: true, title: true },
  });
  await ok(await call('PATCH', `/api/clients/${clientId}`, { email }));
  await t.deps.db.budget.update({ where: { id: budget.id }, data: { sentAt: new Date(Date.now() - daysAgo * DAY_MS) } });
  return { ...budget, title, clientId };
}

/** The footer line and both headers of RFC 8058, all naming the same signed link for `clientId`. */
function expectUnsubscribe(mail: ReceivedMail | undefined, clientId: number): string {
  const header = mail?.headers['list-unsubscribe'] ?? '';
  const link = /^<(http:\/\/localhost:3000\/api\/unsubscribe\/(\d+)\?expires=\d+&signature=[0-9a-f]{64})>$/.exec(header);
  expect(link, header).not.toBeNull();
  expect(Number(link?.[2])).toBe(clientId);
  expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail?.text).toContain(UNSUBSCRIBE_FOOTER);
  const url = link?.[1] ?? '';
  expect(mail?.text).toContain(url);
  expect(mail?.html).toContain(url.replace('&', '&amp;'));
  return url;
}
const pathOf = (url: string) => url.replace('http://localhost:3000', '');
const oneClick = (url: string) =>
  t.call('POST', pathOf(url), { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

const ids = { consenting: 0, silent: 0, outraClient: 0 };
const emails = { consenting: `consente-${randomUUID()}@exemplo.test`, silent: `sem-consentimento-${randomUUID()}@exemplo.test` };
let unsubscribeUrl = '';

beforeAll(async () => {
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  // The fixture's budgets have a service in USD: the agency needs its rate.
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
  );
  await ok(
    await call('PUT', `/api/currency_quotes_params/${quotes.items.find((q) => q.currency === 'USD')?.id}`, { rate: USD_RATE }, root),
  );
  ids.outraClient = (
    await ok<ClientOut>(
      await call('POST', '/api/clients', { kind: 'person', name: 'Cliente da Outra', marketing_consent: true }, tokens.outra),
    )
  ).id;
});

describe('consent through the client API', () => {
  it('records the date and the source (form) when the agent ticks it, the withdrawal when unticked, and a new consent after', async () => {
    const before = Date.now();
    const created = await ok<ClientOut>(
      await call('POST', '/api/clients', { kind: 'person', name: 'Ana Consentida', marketing_consent: true }),
    );
    expect(created.marketing_consent).toMatchObject({ granted: true, source: 'form', withdrawn_at: null });
    expect(Date.parse(created.marketing_consent.granted_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const plain = await ok<ClientOut>(await call('POST', '/api/clients', { kind: 'person', name: 'Bruno Sem Consentimento' }));
    expect(plain.marketing_consent).toEqual({ granted: false, granted_at: null, source: null, withdrawn_at: null });

    // A standing consent keeps its date when the form sends it again.
    const again = await ok<ClientOut>(
      await call('PATCH', `/api/clients/${created.id}`, { name: 'Ana Consentida', marketing_consent: true }),
    );
    expect(again.marketing_consent.granted_at).toBe(created.marketing_consent.granted_at);
    const withdrawn = await ok<ClientOut>(await call('PATCH', `/api/clients/${created.id}`, { marketing_consent: false }));
    expect(withdrawn.marketing_consent).toMatchObject({ granted: false, granted_at: created.marketing_consent.granted_at, source: 'form' });
    expect(withdrawn.marketing_consent.withdrawn_at).not.toBeNull();
    const regranted = await ok<ClientOut>(await call('PATCH', `/api/clients/${created.id}`, { marketing_consent: true }));
    expect(regranted.marketing_consent).toMatchObject({ granted: true, withdrawn_at: null });
  });

  it("another agency's client: 404, and its consent stays", async () => {
    const res = await call('PATCH', `/api/clients/${ids.outraClient}`, { marketing_consent: false });
    expect(res.statusCode).toBe(404);
    expect((await getClient(ids.outraClient, tokens.outra)).marketing_consent.granted).toBe(true);
  });

  it('refuses a consent that is not a boolean', async () => {
    const res = await call('POST', '/api/clients', { kind: 'person', name: 'Carla', marketing_consent: 'sim' });
    expect(res.statusCode).toBe(400);
  });
});

describe('the marketing follow-up (budget sent and not accepted)', () => {
  it('is off by default; turned on, it mails the consenting client once, and never the one without consent', async () => {
    const consenting = await sentBudget(emails.consenting, 6);
    const silent = await sentBudget(emails.silent, 6);
    ids.consenting = consenting.clientId;
    ids.silent = silent.clientId;
    await ok(await call('PATCH', `/api/clients/${ids.consenting}`, { marketing_consent: true }));

    await run();
    expect(await t.mailsTo(emails.consenting)).toHaveLength(0);

    await ok(
      await call('PUT', '/api/tasks/follow-up-settings', { rules: [{ rule: 'budget_customer_reminder', enabled: true }] }, tokens.owner),
    );
    await run();
    await run();
    const mails = await t.mailsTo(emails.consenting);
    expect(mails.map((m) => m.subject)).toEqual([
      `${DEMO.companies.demo}: sua proposta de viagem ainda está disponível – ${consenting.title}`,
    ]);
    expect(mails[0]?.text).toContain(`http://localhost:3000/landing-page/${consenting.landingId}`);
    expect(mails[0]?.replyTo).toBe(DEMO.users.colaborador);
    unsubscribeUrl = expectUnsubscribe(mails[0], ids.consenting);
    expect(await t.mailsTo(emails.silent)).toHaveLength(0);
  });

  it('a budget sent less than 5 days ago waits', async () => {
    const fresh = `recente2-${randomUUID()}@exemplo.test`;
    const b = await sentBudget(fresh, 2);
    await ok(await call('PATCH', `/api/clients/${b.clientId}`, { marketing_consent: true }));
    await run();
    expect(await t.mailsTo(fresh)).toHaveLength(0);
  });
});

describe('every mail to a client carries the way out', () => {
  it('the budget sent by the agent (transactional) has the footer and the List-Unsubscribe headers, even without consent', async () => {
    const b = await sentBudget(emails.silent.replace('sem-', 'orcamento-'), 0);
    const to = `destino-${randomUUID()}@exemplo.test`;
    await ok(await call('POST', `/api/budgets/send-email/${b.id}`, { to: [to] }));
    const [mail] = await t.mailsTo(to);
    expectUnsubscribe(mail, b.clientId);
  });
});

describe('unsubscribing', () => {
  it('a forged or tampered link is refused (403, the error format) and changes nothing', async () => {
    const tampered = unsubscribeUrl.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`);
    const otherClient = unsubscribeUrl.replace(`/unsubscribe/${ids.consenting}?`, `/unsubscribe/${ids.outraClient}?`);
    for (const url of [tampered, otherClient, `/api/unsubscribe/${ids.consenting}?expires=9999999999&signature=${'0'.repeat(64)}`]) {
      for (const res of [await oneClick(url), await t.call('GET', pathOf(url))]) {
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN', message: MARKETING_CONSENT_MESSAGES.linkInvalid });
      }
    }
    expect((await getClient(ids.consenting)).marketing_consent).toMatchObject({ granted: true, withdrawn_at: null });
    expect((await getClient(ids.outraClient, tokens.outra)).marketing_consent).toMatchObject({ granted: true, withdrawn_at: null });
    const expired = await t.call('GET', `/api/unsubscribe/${ids.consenting}?expires=abc&signature=zz`);
    expect(expired.statusCode).toBe(403);
  });

  it('GET shows the pt-BR confirmation page and changes nothing', async () => {
    const res = await t.call('GET', pathOf(unsubscribeUrl));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Não quer mais receber nossos e-mails?');
    expect(res.body).toContain('Confirmar descadastro');
    expect((await getClient(ids.consenting)).marketing_consent.granted).toBe(true);
  });

  it('the one-click POST withdraws the consent; then the marketing mail stops and a transactional one still goes, with its footer', async () => {
    const res = await oneClick(unsubscribeUrl);
    expect(res.statusCode).toBe(200);
    const consent = (await getClient(ids.consenting)).marketing_consent;
    expect(consent).toMatchObject({ granted: false, source: 'form' });
    expect(consent.withdrawn_at).not.toBeNull();
    // Again: the first withdrawal's date stays.
    await oneClick(unsubscribeUrl);
    expect((await getClient(ids.consenting)).marketing_consent.withdrawn_at).toBe(consent.withdrawn_at);

    // A second budget of the same client, due for the reminder: nothing goes now.
    const second = await sellableBudget(t, tokens.colab, { supplierId: null });
    const { attendanceId } = await t.deps.db.budget.findUniqueOrThrow({ where: { id: second.id }, select: { attendanceId: true } });
    await t.deps.db.attendance.update({ where: { id: attendanceId }, data: { clientId: ids.consenting } });
    await t.deps.db.budget.update({
      where: { id: second.id },
      data: { clientId: ids.consenting, sentAt: new Date(Date.now() - 6 * DAY_MS) },
    });
    await run();
    expect((await t.mailsTo(emails.consenting)).filter((m) => REMINDER_SUBJECT.test(m.subject))).toHaveLength(1);

    await ok(await call('POST', `/api/budgets/send-email/${second.id}`, { to: [emails.consenting] }));
    const mails = await t.mailsTo(emails.consenting);
    expect(mails).toHaveLength(2);
    const transactional = mails.find((m) => !REMINDER_SUBJECT.test(m.subject));
    expect(transactional?.subject).toContain('orçamento de viagem');
    expectUnsubscribe(transactional, ids.consenting);

    // Sold: the installment reminder (the customer's own purchase) goes too, with the same way out.
    await ok(
      await call('PUT', `/api/budgets/sell/${second.id}`, {
        proposal_id: second.proposalId,
        payment_plan: [{ number: 1, due_date: businessDate(new Date(Date.now() + DAY_MS)), amount_cents: SOLD }],
      }),
    );
    await ok(
      await call(
        'PUT',
        '/api/tasks/follow-up-settings',
        { rules: [{ rule: 'receivable_customer_reminder', enabled: true }] },
        tokens.owner,
      ),
    );
    await run();
    const installment = (await t.mailsTo(emails.consenting)).find((m) => /parcela de/.test(m.subject));
    expect(installment?.subject).toMatch(/vence em/);
    expectUnsubscribe(installment, ids.consenting);
  });

  it('the confirmation page then says it is done', async () => {
    const res = await t.call('GET', pathOf(unsubscribeUrl));
    expect(res.body).toContain('Descadastro feito');
  });

  it('the landing page accept form records the consent with source landing_page when ticked', async () => {
    const b = await sentBudget(`aceite-${randomUUID()}@exemplo.test`, 0);
    const accept = (marketing_consent?: boolean) =>
      t.call('PUT', `/api/budgets/accept/${b.landingId}`, {
        body: {
          proposal_id: b.proposalId,
          name: 'Maria Souza',
          email: 'maria@exemplo.test',
          ...(marketing_consent === undefined ? {} : { marketing_consent }),
        },
      });
    expect((await accept(true)).statusCode).toBe(200);
    expect((await getClient(b.clientId)).marketing_consent).toMatchObject({ granted: true, source: 'landing_page' });
  });
});
