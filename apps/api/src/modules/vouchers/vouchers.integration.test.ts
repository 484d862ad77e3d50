// Vouchers through HTTP: uploads per sold service and for the whole trip (and what is refused, with
// nothing stored), the signed file links, and the mail a real SMTP sink receives (the files
// attached, the links listed), sent once however often its job runs, with WhatsApp's share.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SALE_MESSAGES, VOUCHER_MESSAGES, VOUCHER_UPLOAD, WHOLE_TRIP_LABEL } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, jobRun, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { smtpMailer } from '../../platform/mail';
import { VOUCHER_SHARE_TTL_SECONDS, voucherFileUrl } from './voucher-links';
import { VOUCHER_MAIL_ATTACHMENTS_MAX_BYTES, voucherMailingJob } from './vouchers.jobs';

const dataDir = mkdtempSync(join(tmpdir(), 'vouchers-test-'));
const t = useTestApp({ DATA_DIR: dataDir });
const tokens = { owner: '', colab: '', outra: '' };
const companies = { demo: 0, outra: 0 };

type Res = { statusCode: number; body: string; headers: Record<string, unknown>; json(): unknown; rawPayload: Buffer };
async function ok<T = Record<string, unknown>>(res: Res): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

type Voucher = { id: number; budget_id: number; service_id: number | null; service_title: string | null; filename: string; url: string };
type Fixture = { id: number; title: string; proposalId: number; services: [number, number]; otherProposalService: number };

let serial = 0;
/**
 * A budget of the agency behind `token`, its client with e-mail and phone (unless told otherwise):
 * a flight and a hotel in the first proposal, a tour in a second one.
 */
async function budgetFixture(token: string, client: { email?: string | null; phone?: string | null } = {}): Promise<Fixture> {
  serial += 1;
  const email = client.email === undefined ? `cliente-${randomUUID()}@exemplo.test` : client.email;
  const phone = client.phone === undefined ? '(11) 98765-4321' : client.phone;
  const c = await ok<{ id: number }>(
    await t.call('POST', '/api/clients', { token, body: { kind: 'person', name: `Conceição Araújo ${serial}`, email, phone } }),
  );
  const a = await ok<{ id: number }>(
    await t.call('POST', '/api/attendances', { token, body: { client_id: c.id, title: `Viagem a Gramado ${serial}` } }),
  );
  const title = `Férias na Serra Gaúcha ${serial}`;
  const b = await ok<{ id: number; proposals: { id: number }[] }>(
    await t.call('POST', '/api/budgets/', {
      token,
      body: { attendance_id: a.id, title, destination: 'Gramado', start_date: '2027-07-10', end_date: '2027-07-17' },
    }),
  );
  const proposalId = b.proposals[0]?.id ?? 0;
  const common = { currency: 'BRL', adult_number: 1, child_number: 0, infant_number: 0, commission_basis_points: 0, fee_cents: 0 };
  const tour = (proposal: number, serviceTitle: string) =>
    t.call('POST', '/api/services', {
      token,
      body: {
        proposal_id: proposal,
        type: 'tour',
        title: serviceTitle,
        start_date: '2027-07-12',
        ...common,
        adult_cents: 45_000,
        details: { place: 'Gramado', meeting_point: 'Hotel', includes: 'Ingresso' },
      },
    });
  const s1 = await ok<{ id: number }>(await tour(proposalId, 'Passeio de Maria Fumaça'));
  const s2 = await ok<{ id: number }>(await tour(proposalId, 'Ingresso do Snowland'));
  const other = await ok<{ id: number }>(
    await t.call('POST', '/api/proposals/', { token, body: { budget_id: b.id, title: 'Outra proposta' } }),
  );
  const s3 = await ok<{ id: number }>(await tour(other.id, 'Passeio de outra proposta'));
  return { id: b.id, title, proposalId, services: [s1.id, s2.id], otherProposalService: s3.id };
}

/** Closes the sale of the first proposal through PUT /api/budgets/sell/{id} (the budget sent first). */
async function markSold(f: Fixture, token = tokens.colab) {
  await ok(await t.call('PATCH', `/api/budgets/${f.id}`, { token, body: { status: 'sent' } }));
  await ok(await t.call('PUT', `/api/budgets/sell/${f.id}`, { token, body: { proposal_id: f.proposalId } }));
}

async function soldBudget(token = tokens.colab, client?: { email?: string | null; phone?: string | null }) {
  const f = await budgetFixture(token, client);
  await markSold(f, token);
  return f;
}

function upload(token: string, fields: Record<string, string>, file: { filename: string; contentType: string; data: Buffer }) {
  const body = multipart(fields, [file]);
  return t.call('POST', '/api/vouchers/upload', { token, body: body.body, headers: body.headers });
}
const pdfFile = (filename = 'voucher-hotel.pdf', data = FILES.pdf) => ({ filename, contentType: 'application/pdf', data });
/** A valid PDF of `bytes` bytes (the server sniffs the header). */
const bigPdf = (bytes: number) => Buffer.concat([FILES.pdf, Buffer.alloc(bytes - FILES.pdf.length, 0x20)]);

async function storedFiles(companyId: number): Promise<string[]> {
  const entries = await readdir(join(dataDir, 'uploads', 'vouchers', String(companyId)), { withFileTypes: true }).catch(() => []);
  return entries.map((e) => e.name).sort();
}
const rowsOf = (budgetId: number) => t.deps.db.voucher.count({ where: { budgetId } });
const get = (url: string) => t.call('GET', url);
const appPath = (url: string) => url.replace(t.deps.config.appUrl, '');
/** The error body without its request id, to compare two refusals. */
const errorOf = (res: Res) => {
  const { request_id: _, ...rest } = res.json() as Record<string, unknown>;
  return { status: res.statusCode, ...rest };
};

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const id = async (name: string) => (await t.deps.db.company.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
  companies.demo = await id(DEMO.companies.demo);
  companies.outra = await id(DEMO.companies.outra);
  await t.deps.db.company.update({
    where: { id: companies.demo },
    data: { contactEmail: 'contato@demo.test', phone: '(11) 3333-4444', city: 'São Paulo', state: 'SP' },
  });
});

describe('POST /api/vouchers/upload', () => {
  it('takes a PDF or an image per sold service and for the whole trip, stored under the agency', async () => {
    const f = await soldBudget();
    const before = await storedFiles(companies.demo);
    const hotel = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id), service_id: String(f.services[0]) }, pdfFile()));
    expect(hotel).toMatchObject({
      budget_id: f.id,
      service_id: f.services[0],
      service_title: 'Passeio de Maria Fumaça',
      filename: 'voucher-hotel.pdf',
      content_type: 'application/pdf',
      size: FILES.pdf.length,
      sent_at: null,
    });
    expect(hotel.url).toMatch(new RegExp(`^/api/vouchers/file/${hotel.id}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    // The declared type and extension are not trusted: a PNG sent as .jpg is stored as the PNG it is.
    const image = await ok<Voucher>(
      await upload(
        tokens.colab,
        { budget_id: String(f.id), service_id: String(f.services[1]) },
        { filename: 'ingresso.jpg', contentType: 'image/jpeg', data: FILES.png },
      ),
    );
    expect(image).toMatchObject({ service_id: f.services[1], filename: 'ingresso.png', content_type: 'image/png' });
    const trip = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile('seguro viagem.pdf')));
    expect(trip).toMatchObject({ service_id: null, service_title: null, filename: 'seguro viagem.pdf' });

    const rows = await t.deps.db.voucher.findMany({ where: { budgetId: f.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => [r.serviceId, r.contentType])).toEqual([
      [f.services[0], 'application/pdf'],
      [f.services[1], 'image/png'],
      [null, 'application/pdf'],
    ]);
    for (const r of rows) expect(r.fileKey).toMatch(new RegExp(`^vouchers/${companies.demo}/[0-9a-f-]{36}\\.(pdf|png)$`));
    expect(await storedFiles(companies.demo)).toEqual([...before, ...rows.map((r) => r.fileKey.split('/').at(-1))].sort());
    const file = await get(image.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(FILES.png)).toBe(true);
  });

  it('refuses a wrong type and a file over the limit in the error format, storing nothing', async () => {
    const f = await soldBudget();
    const files = await storedFiles(companies.demo);
    const fields = { budget_id: String(f.id), service_id: String(f.services[0]) };
    const text = await upload(tokens.colab, fields, pdfFile('leia-me.pdf', Buffer.from('Isto é um texto, não um PDF.\n')));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ status: 400, code: 'VALIDATION', errors: { file: [VOUCHER_UPLOAD.typeMessage] } });
    const gif = await upload(tokens.colab, fields, { filename: 'voucher.gif', contentType: 'image/gif', data: FILES.gif });
    expect(gif.statusCode).toBe(400);
    const large = await upload(tokens.colab, fields, pdfFile('grande.pdf', bigPdf(VOUCHER_UPLOAD.maxBytes + 1)));
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({
      status: 413,
      message: VOUCHER_UPLOAD.sizeMessage,
      errors: { file: [VOUCHER_UPLOAD.sizeMessage] },
    });
    expect(VOUCHER_UPLOAD.sizeMessage).toBe('O voucher deve ter no máximo 10 MB');
    const noFile = await t.call('POST', '/api/vouchers/upload', { token: tokens.colab, ...asInject(multipart(fields)) });
    expect(noFile.statusCode).toBe(400);
    expect(await rowsOf(f.id)).toBe(0);
    expect(await storedFiles(companies.demo)).toEqual(files);
    // Exactly the limit is taken.
    await ok(await upload(tokens.colab, fields, pdfFile('limite.pdf', bigPdf(VOUCHER_UPLOAD.maxBytes))));
  });

  it('refuses a budget not sold (409), a service of another proposal, and another agency, storing nothing', async () => {
    const files = await storedFiles(companies.demo);
    const open = await budgetFixture(tokens.colab);
    const notSold = await upload(tokens.colab, { budget_id: String(open.id) }, pdfFile());
    expect(notSold.statusCode).toBe(409);
    expect(notSold.json()).toMatchObject({ status: 409, code: 'CONFLICT', message: VOUCHER_MESSAGES.notSold });
    // Sold once and undone: the sale row stays but is no longer current.
    await markSold(open);
    await ok(await t.call('PUT', `/api/budgets/undo-sell/${open.id}`, { token: tokens.colab, body: {} }));
    expect(await t.deps.db.sale.count({ where: { budgetId: open.id } })).toBe(1);
    expect((await upload(tokens.colab, { budget_id: String(open.id) }, pdfFile())).statusCode).toBe(409);

    const f = await soldBudget();
    const otherProposal = await upload(tokens.colab, { budget_id: String(f.id), service_id: String(f.otherProposalService) }, pdfFile());
    expect(otherProposal.statusCode).toBe(404);
    expect(otherProposal.json()).toMatchObject({ message: VOUCHER_MESSAGES.serviceNotFound });
    const otherBudget = await upload(tokens.colab, { budget_id: String(f.id), service_id: String(open.services[0]) }, pdfFile());
    expect(otherBudget.statusCode).toBe(404);

    // Another agency's budget answers exactly like a budget that does not exist.
    const foreign = await upload(tokens.outra, { budget_id: String(f.id) }, pdfFile());
    const missing = await upload(tokens.outra, { budget_id: '2147483646' }, pdfFile());
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual(errorOf(missing));
    const outraBudget = await soldBudget(tokens.outra);
    const foreignService = await upload(tokens.outra, { budget_id: String(outraBudget.id), service_id: String(f.services[0]) }, pdfFile());
    expect(foreignService.statusCode).toBe(404);

    expect(await rowsOf(open.id)).toBe(0);
    expect(await rowsOf(f.id)).toBe(0);
    expect(await storedFiles(companies.demo)).toEqual(files);
    expect(await storedFiles(companies.outra)).toEqual([]);
  });
});

describe('GET and DELETE /api/vouchers/{id}, and the signed file link', () => {
  it('shows the voucher with a fresh link that serves the file inline, privately, not indexed', async () => {
    const f = await soldBudget();
    const v = await ok<Voucher>(
      await upload(tokens.colab, { budget_id: String(f.id), service_id: String(f.services[0]) }, pdfFile('Voucher São João.pdf')),
    );
    const shown = await ok<Voucher & { sent_at: string | null }>(await t.call('GET', `/api/vouchers/${v.id}`, { token: tokens.owner }));
    expect(shown).toMatchObject({ id: v.id, budget_id: f.id, service_title: 'Passeio de Maria Fumaça', filename: 'Voucher São João.pdf' });
    const expires = Number(new URL(shown.url, 'http://x').searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(14 * 60);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(15 * 60);

    const file = await get(shown.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(FILES.pdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="Voucher Sao Joao.pdf"; filename*=UTF-8''Voucher%20S%C3%A3o%20Jo%C3%A3o.pdf`,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('refuses a tampered or expired link with 403 in the error format', async () => {
    const f = await soldBudget();
    const a = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile('a.pdf')));
    const b = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile('b.pdf')));
    const u = new URL(a.url, 'http://x');
    const expires = u.searchParams.get('expires') as string;
    const signature = u.searchParams.get('signature') as string;
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    const expired = voucherFileUrl(t.deps.config, a, 15 * 60, new Date(Date.now() - 16 * 60_000));
    const forged = [
      `/api/vouchers/file/${a.id}?expires=${expires}&signature=${flipped}`,
      `/api/vouchers/file/${b.id}?expires=${expires}&signature=${signature}`,
      `/api/vouchers/file/${a.id}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/vouchers/file/${a.id}?expires=${expires}&signature=`,
      `/api/vouchers/file/${a.id}?expires=${expires}&signature=${signature.toUpperCase()}`,
      expired,
    ];
    for (const url of forged) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN', message: VOUCHER_MESSAGES.linkInvalid });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // A link signed for a voucher that does not exist: the signature holds, the file does not.
    expect((await get(voucherFileUrl(t.deps.config, { id: 2_147_483_646 }))).statusCode).toBe(404);
    expect((await get(`/api/vouchers/file/${a.id}`)).statusCode).toBe(400);
    expect((await get(a.url)).statusCode).toBe(200);
  });

  it('deletes the row and its file; the link stops opening', async () => {
    const f = await soldBudget();
    const v = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile()));
    const key = (await t.deps.db.voucher.findUniqueOrThrow({ where: { id: v.id } })).fileKey;
    expect(await storedFiles(companies.demo)).toContain(key.split('/').at(-1));
    expect(await ok(await t.call('DELETE', `/api/vouchers/${v.id}`, { token: tokens.colab }))).toEqual({ id: v.id, deleted: true });
    expect(await rowsOf(f.id)).toBe(0);
    expect(await storedFiles(companies.demo)).not.toContain(key.split('/').at(-1));
    expect((await get(v.url)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/vouchers/${v.id}`, { token: tokens.colab })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/vouchers/${v.id}`, { token: tokens.colab })).statusCode).toBe(404);
  });

  it("answers another agency's voucher exactly like a missing one, and changes nothing", async () => {
    const f = await soldBudget();
    const v = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile()));
    const missing = 2_147_483_646;
    for (const method of ['GET', 'DELETE']) {
      const foreign = await t.call(method, `/api/vouchers/${v.id}`, { token: tokens.outra });
      const none = await t.call(method, `/api/vouchers/${missing}`, { token: tokens.outra });
      expect(foreign.statusCode).toBe(404);
      expect(errorOf(foreign)).toEqual(errorOf(none));
      const trpc = await t.call(method === 'GET' ? 'GET' : 'POST', trpcUrl(method, v.id), trpcBody(method, v.id, tokens.outra));
      expect(trpc.statusCode).toBe(404);
    }
    expect(await rowsOf(f.id)).toBe(1);
    expect((await get(v.url)).statusCode).toBe(200);
  });
});

describe('POST /api/vouchers/send', () => {
  it('mails the client once with the files attached and the links listed, and shares them on WhatsApp', async () => {
    const f = await soldBudget();
    const ticket = await ok<Voucher>(
      await upload(
        tokens.colab,
        { budget_id: String(f.id), service_id: String(f.services[1]) },
        { filename: 'ingresso.png', contentType: 'image/png', data: FILES.png },
      ),
    );
    const trip = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile('seguro.pdf')));
    const client = await t.deps.db.budget.findUniqueOrThrow({ where: { id: f.id }, select: { client: { select: { email: true } } } });
    const to = client.client.email as string;

    const out = await ok<{ mailing_id: number; status: string; voucher_ids: number[]; recipients: string[]; whatsapp_url: string }>(
      await t.call('POST', '/api/vouchers/send', {
        token: tokens.colab,
        body: { budget_id: f.id, message: 'Boa viagem! Qualquer coisa, me chame.' },
      }),
    );
    expect(out).toMatchObject({ status: 'queued', voucher_ids: [ticket.id, trip.id], recipients: [to] });

    // WhatsApp: the client's phone with 55, and the vouchers' links (30 days) that open without a login.
    const wa = new URL(out.whatsapp_url);
    expect(`${wa.protocol}//${wa.host}${wa.pathname}`).toBe('https://wa.me/5511987654321');
    const text = wa.searchParams.get('text') as string;
    expect(text).toContain(f.title);
    expect(text).toContain(`Ingresso do Snowland (ingresso.png): ${t.deps.config.appUrl}/api/vouchers/file/${ticket.id}?`);
    expect(text).toContain(`${WHOLE_TRIP_LABEL} (seguro.pdf): ${t.deps.config.appUrl}/api/vouchers/file/${trip.id}?`);
    const shared = [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(shared).toHaveLength(2);
    for (const link of shared) {
      const expires = Number(new URL(link).searchParams.get('expires'));
      expect(expires - Date.now() / 1000).toBeGreaterThan(VOUCHER_SHARE_TTL_SECONDS - 60);
      expect((await get(appPath(link))).statusCode).toBe(200);
    }

    const mails = await t.mailsTo(to);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe(`${DEMO.companies.demo}: vouchers da sua viagem – ${f.title}`);
    expect(mail?.replyTo).toBe(DEMO.users.colaborador);
    expect(mail?.html).toContain('contato@demo.test');
    expect(mail?.text).toContain('Boa viagem! Qualquer coisa, me chame.');
    expect(mail?.text).toContain('Ingresso do Snowland');
    expect(mail?.text).toContain(WHOLE_TRIP_LABEL);
    expect(mail?.text).toContain('Gramado, 10 de julho de 2027 a 17 de julho de 2027');
    for (const id of [ticket.id, trip.id]) expect(mail?.text).toContain(`${t.deps.config.appUrl}/api/vouchers/file/${id}?expires=`);
    expect(mail?.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['ingresso.png', 'image/png'],
      ['seguro.pdf', 'application/pdf'],
    ]);
    expect(mail?.attachments[0]?.content.equals(FILES.png)).toBe(true);
    expect(mail?.attachments[1]?.content.equals(FILES.pdf)).toBe(true);
    // The links in the mail open the files too.
    const mailed = [...(mail?.text ?? '').matchAll(/http:\/\/localhost:3000\/api\/vouchers\/file\/\S+?(?=[\s\]])/g)].map((m) => m[0]);
    expect(mailed.length).toBeGreaterThanOrEqual(2);
    for (const link of mailed) expect((await get(appPath(link))).statusCode).toBe(200);

    const rows = await t.deps.db.voucher.findMany({ where: { budgetId: f.id } });
    for (const r of rows) expect(r.sentAt).not.toBeNull();
    expect(
      (await ok<Voucher & { sent_at: string | null }>(await t.call('GET', `/api/vouchers/${trip.id}`, { token: tokens.colab }))).sent_at,
    ).not.toBeNull();
    const mailing = await t.deps.db.saleMailing.findUniqueOrThrow({ where: { id: out.mailing_id } });
    expect(mailing).toMatchObject({ kind: 'vouchers', voucherIds: [ticket.id, trip.id], recipients: [to] });
    expect(mailing.sentAt).not.toBeNull();
    // The queue only ever carries the mailing's id.
    expect(await t.platform.jobs.stored(voucherMailingJob.name)).toContainEqual({ mailing_id: out.mailing_id });

    // The job run again (a retry, a duplicate delivery) sends nothing more.
    await voucherMailingJob.handle({ mailing_id: out.mailing_id }, t.jobDeps(), jobRun());
    await voucherMailingJob.handle({ mailing_id: out.mailing_id }, t.jobDeps(), jobRun());
    expect(await t.mailsTo(to)).toHaveLength(1);
  });

  it('releases the claim when sending fails, so the retry sends it once', async () => {
    const f = await soldBudget();
    const v = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile()));
    const to = `falha-${randomUUID()}@exemplo.test`;
    // The row the send route writes, made here so the queue does not run it first.
    const mailing = await t.deps.db.saleMailing.create({
      data: { companyId: companies.demo, budgetId: f.id, kind: 'vouchers', voucherIds: [v.id], recipients: [to] },
    });
    // A real SMTP client against a port nothing listens on.
    const down = { ...t.jobDeps(), mailer: smtpMailer('smtp://127.0.0.1:9?ignoreTLS=true', 'x@demo.test') };
    await expect(voucherMailingJob.handle({ mailing_id: mailing.id }, down, jobRun())).rejects.toThrow();
    expect((await t.deps.db.saleMailing.findUniqueOrThrow({ where: { id: mailing.id } })).sentAt).toBeNull();
    expect((await t.deps.db.voucher.findUniqueOrThrow({ where: { id: v.id } })).sentAt).toBeNull();
    expect(await t.mailsTo(to)).toHaveLength(0);

    await voucherMailingJob.handle({ mailing_id: mailing.id }, t.jobDeps(), jobRun());
    await voucherMailingJob.handle({ mailing_id: mailing.id }, t.jobDeps(), jobRun());
    expect(await t.mailsTo(to)).toHaveLength(1);
    expect((await t.deps.db.voucher.findUniqueOrThrow({ where: { id: v.id } })).sentAt).not.toBeNull();
  });

  it('attaches files up to the size cap and links the others; sends only the chosen vouchers to the given addresses', async () => {
    const f = await soldBudget();
    const big = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile('grande.pdf', bigPdf(9 * 1024 * 1024))));
    const second = await ok<Voucher>(
      await upload(
        tokens.colab,
        { budget_id: String(f.id) },
        pdfFile('segundo.pdf', bigPdf(VOUCHER_MAIL_ATTACHMENTS_MAX_BYTES - 8 * 1024 * 1024)),
      ),
    );
    const small = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile('pequeno.pdf')));
    const left = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(f.id) }, pdfFile('fora.pdf')));
    const to = [`um-${randomUUID()}@exemplo.test`, `dois-${randomUUID()}@exemplo.test`];
    const out = await ok<{ voucher_ids: number[]; recipients: string[] }>(
      await t.call('POST', '/api/vouchers/send', {
        token: tokens.colab,
        body: { budget_id: f.id, voucher_ids: [big.id, second.id, small.id], to },
      }),
    );
    expect(out).toMatchObject({ voucher_ids: [big.id, second.id, small.id], recipients: to });
    for (const address of to) {
      const mails = await t.mailsTo(address);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.attachments.map((a) => a.filename)).toEqual(['grande.pdf', 'pequeno.pdf']);
      expect(mail?.text).toMatch(/segundo\.pdf.*só pelo link/s);
      expect(mail?.text).toContain(`/api/vouchers/file/${second.id}?expires=`);
      expect(mail?.text).not.toContain('fora.pdf');
    }
    expect((await t.deps.db.voucher.findUniqueOrThrow({ where: { id: left.id } })).sentAt).toBeNull();
  });

  it('refuses a budget not sold, no vouchers, no recipient, and vouchers of another budget or agency (404 like missing)', async () => {
    const send = (body: Record<string, unknown>, token = tokens.colab) => t.call('POST', '/api/vouchers/send', { token, body });
    const open = await budgetFixture(tokens.colab);
    const notSold = await send({ budget_id: open.id });
    expect(notSold.statusCode).toBe(409);
    expect(notSold.json()).toMatchObject({ message: VOUCHER_MESSAGES.notSold });
    expect(VOUCHER_MESSAGES.notSold).not.toBe(SALE_MESSAGES.notSold);

    const empty = await soldBudget();
    const none = await send({ budget_id: empty.id });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: VOUCHER_MESSAGES.noVouchers });

    const noEmail = await soldBudget(tokens.colab, { email: null, phone: null });
    const v = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(noEmail.id) }, pdfFile()));
    const noRecipient = await send({ budget_id: noEmail.id });
    expect(noRecipient.statusCode).toBe(400);
    expect(noRecipient.json()).toMatchObject({
      status: 400,
      message: VOUCHER_MESSAGES.noRecipient,
      errors: { to: [VOUCHER_MESSAGES.noRecipient] },
    });
    // With an address it goes; without a phone WhatsApp opens without a chat, for the agent to pick.
    const given = await ok<{ whatsapp_url: string }>(await send({ budget_id: noEmail.id, to: [`dado-${randomUUID()}@exemplo.test`] }));
    expect(given.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\?text=/);

    // Another budget's voucher, another agency's voucher and a missing one: the same 404.
    const other = await soldBudget();
    const otherVoucher = await ok<Voucher>(await upload(tokens.colab, { budget_id: String(other.id) }, pdfFile()));
    const wrongBudget = await send({ budget_id: noEmail.id, voucher_ids: [otherVoucher.id] });
    expect(wrongBudget.statusCode).toBe(404);
    expect(wrongBudget.json()).toMatchObject({ message: VOUCHER_MESSAGES.voucherNotFound });
    const outra = await soldBudget(tokens.outra);
    await ok(await upload(tokens.outra, { budget_id: String(outra.id) }, pdfFile()));
    const foreign = await send({ budget_id: outra.id, voucher_ids: [v.id] }, tokens.outra);
    const missing = await send({ budget_id: outra.id, voucher_ids: [2_147_483_646] }, tokens.outra);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual(errorOf(missing));
    const foreignBudget = await send({ budget_id: noEmail.id }, tokens.outra);
    const missingBudget = await send({ budget_id: 2_147_483_646 }, tokens.outra);
    expect(foreignBudget.statusCode).toBe(404);
    expect(errorOf(foreignBudget)).toEqual(errorOf(missingBudget));

    const refusedBudgets = [open.id, empty.id, other.id, outra.id];
    expect(await t.deps.db.saleMailing.count({ where: { budgetId: { in: refusedBudgets } } })).toBe(0);
    expect(await t.deps.db.saleMailing.count({ where: { budgetId: noEmail.id } })).toBe(1);
  });
});

function asInject(body: { body: Buffer; headers: Record<string, string> }) {
  return { body: body.body, headers: body.headers };
}
function trpcUrl(method: string, id: number) {
  return method === 'GET' ? `/trpc/vouchers.get?input=${encodeURIComponent(JSON.stringify({ id }))}` : '/trpc/vouchers.delete';
}
function trpcBody(method: string, id: number, token: string) {
  return method === 'GET' ? { token } : { token, body: { id } };
}
