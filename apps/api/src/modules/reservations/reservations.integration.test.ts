// The reservations of a sold budget through HTTP: creating one (only for a sold service without a
// standing one), moving it along (the stamps of each status), the request e-mail to the supplier
// received by the SMTP sink once whatever the retries, a failing SMTP releasing its claim, and bad
// input refused with nothing changed.
import { randomUUID } from 'node:crypto';
import { RESERVATION_MESSAGES, type Reservation, type SendReservationInput } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, jobRun, useTestApp } from '../../../test/harness';
import { ok, type SellableBudget, sellableBudget, TICKET_USD, TOUR } from '../../../test/sale-fixtures';
import type { Mailer } from '../../platform/mail';
import { reservationRequestJob } from './reservation-request.job';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const ids = { supplier: 0, contactsOnly: 0, noEmail: 0, outraSupplier: 0 };
const SUPPLIER_EMAIL = 'reservas@angra.test';

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const patch = (id: number, body: Record<string, unknown>) => call('PATCH', `/api/reservations/${id}`, body);
const send = (id: number, body: Omit<SendReservationInput, 'id'> = {}) => call('PUT', `/api/reservations/send/${id}`, body);

async function supplier(token: string, body: Record<string, unknown>): Promise<number> {
  return (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', { kind: 'organization', service_types: ['tour', 'other'], ...body }, token),
    )
  ).id;
}

/** A sold budget (its first proposal) and its reservations, tour first. */
async function soldBudget(supplierId = ids.supplier): Promise<{ budget: SellableBudget; reservations: Reservation[] }> {
  const budget = await sellableBudget(t, tokens.colab, { supplierId });
  await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: budget.proposalId }));
  const info = await ok<{ reservations: Reservation[] }>(await call('GET', `/api/budgets/${budget.id}/sold-info`));
  return { budget, reservations: info.reservations };
}

const requests = (to: string) => t.mailsTo(to).then((mails) => mails.filter((m) => m.subject.startsWith('Solicitação de reserva')));

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  await t.deps.db.company.updateMany({
    where: { name: DEMO.companies.demo },
    data: { contactEmail: 'contato@demo.test', phone: '(11) 3333-4444' },
  });
  await t.deps.db.user.updateMany({ where: { email: DEMO.users.colaborador }, data: { phone: '(11) 98888-7777' } });
  ids.supplier = await supplier(tokens.colab, { name: 'Angra Receptivo', email: SUPPLIER_EMAIL });
  ids.contactsOnly = await supplier(tokens.colab, {
    name: 'Parques Unidos',
    contacts: [
      { name: 'Financeiro', role: 'Financeiro', email: 'financeiro@parques.test' },
      { name: 'Ana', role: 'Reservas', email: 'ana.reservas@parques.test' },
    ],
  });
  ids.noEmail = await supplier(tokens.colab, { name: 'Barqueiro Sem E-mail' });
  ids.outraSupplier = await supplier(tokens.outra, { name: 'Fornecedor da Outra', email: 'outra@fornecedor.test' });
  const usd = (
    await ok<{ items: { id: number; currency: string }[] }>(
      await call('GET', '/api/currency_quotes_params?per_page=50', undefined, await t.tokenFor(DEMO.users.superAdmin)),
    )
  ).items.find((q) => q.currency === 'USD');
  await ok(await call('PUT', `/api/currency_quotes_params/${usd?.id}`, { rate: 5 }, await t.tokenFor(DEMO.users.superAdmin)));
});

describe('POST /api/reservations/', () => {
  it('only for a sold budget, only a sold active service, one standing per service; defaults from the sold service', async () => {
    const unsold = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    const early = await call('POST', '/api/reservations/', { budget_id: unsold.id, service_id: unsold.services.tour });
    expect([early.statusCode, early.json().message]).toEqual([409, RESERVATION_MESSAGES.budgetNotSold]);

    const { budget, reservations } = await soldBudget();
    const [tour] = reservations;
    expect(reservations.map((r) => r.service_id)).toEqual([budget.services.tour, budget.services.usd]);
    const taken = await call('POST', '/api/reservations/', { budget_id: budget.id, service_id: budget.services.tour });
    expect([taken.statusCode, taken.json().message]).toEqual([409, RESERVATION_MESSAGES.alreadyReserved]);

    const canceled = await ok<Reservation>(await patch(tour?.id as number, { status: 'canceled' }));
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).not.toBeNull();
    const fresh = await ok<Reservation>(
      await call('POST', '/api/reservations/', { budget_id: budget.id, service_id: budget.services.tour }),
    );
    expect(fresh).toMatchObject({
      budget_id: budget.id,
      sale_id: tour?.sale_id,
      service_id: budget.services.tour,
      service_type: 'tour',
      service_title: 'Passeio de escuna em Angra',
      service_start_date: '2027-07-02',
      supplier_id: ids.supplier,
      supplier_name: 'Angra Receptivo',
      supplier_email: SUPPLIER_EMAIL,
      status: 'pending',
      currency: 'BRL',
      supplier_cost_cents: TOUR.cost_cents,
      payment_due_date: null,
      requested_at: null,
      last_sent_at: null,
    });
    expect(fresh.id).not.toBe(tour?.id);
    // Given fields win over the defaults.
    await ok(await patch(fresh.id, { status: 'canceled' }));
    const typed = await ok<Reservation>(
      await call('POST', '/api/reservations/', {
        budget_id: budget.id,
        service_id: budget.services.tour,
        supplier_id: ids.contactsOnly,
        currency: 'USD',
        supplier_cost_cents: 9_000,
        payment_due_date: '2027-06-01',
        locator: 'ESC-42',
        notes: 'Pagar antes do embarque.',
      }),
    );
    expect(typed).toMatchObject({
      supplier_id: ids.contactsOnly,
      supplier_email: 'ana.reservas@parques.test',
      currency: 'USD',
      supplier_cost_cents: 9_000,
      payment_due_date: '2027-06-01',
      locator: 'ESC-42',
      notes: 'Pagar antes do embarque.',
    });

    // A service of another proposal, a missing one, another agency's supplier: refused on their field, nothing created.
    const count = await t.deps.db.reservation.count({ where: { budgetId: budget.id } });
    const other = await sellableBudget(t, tokens.colab, { supplierId: ids.supplier });
    for (const [body, field, message] of [
      [{ service_id: other.services.tour }, 'service_id', RESERVATION_MESSAGES.serviceNotSold],
      [{ service_id: 2_147_483_646 }, 'service_id', RESERVATION_MESSAGES.serviceNotSold],
      [{ service_id: budget.services.usd, supplier_id: ids.outraSupplier }, 'supplier_id', RESERVATION_MESSAGES.supplierNotFound],
    ] as const) {
      const usdStanding = body.service_id === budget.services.usd;
      if (usdStanding) await ok(await patch(reservations[1]?.id as number, { status: 'canceled' }));
      const res = await call('POST', '/api/reservations/', { budget_id: budget.id, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual({ [field]: [message] });
    }
    expect(await t.deps.db.reservation.count({ where: { budgetId: budget.id } })).toBe(count);
  });
});

describe('PATCH /api/reservations/{id}', () => {
  it('moves the status with its stamps; a canceled one comes back only while its service is free', async () => {
    const { reservations } = await soldBudget();
    const id = reservations[0]?.id as number;
    const requested = await ok<Reservation>(await patch(id, { status: 'requested' }));
    expect(requested.requested_at).not.toBeNull();
    const confirmed = await ok<Reservation>(
      await patch(id, { status: 'confirmed', locator: 'ANG-777', payment_due_date: '2027-06-20', supplier_id: ids.contactsOnly }),
    );
    expect(confirmed).toMatchObject({
      status: 'confirmed',
      locator: 'ANG-777',
      payment_due_date: '2027-06-20',
      supplier_name: 'Parques Unidos',
      requested_at: requested.requested_at,
    });
    expect(confirmed.confirmed_at).not.toBeNull();
    const back = await ok<Reservation>(await patch(id, { status: 'pending', locator: null }));
    expect([back.confirmed_at, back.locator, back.payment_due_date]).toEqual([null, null, '2027-06-20']);
    const canceled = await ok<Reservation>(await patch(id, { status: 'canceled' }));
    expect(canceled.canceled_at).not.toBeNull();

    const budgetId = reservations[0]?.budget_id as number;
    const serviceId = reservations[0]?.service_id as number;
    const other = await ok<Reservation>(await call('POST', '/api/reservations/', { budget_id: budgetId, service_id: serviceId }));
    const reopen = await patch(id, { status: 'confirmed' });
    expect([reopen.statusCode, reopen.json().message]).toEqual([409, RESERVATION_MESSAGES.alreadyReserved]);
    await ok(await patch(other.id, { status: 'canceled' }));
    const reopened = await ok<Reservation>(await patch(id, { status: 'requested' }));
    expect([reopened.status, reopened.canceled_at]).toEqual(['requested', null]);
  });

  it('bad input is a 400 in the error format and changes nothing', async () => {
    const { reservations } = await soldBudget();
    const id = reservations[1]?.id as number;
    const before = await t.deps.db.reservation.findUniqueOrThrow({ where: { id } });
    for (const body of [
      { status: 'booked' },
      { supplier_cost_cents: -1 },
      { currency: 'real' },
      { payment_due_date: '20/06/2027' },
      { locator: 'x'.repeat(61) },
      { supplier_id: 0 },
      { sale_id: 1 },
    ]) {
      const res = await patch(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION', message: expect.any(String) });
      expect(Object.keys(res.json().errors)).toHaveLength(1);
    }
    expect(await t.deps.db.reservation.findUniqueOrThrow({ where: { id } })).toEqual(before);
    const wrong = await call('PUT', `/api/reservations/send/${id}`, { to: ['não é e-mail'] });
    expect(wrong.statusCode).toBe(400);
    expect(await t.deps.db.saleMailing.count({ where: { reservationId: id } })).toBe(0);
  });
});

describe('PUT /api/reservations/send/{id}', () => {
  it('mails the supplier once (the job run again sends nothing), marks it requested; reply-to the agent', async () => {
    const { budget, reservations } = await soldBudget();
    const [tour, ticket] = reservations as [Reservation, Reservation];
    const out = await ok<{ reservation: Reservation; message: string }>(
      await send(tour.id, { message: 'Cliente celíaco: almoço sem glúten.' }),
    );
    expect(out.message).toBe(RESERVATION_MESSAGES.sent);
    expect(out.reservation).toMatchObject({ id: tour.id, status: 'requested' });
    expect(out.reservation.requested_at).not.toBeNull();

    const sent = await requests(SUPPLIER_EMAIL);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.subject).toBe('Solicitação de reserva: Passeio de escuna em Angra – Agência Demo');
    expect(mail?.replyTo).toBe(DEMO.users.colaborador);
    for (const text of [
      'Olá, Angra Receptivo!',
      'Passeio/ingresso – Passeio de escuna em Angra',
      'Saída do cais de Santa Luzia, com almoço.',
      '02/07/2027 às 09:00',
      'Maria Souza (Adulto), Pedro Souza (Criança)',
      '1 adulto, 1 criança',
      'R$ 405,00',
      'Cliente celíaco: almoço sem glúten.',
      'Colab',
      '(11) 98888-7777',
      'contato@demo.test',
    ])
      expect(mail?.text, text).toContain(text);
    expect(mail?.text).toMatch(/Cliente: Cliente Orçamento \d+/);

    const mailing = await t.deps.db.saleMailing.findFirstOrThrow({ where: { reservationId: tour.id } });
    expect(mailing).toMatchObject({ kind: 'reservation_request', recipients: [SUPPLIER_EMAIL], budgetId: budget.id });
    expect(mailing.sentAt).not.toBeNull();
    await reservationRequestJob.handle({ mailing_id: mailing.id }, t.jobDeps(), jobRun());
    await t.platform.jobs.enqueue(reservationRequestJob, { mailing_id: mailing.id });
    await t.platform.jobs.enqueue(reservationRequestJob, { mailing_id: mailing.id });
    expect(
      (await requests(SUPPLIER_EMAIL)).filter((m) => m.subject.includes('Passeio de escuna') && m.text.includes('celíaco')),
    ).toHaveLength(1);
    const shown = await ok<Reservation>(await call('GET', `/api/reservations/${tour.id}`));
    expect(shown.last_sent_at).toBe(mailing.sentAt?.toISOString());

    // Sent again (a confirmed one stays confirmed), to another address; the ticket in dollars.
    await ok(await patch(ticket.id, { status: 'confirmed' }));
    const to = `reservas-${randomUUID()}@parque.test`;
    const again = await ok<{ reservation: Reservation }>(await send(ticket.id, { to: [to] }));
    expect(again.reservation.status).toBe('confirmed');
    const [usdMail] = await requests(to);
    expect(usdMail?.text).toContain('US$ 120,00');
    expect(usdMail?.text).toContain('Ingresso do parque (US$)');
    expect(TICKET_USD.cost_cents).toBe(12_000);
  });

  it('goes to the reservations contact when the supplier has no e-mail; none at all is a 400; a canceled one is a 409', async () => {
    const contacts = await soldBudget(ids.contactsOnly);
    await ok(await send(contacts.reservations[0]?.id as number));
    expect(await requests('ana.reservas@parques.test')).toHaveLength(1);
    expect(await requests('financeiro@parques.test')).toHaveLength(0);

    const none = await soldBudget(ids.noEmail);
    const id = none.reservations[0]?.id as number;
    const noEmail = await send(id);
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().errors).toEqual({ to: [RESERVATION_MESSAGES.noSupplierEmail] });
    await ok(await patch(id, { status: 'canceled' }));
    const canceled = await send(id, { to: ['alguem@fornecedor.test'] });
    expect([canceled.statusCode, canceled.json().message]).toEqual([409, RESERVATION_MESSAGES.canceled]);
    expect(await t.deps.db.saleMailing.count({ where: { reservationId: id } })).toBe(0);
    expect((await t.deps.db.reservation.findUniqueOrThrow({ where: { id } })).status).toBe('canceled');
  });

  it('a failing SMTP releases the claim: the next run sends the mail once', async () => {
    const { budget, reservations } = await soldBudget();
    const reservation = reservations[1] as Reservation;
    const to = `falha-${randomUUID()}@fornecedor.test`;
    // The request as the route records it, run by hand so that the first attempt meets a broken SMTP.
    const mailing = await t.deps.db.saleMailing.create({
      data: {
        companyId: (await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id } })).companyId,
        budgetId: budget.id,
        kind: 'reservation_request',
        reservationId: reservation.id,
        recipients: [to],
      },
    });
    const broken: Mailer = { kind: 'smtp', send: () => Promise.reject(new Error('SMTP fora do ar')) };
    await expect(reservationRequestJob.handle({ mailing_id: mailing.id }, { ...t.jobDeps(), mailer: broken }, jobRun())).rejects.toThrow(
      'SMTP fora do ar',
    );
    expect((await t.deps.db.saleMailing.findUniqueOrThrow({ where: { id: mailing.id } })).sentAt).toBeNull();
    expect(await requests(to)).toHaveLength(0);

    await t.platform.jobs.enqueue(reservationRequestJob, { mailing_id: mailing.id });
    await t.platform.jobs.enqueue(reservationRequestJob, { mailing_id: mailing.id });
    expect(await requests(to)).toHaveLength(1);
    expect((await t.deps.db.saleMailing.findUniqueOrThrow({ where: { id: mailing.id } })).sentAt).not.toBeNull();
  });
});
