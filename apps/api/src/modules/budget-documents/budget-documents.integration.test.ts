// The budget's PDF and sending it by e-mail, through HTTP: the PDF read back as text (titles,
// services, totals, accents), the links that must not answer, and the mail a real SMTP sink
// receives (HTML, text, the PDF attached), the budget marked sent, a job run twice sending once.
import { randomUUID } from 'node:crypto';
import { BUDGET_MAIL_MESSAGES, LANDING_PAGE_MESSAGES, toCurrency } from '@app/shared';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget, systemRow } from '../../../test/budget-fixtures';
import { DEMO, jobRun, useTestApp } from '../../../test/harness';
import { FIXTURE_PROPOSAL_TITLES, landingPageFixture } from '../../../test/landing-page-fixture';
import { multipart } from '../../../test/multipart';
import { budgetMailingJob } from './budget-documents.jobs';
import { renderBudgetPdf } from './budget-pdf';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const TITLES = { first: 'Lua de mel em Gramado — São João', second: 'Serra Gaúcha econômica' };
const SERVICES = ['Voo São Paulo – Lisboa', 'Pousada Serra Azul — Gramado', 'Passeio de Maria Fumaça em Bento Gonçalves'];

type Fixture = { id: number; landingId: string; title: string; proposals: [number, number]; totals: [number, number] };

async function ok<T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const post = (url: string, body: unknown, token = tokens.colab) => t.call('POST', url, { token, body });

async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** A draft budget of Agência Demo: two proposals, a flight and a hotel in the first, a tour in the second. */
async function draftBudget(): Promise<Fixture> {
  const budget = await newBudget(t, tokens.colab, {
    title: 'Férias de inverno na Serra Gaúcha',
    destination: 'Gramado',
    start_date: '2027-07-10',
    end_date: '2027-07-17',
    paxes: [{ name: 'Conceição Araújo', age_group: 'adult' }],
  });
  const common = { currency: 'BRL', adult_number: 1, child_number: 0, infant_number: 0, commission_basis_points: 1000, fee_cents: 0 };
  const [gru, lis] = [await systemRow(t, 'air_airport_params', { code: 'GRU' }), await systemRow(t, 'air_airport_params', { code: 'LIS' })];
  await ok(await t.call('PATCH', `/api/proposals/${budget.proposalId}`, { token: tokens.colab, body: { title: TITLES.first } }));
  await ok(
    await post('/api/services', {
      proposal_id: budget.proposalId,
      type: 'air',
      title: SERVICES[0],
      start_date: '2027-07-10',
      start_time: '08:15',
      ...common,
      adult_cents: 120_000,
      taxes_cents: 10_000,
      details: {
        segments: [
          {
            origin_airport_id: gru,
            destination_airport_id: lis,
            departure_date: '2027-07-10',
            departure_time: '08:15',
            flight_number: '3120',
          },
        ],
      },
    }),
  );
  await ok(
    await post('/api/services', {
      proposal_id: budget.proposalId,
      type: 'accommodation',
      title: SERVICES[1],
      start_date: '2027-07-10',
      end_date: '2027-07-17',
      ...common,
      details: {
        hotel_name: 'Pousada Serra Azul',
        rooms: [{ id: 'room-1', adult_number: 1, child_number: 0, infant_number: 0, value: 350_000, number_room: 1 }],
      },
    }),
  );
  const second = await ok<{ id: number }>(await post('/api/proposals/', { budget_id: budget.id, title: TITLES.second }));
  await ok(
    await post('/api/services', {
      proposal_id: second.id,
      type: 'tour',
      title: SERVICES[2],
      start_date: '2027-07-12',
      ...common,
      adult_cents: 45_000,
      details: { place: 'Bento Gonçalves', meeting_point: 'Estação', includes: 'Degustação' },
    }),
  );
  const tree = await ok<{ landing_page_id: string; title: string; proposals: { id: number; totals: { sale_cents: number } }[] }>(
    await t.call('GET', `/api/budgets/${budget.id}`, { token: tokens.colab }),
  );
  const [p1, p2] = tree.proposals;
  return {
    id: budget.id,
    landingId: tree.landing_page_id,
    title: tree.title,
    proposals: [p1?.id ?? 0, p2?.id ?? 0],
    totals: [p1?.totals.sale_cents ?? 0, p2?.totals.sale_cents ?? 0],
  };
}

const markSent = async (id: number) => ok(await t.call('PATCH', `/api/budgets/${id}`, { token: tokens.colab, body: { status: 'sent' } }));
const pdf = (landingId: string, query = '', token?: string) =>
  t.call('GET', `/pdf/${landingId}${query}`, { token, headers: { 'x-forwarded-for': '198.51.100.40' } });

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  await t.deps.db.company.updateMany({
    where: { name: DEMO.companies.demo },
    data: {
      contactEmail: 'contato@demo.test',
      phone: '(11) 3333-4444',
      city: 'São Paulo',
      state: 'SP',
      cnpj: '11222333000181',
      cadastur: '35.123456.10.0001-2',
    },
  });
  await ok(
    await post(
      '/api/payment_method_params',
      { kind: 'pix', name: 'Pix', pix_key_type: 'email', pix_key: 'financeiro@demo.test' },
      tokens.owner,
    ),
  );
});

describe('renderBudgetPdf', () => {
  it('renders a 3-proposal, 18-service page with every title, service and total, accents intact', async () => {
    const page = landingPageFixture();
    const text = await pdfText(await renderBudgetPdf(page));
    for (const p of page.proposals) {
      expect(text).toContain(p.title);
      expect(text).toContain(`Total: ${toCurrency(p.totals?.sale_cents)}`);
      for (const s of p.services) expect(text).toContain(s.title);
    }
    expect(text).toContain(FIXTURE_PROPOSAL_TITLES[0]);
    expect(text).toContain('Passageiros: Conceição, André, Lúcia');
    expect(text).toContain('Chave Pix: financeiro@viagens-sao-joao.test');
    expect(text).toContain('contato@viagens-sao-joao.test');
    // The agency's registrations on every page's footer.
    expect(text.match(/CNPJ 11\.222\.333\/0001-81 · Cadastur 43\.123456\.10\.0001-2/g)?.length).toBe(text.match(/Página \d+ de/g)?.length);
  });

  it('leaves every value out when the page hides them', async () => {
    const text = await pdfText(await renderBudgetPdf(landingPageFixture({ showValues: false })));
    expect(text).toContain(FIXTURE_PROPOSAL_TITLES[0]);
    expect(text).not.toContain('R$ ');
    expect(text).not.toContain('Formas de pagamento');
  });
});

describe('GET /pdf/{id}', () => {
  it('serves the sent budget inline or as a download, only the chosen proposals, and values only when shown', async () => {
    const b = await draftBudget();
    await markSent(b.id);
    const res = await pdf(b.landingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    const text = await pdfText(res.rawPayload);
    for (const title of [...Object.values(TITLES), ...SERVICES]) expect(text).toContain(title);
    expect(text).toContain(`Total: ${toCurrency(b.totals[0])}`);
    expect(text).toContain(`Total: ${toCurrency(b.totals[1])}`);
    expect(text).toContain('Pix copia e cola');

    const download = await pdf(b.landingId, '?download=1');
    expect(download.headers['content-disposition']).toContain(`attachment; filename="Ferias de inverno na Serra Gaucha.pdf"`);

    const only = await pdfText((await pdf(b.landingId, `?proposals=${b.proposals[1]}`)).rawPayload);
    expect(only).toContain(TITLES.second);
    expect(only).not.toContain(TITLES.first);

    await ok(await t.call('PUT', `/api/budgets/${b.id}/show_values`, { token: tokens.colab, body: { show_values: false } }));
    const hidden = await pdfText((await pdf(b.landingId)).rawPayload);
    expect(hidden).toContain(SERVICES[2]);
    expect(hidden).not.toContain('R$');
  });

  it('every split sums exactly to its whole: the PDF names the first passenger and the first installment that take the leftover cents', async () => {
    const method = await ok<{ id: number }>(
      await post(
        '/api/payment_method_params',
        { kind: 'boleto', name: 'Boleto em 3x', max_installments: 3, installment_interest: [0, 0, 0] },
        tokens.owner,
      ),
    );
    try {
      const budget = await newBudget(t, tokens.colab, {
        title: 'Pacote para três',
        paxes: ['Ana', 'Bia', 'Caio'].map((name) => ({ name, age_group: 'adult' })),
      });
      // R$ 1.000,00 for three adults: 333,34 + 333,33 + 333,33.
      await ok(
        await post('/api/services', {
          proposal_id: budget.proposalId,
          type: 'other',
          title: 'Pacote Gramado',
          currency: 'BRL',
          adult_number: 3,
          child_number: 0,
          infant_number: 0,
          total_cents: 100_000,
          details: {},
        }),
      );
      await markSent(budget.id);
      const tree = await ok<{ landing_page_id: string }>(await t.call('GET', `/api/budgets/${budget.id}`, { token: tokens.colab }));
      const text = await pdfText((await pdf(tree.landing_page_id)).rawPayload);
      expect(text).toContain('Total: R$ 1.000,00');
      expect(text).toContain('1º adulto de R$ 333,34 + 2 adultos de R$ 333,33');
      expect(text).toContain('1ª de R$ 333,34 + 2x de R$ 333,33 sem juros');
      expect(text).toContain('2x de R$ 500,00 sem juros');
    } finally {
      // The other budgets of this file offer Pix alone.
      await ok(await t.call('PUT', `/api/payment_method_params/${method.id}`, { token: tokens.owner, body: { is_active: false } }));
    }
  });

  it("draws the agency's uploaded logo on the cover", async () => {
    const data = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1c5d99' } })
      .webp()
      .toBuffer();
    const form = multipart({}, [{ filename: 'logo.webp', contentType: 'image/webp', data }]);
    const upload = await ok<{ key: string }>(
      await t.call('POST', '/api/uploads/image', { token: tokens.owner, body: form.body, headers: form.headers }),
    );
    const b = await draftBudget();
    await markSent(b.id);
    const before = (await pdf(b.landingId)).rawPayload.toString('latin1');
    expect(before).not.toContain('/Subtype /Image');
    await t.deps.db.company.updateMany({ where: { name: DEMO.companies.demo }, data: { logoKey: upload.key } });
    try {
      expect((await pdf(b.landingId)).rawPayload.toString('latin1')).toContain('/Subtype /Image');
    } finally {
      await t.deps.db.company.updateMany({ where: { name: DEMO.companies.demo }, data: { logoKey: null } });
    }
  });

  it('answers 404 with the invalid-link message for a draft, a revoked link and an unknown id; the agency previews its draft', async () => {
    const b = await draftBudget();
    const expectInvalid = async (res: Awaited<ReturnType<typeof pdf>>) => {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(LANDING_PAGE_MESSAGES.invalidLink);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    };
    await expectInvalid(await pdf(b.landingId));
    await expectInvalid(await pdf(randomUUID()));
    expect((await pdf(b.landingId, '', tokens.colab)).statusCode).toBe(200);
    await expectInvalid(await pdf(b.landingId, '', tokens.outra));

    await markSent(b.id);
    expect((await pdf(b.landingId)).statusCode).toBe(200);
    await ok(await t.call('DELETE', `/api/budgets/${b.id}/landing-page`, { token: tokens.colab }));
    await expectInvalid(await pdf(b.landingId));
    expect((await pdf('nao-e-um-uuid')).statusCode).toBe(400);
  });
});

describe('sending a budget by e-mail', () => {
  it('mails the customer a designed message with the link and the PDF, marks the draft sent, and a second run sends nothing', async () => {
    const b = await draftBudget();
    const to = `cliente-${randomUUID()}@exemplo.test`;
    const res = await post(`/api/budgets/send-email/${b.id}`, {
      to: [to],
      message: 'Segue a proposta que conversamos.\nQualquer dúvida, me chame.',
    });
    const out = await ok<{ mailing_id: number; status: string; budget_status: string }>(res);
    expect(out).toMatchObject({ status: 'queued', budget_status: 'sent' });

    const mails = await t.mailsTo(to);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const link = `http://localhost:3000/landing-page/${b.landingId}`;
    expect(mail?.subject).toBe(`${DEMO.companies.demo}: orçamento de viagem – ${b.title}`);
    expect(mail?.replyTo).toBe(DEMO.users.colaborador);
    expect(mail?.html).toContain('Ver orçamento');
    expect(mail?.html).toContain(link);
    expect(mail?.html).toContain('contato@demo.test');
    expect(mail?.text).toContain('CNPJ 11.222.333/0001-81 · Cadastur 35.123456.10.0001-2');
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('Segue a proposta que conversamos.');
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments[0];
    expect(attachment?.filename).toBe(`${b.title}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    const text = await pdfText(attachment?.content ?? Buffer.alloc(0));
    for (const title of [...Object.values(TITLES), ...SERVICES]) expect(text).toContain(title);

    const budget = await t.deps.db.budget.findUniqueOrThrow({
      where: { id: b.id },
      select: { status: true, sentAt: true, attendanceId: true },
    });
    expect(budget.status).toBe('sent');
    expect(budget.sentAt).not.toBeNull();
    const mailing = await t.deps.db.budgetMailing.findUniqueOrThrow({ where: { id: out.mailing_id } });
    expect(mailing).toMatchObject({ kind: 'budget', recipients: [to], proposalIds: [] });
    expect(mailing.sentAt).not.toBeNull();
    // The attendance's history (read as the screen reads it) tells the budget went out, and to whom.
    const history = await ok<{ logs: { action: string; changes: Record<string, { from: unknown; to: unknown }> }[] }>(
      await t.call('GET', `/api/attendances/${budget.attendanceId}/logs`, { token: tokens.colab }),
    );
    expect(history.logs.find((l) => l.action === 'budget_sent')?.changes).toEqual({
      budget: { from: null, to: b.title },
      recipients: { from: null, to: to },
    });

    const deps = t.jobDeps();
    await budgetMailingJob.handle({ mailing_id: out.mailing_id }, deps, jobRun());
    await budgetMailingJob.handle({ mailing_id: out.mailing_id }, deps, jobRun());
    expect(await t.mailsTo(to)).toHaveLength(1);
  });

  it('sends only the chosen proposals; refuses proposals of another budget, a canceled budget and another agency', async () => {
    const b = await draftBudget();
    const other = await draftBudget();
    const to = `propostas-${randomUUID()}@exemplo.test`;
    const foreign = await post(`/api/budgets/${b.id}/send-proposals`, { to: [to], proposal_ids: [other.proposals[0]] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(LANDING_PAGE_MESSAGES.proposalNotFound);

    const outra = await post(`/api/budgets/${b.id}/send-proposals`, { to: [to], proposal_ids: [b.proposals[1]] }, tokens.outra);
    expect(outra.statusCode).toBe(404);
    expect((await post(`/api/budgets/send-email/${b.id}`, { to: [to] }, tokens.outra)).statusCode).toBe(404);
    expect(await t.deps.db.budgetMailing.count({ where: { budgetId: b.id } })).toBe(0);
    expect((await t.deps.db.budget.findUniqueOrThrow({ where: { id: b.id } })).status).toBe('draft');

    await ok(await post(`/api/budgets/${b.id}/send-proposals`, { to: [to], proposal_ids: [b.proposals[1]] }));
    const [mail] = await t.mailsTo(to);
    expect(mail?.subject).toContain('propostas de viagem');
    const text = await pdfText(mail?.attachments[0]?.content ?? Buffer.alloc(0));
    expect(text).toContain(TITLES.second);
    expect(text).not.toContain(TITLES.first);

    await ok(await t.call('PATCH', `/api/budgets/${other.id}`, { token: tokens.colab, body: { status: 'canceled' } }));
    const canceled = await post(`/api/budgets/send-email/${other.id}`, { to: [to] });
    expect(canceled.statusCode).toBe(409);
    expect(canceled.json().message).toBe(BUDGET_MAIL_MESSAGES.canceled);
  });
});
