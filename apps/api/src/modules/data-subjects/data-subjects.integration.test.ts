// The LGPD requests of a data subject through HTTP against the real database: the export lists every
// place the person appears, anonymising leaves no trace of them in any text column of the database
// (the sale's amounts intact, the files gone), a sold trip not yet ended refuses it, another agency's
// namesake is untouched, and only the owner and administradores may ask.
import { randomUUID } from 'node:crypto';
import { anonymisedName, DATA_SUBJECT_MESSAGES, type PersonalDataExport } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/contract-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { ok, sellableBudget, tourBody } from '../../../test/sale-fixtures';
import { whereFound } from '../../../test/text-scan';

const t = useTestApp();
const tokens = { owner: '', admin: '', colab: '', outra: '' };
const NAME = 'Beatriz Quintela Albuquerque';
const CPF = '11144477735';
const EMAIL = `beatriz.${randomUUID().slice(0, 8)}@cliente.test`;
const PASSPORT = 'FZ9081726';
const person = { clientId: 0, budgetId: 0, saleCents: 0, fileKey: '', outraClientId: 0, companyId: 0 };

const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const owner = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } });
  person.companyId = owner.companyId;

  const client = await ok<{ id: number }>(
    await call('POST', '/api/clients', tokens.colab, {
      kind: 'person',
      name: NAME,
      cpf: CPF,
      email: EMAIL,
      phone: '(11) 98765-4321',
      birth_date: '1988-04-12',
      notes: `Prefere janela. Falar com ${NAME} depois das 18h.`,
      contacts: [{ name: 'Carlos Albuquerque', email: 'carlos.albuquerque@cliente.test', relationship: 'Cônjuge' }],
      addresses: [
        { postal_code: '01310100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' },
      ],
      documents: [{ type: 'passport', number: PASSPORT, country: 'BR', expires_at: '2031-01-01' }],
      marketing_consent: true,
    }),
  );
  person.clientId = client.id;
  // The agent reads her passport number in full.
  const passport = await t.deps.db.clientDocument.findFirstOrThrow({ where: { clientId: client.id } });
  await ok(await call('POST', `/api/clients/${client.id}/documents/${passport.id}/reveal`, tokens.colab, {}));
  const upload = multipart({}, [{ filename: 'passaporte.pdf', contentType: 'application/pdf', data: FILES.pdf }]);
  const uploaded = await t.call('POST', `/api/clients/${client.id}/attachments`, {
    token: tokens.colab,
    body: upload.body,
    headers: upload.headers,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  person.fileKey = (await t.deps.db.clientAttachment.findFirstOrThrow({ where: { clientId: client.id } })).fileKey;

  // A trip already made: attendance, budget with her as a passenger (and typed again by hand), sold, a task.
  const attendance = await ok<{ id: number }>(
    await call('POST', '/api/attendances', tokens.colab, { client_id: client.id, title: `Lua de mel de ${NAME}`, destination: 'Lisboa' }),
  );
  const budget = await ok<{ id: number; proposals: { id: number }[] }>(
    await call('POST', '/api/budgets/', tokens.colab, {
      attendance_id: attendance.id,
      title: 'Lisboa e Porto',
      start_date: '2025-05-02',
      end_date: '2025-05-12',
      paxes: [
        { client_id: client.id, age_group: 'adult' },
        { name: NAME, age_group: 'adult', cpf: CPF, email: EMAIL },
      ],
    }),
  );
  person.budgetId = budget.id;
  const proposalId = budget.proposals[0]?.id ?? 0;
  await ok(await call('POST', '/api/services', tokens.colab, tourBody(proposalId, null)));
  await ok(await call('PATCH', `/api/budgets/${budget.id}`, tokens.colab, { status: 'sent' }));
  await ok(await call('POST', `/api/budgets/send-email/${budget.id}`, tokens.colab, { to: [EMAIL], message: `Olá, ${NAME}!` }));
  expect(await t.mailsTo(EMAIL)).toHaveLength(1);
  // Her acceptance on the landing page, as it stores it.
  await t.deps.db.budget.update({
    where: { id: budget.id },
    data: { acceptedByName: NAME, acceptedByEmail: EMAIL, acceptedAt: new Date() },
  });
  await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, tokens.colab, { proposal_id: proposalId }));
  person.saleCents = (await t.deps.db.sale.findFirstOrThrow({ where: { budgetId: budget.id, undoneAt: null } })).saleCents;
  await ok(await call('POST', '/api/tasks', tokens.colab, { title: `Pedir avaliação a ${NAME}`, description: `E-mail: ${EMAIL}` }));
  // The agent opened her record (the screen's beacon stores this).
  const colab = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } });
  await t.deps.db.accessLog.create({
    data: {
      companyId: person.companyId,
      userId: colab.id,
      controller: 'clientes-pessoa-interna',
      resourceId: client.id,
      activeTime: 30,
      ipAddress: '203.0.113.7',
    },
  });

  // The dollar the sale fixture's ticket is priced in.
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', root),
  );
  await ok(await call('PUT', `/api/currency_quotes_params/${quotes.items.find((q) => q.currency === 'USD')?.id}`, root, { rate: 5 }));

  // A namesake in another agency: never touched.
  person.outraClientId = (await ok<{ id: number }>(await call('POST', '/api/clients', tokens.outra, { kind: 'person', name: NAME }))).id;
});

describe('exporting a data subject', () => {
  it('lists every place the person appears, and records who asked', async () => {
    const data = await ok<PersonalDataExport>(await call('POST', `/api/data-subjects/${person.clientId}/export`, tokens.admin));
    expect(data.client).toMatchObject({ name: NAME, cpf: CPF, email: EMAIL, birth_date: '1988-04-12' });
    expect(data.contacts).toMatchObject([{ name: 'Carlos Albuquerque', relationship: 'Cônjuge' }]);
    expect(data.addresses).toMatchObject([{ street: 'Avenida Paulista', postal_code: '01310100' }]);
    expect(data.documents).toEqual([{ type: 'passport', number: PASSPORT, country: 'BR', issued_at: null, expires_at: '2031-01-01' }]);
    expect(data.attachments).toMatchObject([{ filename: 'passaporte.pdf', content_type: 'application/pdf' }]);
    expect(data.attendances).toMatchObject([{ title: `Lua de mel de ${NAME}`, destination: 'Lisboa' }]);
    // Linked to the client (its fields copied) and typed by hand with her CPF.
    expect(data.budget_passengers.map((p) => [p.budget_id, p.name, p.cpf])).toEqual([
      [person.budgetId, NAME, CPF],
      [person.budgetId, NAME, CPF],
    ]);
    expect(data.acceptances).toMatchObject([{ budget_id: person.budgetId, name: NAME, email: EMAIL }]);
    expect(data.emails).toMatchObject([{ kind: 'orçamento', budget_id: person.budgetId, recipients: [EMAIL] }]);
    expect(data.accesses).toMatchObject([{ user: expect.any(String), ip_address: '203.0.113.7' }]);
    expect(data.personal_data_reads).toMatchObject([
      { user: expect.any(String), action: 'Documento completo exibido', detail: `Passaporte de ${NAME}`, at: expect.any(String) },
    ]);
    expect(data.client).toMatchObject({ marketing_consent_source: 'cadastro pela agência', marketing_consent_withdrawn_at: null });
    expect(data.client.marketing_consent_at).toEqual(expect.any(String));
    const again = await ok<PersonalDataExport>(await call('POST', `/api/data-subjects/${person.clientId}/export`, tokens.owner));
    expect(again.requests.map((r) => r.kind)).toEqual(['export']);
  });

  it('as a PDF the person reads: every section named, the documents and trips in it', async () => {
    const res = await t.call('POST', `/api/data-subjects/${person.clientId}/export/pdf`, { token: tokens.owner, body: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(res.rawPayload);
    for (const expected of [
      'Dados pessoais do titular (LGPD, art. 18)',
      `Nome: ${NAME}`,
      `CPF: ${CPF}`,
      `Número: ${PASSPORT}`,
      'Validade: 01/01/2031',
      'Passageiro em orçamentos',
      'Orçamento: Lisboa e Porto',
      'Quem da agência abriu o cadastro',
      'Endereço IP: 203.0.113.7',
      'Quem da agência leu os documentos ou exportou os dados',
      'O quê: Documento completo exibido',
      'Origem do aceite: cadastro pela agência',
    ])
      expect(text).toContain(expected);
    expect((await t.call('POST', `/api/data-subjects/${person.clientId}/export/pdf`, { token: tokens.colab, body: {} })).statusCode).toBe(
      403,
    );
    expect((await t.call('POST', `/api/data-subjects/${person.clientId}/export/pdf`, { token: tokens.outra, body: {} })).statusCode).toBe(
      404,
    );
  });

  it('is for the owner and the administradores only; another agency’s client is not found', async () => {
    expect((await call('POST', `/api/data-subjects/${person.clientId}/export`, tokens.colab)).statusCode).toBe(403);
    expect((await call('POST', `/api/data-subjects/${person.clientId}/anonymize`, tokens.colab)).statusCode).toBe(403);
    expect((await call('POST', `/api/data-subjects/${person.clientId}/export`, tokens.outra)).statusCode).toBe(404);
    expect((await call('POST', `/api/data-subjects/${person.clientId}/anonymize`, tokens.outra)).statusCode).toBe(404);
  });
});

describe('anonymising a data subject', () => {
  it('refuses while a sold trip has not ended, saying until when, and changes nothing', async () => {
    const trip = await sellableBudget(t, tokens.owner, { supplierId: null });
    await ok(await call('PUT', `/api/budgets/sell/${trip.id}`, tokens.owner, { proposal_id: trip.proposalId }));
    const clientId = (await t.deps.db.budget.findUniqueOrThrow({ where: { id: trip.id } })).clientId;
    const before = await t.deps.db.client.findUniqueOrThrow({ where: { id: clientId } });
    const res = await call('POST', `/api/data-subjects/${clientId}/anonymize`, tokens.owner);
    expect([res.statusCode, res.json().message]).toEqual([409, DATA_SUBJECT_MESSAGES.tripInProgress('10/07/2027')]);
    expect(await t.deps.db.client.findUniqueOrThrow({ where: { id: clientId } })).toEqual(before);
  });

  it('leaves no trace of the person in any text of the database; the sale keeps its amounts; the files leave', async () => {
    expect(await whereFound(t.deps.db, [NAME, CPF, EMAIL, PASSPORT])).not.toEqual([]);
    const out = await ok<{ id: number; name: string }>(await call('POST', `/api/data-subjects/${person.clientId}/anonymize`, tokens.owner));
    expect(out).toMatchObject({ id: person.clientId, name: anonymisedName(person.clientId) });

    expect(await whereFound(t.deps.db, [CPF, '111.444.777-35', EMAIL, PASSPORT, '98765-4321', 'Carlos Albuquerque'])).toEqual([]);
    // The name only in the other agency's namesake.
    expect(await whereFound(t.deps.db, [NAME])).toEqual(['clients.name', 'clients.search_text']);
    const holders = await t.deps.db.client.findMany({
      where: { OR: [{ name: NAME }, { searchText: { contains: 'beatriz quintela', mode: 'insensitive' } }] },
      select: { id: true },
    });
    expect(holders).toEqual([{ id: person.outraClientId }]);

    const sale = await t.deps.db.sale.findFirstOrThrow({ where: { budgetId: person.budgetId, undoneAt: null } });
    expect(sale.saleCents).toBe(person.saleCents);
    const tree = await ok<{ paxes: { name: string }[]; status: string }>(
      await call('GET', `/api/budgets/${person.budgetId}`, tokens.owner),
    );
    expect([tree.status, tree.paxes.map((p) => p.name)]).toEqual([
      'sold',
      [anonymisedName(person.clientId), anonymisedName(person.clientId)],
    ]);
    await expect.poll(() => t.platform.storage.exists(person.fileKey), { timeout: 10_000 }).toBe(false);

    const again = await call('POST', `/api/data-subjects/${person.clientId}/anonymize`, tokens.owner);
    expect([again.statusCode, again.json().message]).toEqual([409, DATA_SUBJECT_MESSAGES.alreadyAnonymised]);
    const data = await ok<PersonalDataExport>(await call('POST', `/api/data-subjects/${person.clientId}/export`, tokens.owner));
    expect(data.requests.map((r) => r.kind)).toEqual(['export', 'export', 'export', 'anonymise']);
  });
});
