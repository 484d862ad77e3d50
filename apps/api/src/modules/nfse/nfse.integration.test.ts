// NFS-e through HTTP against a fake Sefin Nacional (real HTTPS with mTLS, test CA and A1 made here):
// the owner's fiscal settings with the certificate sealed and never returned, "Emitir NFS-e" from a
// sale authorized, rejected with codes then corrected, a lost answer retried without a second note,
// the DANFSe, roles, plan and tenancy.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  NFSE_MESSAGES,
  NFSE_NO_ANSWER_CODE,
  type NfseListItem,
  type NfseNote,
  type NfsePreview,
  type NfseSettings,
  type Receivable,
  type Sale,
} from '@app/shared';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeNational, startFakeNational } from '../../../test/fake-nfse-national';
import { DEMO, useTestApp } from '../../../test/harness';
import { makeA1Pfx, makeTestCa } from '../../../test/nfse-certificates';
import { nfseSettingsBody, settledNfseNote, soldNfseSale, startFakeViaCep, withTakerAddress } from '../../../test/nfse-fixtures';
import { ok } from '../../../test/sale-fixtures';
import { JOB_MAX_ATTEMPTS } from '../../platform/jobs';
import { cancelNfseJob, issueNfseJob } from './nfse.jobs';
import { readPfx } from './nfse-certificate';
import { NfseUnavailable, nationalProvider } from './nfse-national';

const CNPJ = '12345678000195';
const PASSWORD = 'senha-do-a1';
const ca = makeTestCa();
const a1 = makeA1Pfx(ca, CNPJ, PASSWORD);
const env: Record<string, string> = {};
let fake: FakeNational;
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>;
beforeAll(async () => {
  fake = await startFakeNational(ca);
  viaCep = await startFakeViaCep();
  env.POSTAL_CODE_API_URL = viaCep.url;
  const caFile = join(tmpdir(), `nfse-ca-${randomUUID()}.pem`);
  writeFileSync(caFile, ca.certPem);
  Object.assign(env, {
    NFSE_NATIONAL_URL: fake.url,
    NFSE_NATIONAL_PRODUCTION_URL: `${fake.url}/producao-nao-usada`,
    NFSE_CA_FILE: caFile,
    NFSE_TIMEOUT_MS: '1500',
  });
});
const t = useTestApp(env);
afterAll(async () => {
  await fake?.close();
  viaCep?.close();
});

const tokens = { owner: '', admin: '', colab: '', outra: '' };
const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });
const settingsBody = nfseSettingsBody(CNPJ);

const soldSale = (token = tokens.colab) => soldNfseSale(t, token);
const settledNote = (saleId: number) => settledNfseNote(t, tokens.owner, saleId);

/** A sale of the demo agency with its note authorized. */
async function issuedSale() {
  const sale = await soldSale();
  await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
  const note = await settledNote(sale.id);
  expect(note.status).toBe('authorized');
  return { sale, note };
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
});

describe('fiscal settings', () => {
  it('are the owner’s: colaborador and administrador are refused', async () => {
    expect((await call('GET', '/api/nfse/settings', tokens.colab)).statusCode).toBe(403);
    expect((await call('PUT', '/api/nfse/settings', tokens.admin, settingsBody)).statusCode).toBe(403);
    expect(await ok<NfseSettings>(await call('GET', '/api/nfse/settings', tokens.owner))).toMatchObject({
      configured: false,
      service_code: '090201',
      environment: 'homologacao',
      certificate: null,
    });
  });

  it('refuse a certificate that does not open and change nothing', async () => {
    const res = await call('PUT', '/api/nfse/settings', tokens.owner, {
      ...settingsBody,
      certificate_pfx_base64: a1.pfx.toString('base64'),
      certificate_password: 'errada',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ certificate_pfx_base64: [NFSE_MESSAGES.certificateInvalid] });
    expect(await t.deps.db.nfseSettings.count()).toBe(0);
  });

  it('keep the certificate and its password sealed, and answer only who it belongs to', async () => {
    const pfx = a1.pfx.toString('base64');
    const res = await call('PUT', '/api/nfse/settings', tokens.owner, {
      ...settingsBody,
      certificate_pfx_base64: pfx,
      certificate_password: PASSWORD,
    });
    const saved = await ok<NfseSettings>(res);
    expect(saved).toMatchObject({ configured: true, cnpj: CNPJ, tax_regime: 'simples_nacional', iss_rate_basis_points: 500 });
    // The certificate's validity has whole seconds.
    const until = new Date(Math.floor(a1.leaf.cert.validity.notAfter.getTime() / 1000) * 1000).toISOString();
    expect(saved.certificate).toEqual({ subject: `AGENCIA DEMO LTDA:${CNPJ}`, valid_until: until });
    expect(res.body).not.toContain(pfx.slice(0, 40));
    expect(res.body).not.toContain(PASSWORD);
    const row = await t.deps.db.nfseSettings.findFirstOrThrow();
    expect(row.certificateSealed).not.toContain(pfx.slice(0, 40));
    expect(row.passwordSealed).not.toContain(PASSWORD);
    // Saved again without a certificate: the stored one stays.
    expect((await ok<NfseSettings>(await call('PUT', '/api/nfse/settings', tokens.owner, settingsBody))).certificate).not.toBeNull();
  });
});

describe('POST /api/sales/{id}/nfse', () => {
  it('issues the note through the national API: signed DPS over mTLS, number, access key and DANFSe; never twice', async () => {
    const sale = await soldSale();
    const asked = await ok<{ note: NfseNote; message: string }>(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    expect(asked.message).toBe(NFSE_MESSAGES.requested);
    // Intermediação: the agency's earnings on the sale (sale − cost), in BRL.
    const row = await t.deps.db.sale.findUniqueOrThrow({ where: { id: sale.id }, select: { saleCents: true, costCents: true } });
    const amount = row.saleCents - row.costCents;
    expect(amount).toBeGreaterThan(0);
    expect(asked.note).toMatchObject({
      status: 'pending',
      environment: 'homologacao',
      amount_cents: amount,
      iss_cents: Math.round(amount * 0.05),
    });

    const note = await settledNote(sale.id);
    const issued = fake.notes.find((n) => n.dpsId.endsWith(String(note.dps_number).padStart(15, '0')));
    expect(issued).toBeDefined();
    expect(note).toMatchObject({ status: 'authorized', number: issued?.number, access_key: issued?.accessKey, errors: [] });
    expect(issued?.clientSubject).toBe(`AGENCIA DEMO LTDA:${CNPJ}`);
    const dps = issued?.dps.documentElement?.toString() ?? '';
    expect(dps).toContain('<tpAmb>2</tpAmb>');
    expect(dps).toContain(`<vServ>${(amount / 100).toFixed(2)}</vServ>`);
    expect(dps).toContain('<cTribNac>090201</cTribNac>');

    const pdf = await t.call('GET', `/api/nfse/${note.id}/danfse`, { token: tokens.colab });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const again = await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NFSE_MESSAGES.alreadyIssued);
    expect(fake.notes.filter((n) => n.dpsId === issued?.dpsId)).toHaveLength(1);
  });

  it('shows a rejection in pt-BR, and a new request sends the same DPS number', async () => {
    const sale = await soldSale();
    fake.rejectNext([{ Codigo: 'E0310', Descricao: 'O código de tributação nacional informado não existe.' }]);
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.admin));
    const rejected = await settledNote(sale.id);
    expect(rejected).toMatchObject({
      status: 'rejected',
      number: null,
      errors: [
        { code: 'E0310', message: 'O código de tributação nacional do serviço não existe na lista nacional: corrija-o nos dados fiscais.' },
      ],
    });

    const retried = await ok<{ note: NfseNote }>(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    expect(retried.note).toMatchObject({ status: 'pending', dps_number: rejected.dps_number, errors: [] });
    expect(await settledNote(sale.id)).toMatchObject({ status: 'authorized', dps_number: rejected.dps_number });
  });

  it('retries an answer lost to a timeout by asking for the DPS: one note, one POST', async () => {
    const sale = await soldSale();
    const postsBefore = fake.posts.length;
    fake.delayNext(4_000);
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const note = await settledNote(sale.id);
    expect(note.status).toBe('authorized');
    const mine = fake.notes.filter((n) => n.dpsId.endsWith(String(note.dps_number).padStart(15, '0')));
    expect(mine).toHaveLength(1);
    expect(note.access_key).toBe(mine[0]?.accessKey);
    expect(fake.posts.length - postsBefore).toBe(1);
  });

  it('an authority out of service past the last attempt leaves the note pending with why; trying again sends the same DPS once', async () => {
    const sale = await soldSale();
    fake.unavailableNext(1_000);
    const requested = await ok<{ note: NfseNote }>(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const run = { key: 'test', attempt: JOB_MAX_ATTEMPTS };
    await expect(issueNfseJob.handle({ note_id: requested.note.id }, t.jobDeps(), run)).rejects.toThrow(NfseUnavailable);
    const stalled = (await ok<{ note: NfseNote }>(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).note;
    expect(stalled).toMatchObject({
      status: 'pending',
      number: null,
      errors: [{ code: NFSE_NO_ANSWER_CODE, message: NFSE_MESSAGES.noAnswer }],
    });

    // Not stalled, a pending note is refused; stalled, the owner's new request keeps its DPS.
    const again = await ok<{ note: NfseNote }>(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    expect(again.note).toMatchObject({ status: 'pending', dps_number: stalled.dps_number, errors: [] });
    expect((await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner)).statusCode).toBe(409);

    fake.unavailableNext(0);
    const issued = await settledNote(sale.id);
    expect(issued).toMatchObject({ status: 'authorized', dps_number: stalled.dps_number, errors: [] });
    expect(fake.notes.filter((n) => n.accessKey === issued.access_key)).toHaveLength(1);
  });

  it('gives the tomador the customer’s first address, its municipality read from the CEP; an incomplete one is left out', async () => {
    const sale = await soldSale();
    await withTakerAddress(t, sale, '111.444.777-35');
    const preview = await ok<NfsePreview>(await call('GET', `/api/sales/${sale.id}/nfse/preview`, tokens.owner));
    expect(preview.taker.address).toEqual({
      postal_code: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Conjunto 12',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const note = await settledNote(sale.id);
    const dps = fake.notes.find((n) => n.accessKey === note.access_key)?.dps.documentElement?.toString() ?? '';
    expect(dps).toContain(
      '<end><endNac><cMun>3550308</cMun><CEP>01310100</CEP></endNac><xLgr>Avenida Paulista</xLgr><nro>1000</nro><xCpl>Conjunto 12</xCpl><xBairro>Bela Vista</xBairro></end>',
    );

    // Without a number the address is incomplete: the tomador goes without it.
    const other = await soldSale();
    await withTakerAddress(t, other, '390.533.447-05', '');
    expect((await ok<NfsePreview>(await call('GET', `/api/sales/${other.id}/nfse/preview`, tokens.owner))).taker.address).toBeNull();
    await ok(await call('POST', `/api/sales/${other.id}/nfse`, tokens.owner));
    const plain = await settledNote(other.id);
    const plainDps = fake.notes.find((n) => n.accessKey === plain.access_key)?.dps.documentElement?.toString() ?? '';
    expect(plainDps).toContain('<toma><CPF>39053344705</CPF>');
    expect(plainDps).not.toContain('<end>');
  });

  it('previews what it would send, warning of a customer without CPF or CNPJ, and sends nothing', async () => {
    const sale = await soldSale();
    const postsBefore = fake.posts.length;
    const row = await t.deps.db.sale.findUniqueOrThrow({
      where: { id: sale.id },
      select: { saleCents: true, costCents: true, budget: { select: { title: true, clientId: true, client: { select: { name: true } } } } },
    });
    const amount = row.saleCents - row.costCents;
    const preview = await ok<NfsePreview>(await call('GET', `/api/sales/${sale.id}/nfse/preview`, tokens.admin));
    expect(preview).toEqual({
      amount_cents: amount,
      iss_cents: Math.round(amount * 0.05),
      iss_rate_basis_points: 500,
      description: `Agenciamento de turismo - Intermediação: ${row.budget.title}`,
      basis: 'intermediacao',
      environment: 'homologacao',
      service_code: '090201',
      taker: { name: row.budget.client.name, document: null, email: null, address: null },
      warnings: [NFSE_MESSAGES.takerWithoutDocument],
    });

    await t.deps.db.client.update({ where: { id: row.budget.clientId }, data: { cpf: '529.982.247-25', email: 'cliente@exemplo.test' } });
    const completed = await ok<NfsePreview>(await call('GET', `/api/sales/${sale.id}/nfse/preview`, tokens.owner));
    expect(completed.taker).toEqual({
      name: row.budget.client.name,
      document: '52998224725',
      email: 'cliente@exemplo.test',
      address: null,
    });
    expect(completed.warnings).toEqual([]);
    expect(await ok(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).toEqual({ note: null });
    expect(fake.posts.length).toBe(postsBefore);

    // What the note then carries is what was previewed, the tomador included.
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const note = await settledNote(sale.id);
    expect(note).toMatchObject({
      status: 'authorized',
      amount_cents: preview.amount_cents,
      iss_cents: preview.iss_cents,
      description: preview.description,
    });
    const dps = fake.notes.find((n) => n.accessKey === note.access_key)?.dps.documentElement?.toString() ?? '';
    expect(dps).toContain('<CPF>52998224725</CPF>');

    expect((await call('GET', `/api/sales/${sale.id}/nfse/preview`, tokens.colab)).statusCode).toBe(403);
    expect((await call('GET', `/api/sales/${sale.id}/nfse/preview`, tokens.outra)).statusCode).toBe(404);
    const outraSale = await soldSale(tokens.outra);
    const unconfigured = await call('GET', `/api/sales/${outraSale.id}/nfse/preview`, tokens.outra);
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json().message).toBe(NFSE_MESSAGES.notConfigured);
  });

  it('refuses to preview, issue or cancel with an expired certificate, and rejects a note whose job runs after it expired, sending nothing', async () => {
    const sale = await soldSale();
    const authorized = await t.deps.db.nfseNote.findFirstOrThrow({ where: { status: 'authorized' }, select: { id: true } });
    const settings = await t.deps.db.nfseSettings.findFirstOrThrow({ where: { cnpj: CNPJ, certificateSealed: { not: null } } });
    // Asked for while the certificate held, its job runs after it expired.
    const queued = await soldSale();
    await ok(await call('POST', `/api/sales/${queued.id}/nfse`, tokens.owner));
    const posts = fake.posts.length;
    const events = fake.eventPosts.length;
    await t.deps.db.nfseSettings.update({ where: { id: settings.id }, data: { certificateValidUntil: new Date(Date.now() - 60_000) } });
    try {
      expect(await settledNote(queued.id)).toMatchObject({
        status: 'rejected',
        errors: [{ code: 'CERTIFICADO_VENCIDO', message: NFSE_MESSAGES.certificateExpired }],
      });
      for (const [method, url, body] of [
        ['GET', `/api/sales/${sale.id}/nfse/preview`, undefined],
        ['POST', `/api/sales/${sale.id}/nfse`, undefined],
        ['POST', `/api/nfse/${authorized.id}/cancel`, { reason: '1', justification: 'Valor informado com erro na nota.' }],
      ] as const) {
        const res = await call(method, url, tokens.owner, body);
        expect(res.statusCode, url).toBe(409);
        expect(res.json().message).toBe(NFSE_MESSAGES.certificateExpired);
      }
      expect(await ok(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).toEqual({ note: null });
      expect((await t.deps.db.nfseNote.findUniqueOrThrow({ where: { id: authorized.id } })).status).toBe('authorized');
      expect([fake.posts.length, fake.eventPosts.length]).toEqual([posts, events]);
    } finally {
      await t.deps.db.nfseSettings.update({ where: { id: settings.id }, data: { certificateValidUntil: settings.certificateValidUntil } });
    }
  });

  it('is refused to a colaborador, for an unconfigured agency, and answers 404 for another agency’s sale', async () => {
    const sale = await soldSale();
    expect((await call('POST', `/api/sales/${sale.id}/nfse`, tokens.colab)).statusCode).toBe(403);
    expect((await call('POST', `/api/sales/${sale.id}/nfse`, tokens.outra)).statusCode).toBe(404);
    expect((await call('GET', `/api/sales/${sale.id}/nfse`, tokens.outra)).statusCode).toBe(404);
    expect(await ok(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.colab))).toEqual({ note: null });

    const outraSale = await soldSale(tokens.outra);
    const unconfigured = await call('POST', `/api/sales/${outraSale.id}/nfse`, tokens.outra);
    expect(unconfigured.statusCode).toBe(409);
    expect(unconfigured.json().message).toBe(NFSE_MESSAGES.notConfigured);

    const mine = await t.deps.db.nfseNote.findFirstOrThrow({ where: { status: 'authorized' } });
    expect((await call('GET', `/api/nfse/${mine.id}/danfse`, tokens.outra)).statusCode).toBe(404);
  });

  it('answers 402 while the plan lacks the nfse feature', async () => {
    const plan = await t.deps.db.subscription.findFirstOrThrow({
      where: { company: { name: DEMO.companies.demo } },
      select: { planId: true },
    });
    const features = (await t.deps.db.plan.findUniqueOrThrow({ where: { id: plan.planId } })).features as Record<string, boolean>;
    await t.deps.db.plan.update({ where: { id: plan.planId }, data: { features: { ...features, nfse: false } } });
    try {
      expect((await call('GET', '/api/nfse/settings', tokens.owner)).statusCode).toBe(402);
      expect((await call('GET', '/api/sales/1/nfse', tokens.owner)).statusCode).toBe(402);
    } finally {
      await t.deps.db.plan.update({ where: { id: plan.planId }, data: { features } });
    }
  });
});

describe('issuing on its own once the sale is received in full', () => {
  const installments = async (sale: Sale, token = tokens.owner) =>
    (await ok<{ receivables: Receivable[] }>(await call('GET', `/api/receivables?budget_id=${sale.budget_id}&per_page=100`, token)))
      .receivables;
  const receive = async (id: number, body: Record<string, unknown>, token = tokens.admin) =>
    ok<{ receivable: Receivable; message: string }>(await call('POST', `/api/receivables/${id}/receive`, token, body));

  it('requests the note with the receipt of the last open cent, not before, and only when the owner asked for it', async () => {
    const off = await soldSale();
    const [offInstallment] = await installments(off);
    if (!offInstallment) throw new Error('the sale has no installment');
    const plain = await receive(offInstallment.id, { method: 'pix' });
    expect(plain.message).toBe('Recebimento registrado.');
    expect(await ok(await call('GET', `/api/sales/${off.id}/nfse`, tokens.owner))).toEqual({ note: null });

    const saved = await ok<NfseSettings>(await call('PUT', '/api/nfse/settings', tokens.owner, { ...settingsBody, auto_issue: true }));
    expect(saved).toMatchObject({ auto_issue: true, certificate: { subject: `AGENCIA DEMO LTDA:${CNPJ}` } });
    try {
      const sale = await soldSale();
      const [installment] = await installments(sale);
      if (!installment) throw new Error('the sale has no installment');
      const part = await receive(installment.id, { method: 'pix', amount_cents: 100 });
      expect(part.message).toBe('Recebimento registrado.');
      expect(await ok(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).toEqual({ note: null });

      const rest = await receive(installment.id, { method: 'pix' });
      expect(rest.receivable.status).toBe('received');
      expect(rest.message).toBe(`Recebimento registrado. ${NFSE_MESSAGES.autoRequested}`);
      const note = await settledNote(sale.id);
      expect(note.status).toBe('authorized');
      expect(fake.notes.filter((n) => n.accessKey === note.access_key)).toHaveLength(1);
      // Issued already: a later "Emitir NFS-e" is refused, nothing sent twice.
      expect((await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner)).statusCode).toBe(409);
    } finally {
      await ok(await call('PUT', '/api/nfse/settings', tokens.owner, settingsBody));
    }
  });

  it('never stops the receipt when the note cannot be issued: an agency issuing on its own without its certificate receives as before', async () => {
    expect(
      await ok<NfseSettings>(await call('PUT', '/api/nfse/settings', tokens.outra, { ...settingsBody, auto_issue: true })),
    ).toMatchObject({
      auto_issue: true,
      certificate: null,
    });
    const sale = await soldSale(tokens.outra);
    const [installment] = await installments(sale, tokens.outra);
    if (!installment) throw new Error('the sale has no installment');
    const received = await receive(installment.id, { method: 'cash' }, tokens.outra);
    expect(received).toMatchObject({ receivable: { status: 'received' }, message: 'Recebimento registrado.' });
    expect(await ok(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.outra))).toEqual({ note: null });
  });
});

describe('POST /api/nfse/{id}/cancel', () => {
  const why = { reason: '2', justification: 'O cliente desistiu da viagem antes do embarque.' };

  it('sends the signed cancellation of the note; the sale is undone only once the note is canceled', async () => {
    const { sale, note } = await issuedSale();
    const undo = await call('PUT', `/api/budgets/undo-sell/${sale.budget_id}`, tokens.owner, {});
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(NFSE_MESSAGES.saleHasNote);

    const asked = await ok<{ note: NfseNote; message: string }>(await call('POST', `/api/nfse/${note.id}/cancel`, tokens.admin, why));
    expect(asked).toMatchObject({ message: NFSE_MESSAGES.cancelRequested, note: { status: 'canceling', cancel_reason: '2' } });
    const canceled = await settledNote(sale.id);
    expect(canceled).toMatchObject({ status: 'canceled', cancel_reason: '2', cancel_justification: why.justification, errors: [] });
    expect(canceled.canceled_at).not.toBeNull();
    expect(fake.events.filter((e) => e.accessKey === note.access_key)).toEqual([
      expect.objectContaining({ code: '101101', reason: '2', justification: why.justification }),
    ]);

    const twice = await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, why);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(NFSE_MESSAGES.notAuthorized);
    await ok(await call('PUT', `/api/budgets/undo-sell/${sale.budget_id}`, tokens.owner, {}));
  });

  it('a refusal puts the note back to authorized with the reasons; a lost answer is asked for, never sent twice', async () => {
    const { sale, note } = await issuedSale();
    fake.rejectNext([{ Codigo: 'E1801', Descricao: 'Prazo para cancelamento da NFS-e expirado.' }]);
    await ok(await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, why));
    expect(await settledNote(sale.id)).toMatchObject({
      status: 'authorized',
      errors: [{ code: 'E1801', message: 'Recusada pelo emissor nacional: Prazo para cancelamento da NFS-e expirado.' }],
    });

    const before = fake.eventPosts.length;
    fake.delayNext(4_000);
    await ok(await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, why));
    expect(await settledNote(sale.id)).toMatchObject({ status: 'canceled', errors: [] });
    expect(fake.eventPosts.length - before).toBe(1);
    expect(fake.events.filter((e) => e.accessKey === note.access_key)).toHaveLength(1);
  });

  it('an authority out of service past the last attempt leaves the note canceling with why; trying again cancels it once', async () => {
    const { sale, note } = await issuedSale();
    fake.unavailableNext(1_000);
    await ok(await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, why));
    const run = { key: 'test', attempt: JOB_MAX_ATTEMPTS };
    await expect(cancelNfseJob.handle({ note_id: note.id }, t.jobDeps(), run)).rejects.toThrow(NfseUnavailable);
    const stalled = (await ok<{ note: NfseNote }>(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).note;
    expect(stalled).toMatchObject({ status: 'canceling', errors: [{ code: NFSE_NO_ANSWER_CODE, message: NFSE_MESSAGES.noAnswer }] });
    const undo = await call('PUT', `/api/budgets/undo-sell/${sale.budget_id}`, tokens.owner, {});
    expect(undo.json().message).toBe(NFSE_MESSAGES.saleNoteInProgress);
    // A stalled note is not issued again: it is canceled again.
    expect((await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner)).statusCode).toBe(409);

    fake.unavailableNext(0);
    await ok(await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, why));
    expect(await settledNote(sale.id)).toMatchObject({ status: 'canceled' });
    expect(fake.events.filter((e) => e.accessKey === note.access_key)).toHaveLength(1);
  });

  it('refuses a bad reason or justification and changes nothing; colaborador 403, another agency 404, a note not authorized 409', async () => {
    const { sale, note } = await issuedSale();
    const bad = await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, { reason: '3', justification: 'curta' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['justification', 'reason']);
    expect((await call('POST', `/api/nfse/${note.id}/cancel`, tokens.colab, why)).statusCode).toBe(403);
    expect((await call('POST', `/api/nfse/${note.id}/cancel`, tokens.outra, why)).statusCode).toBe(404);
    expect((await ok<{ note: NfseNote }>(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).note).toMatchObject({
      status: 'authorized',
      cancel_reason: null,
    });

    const other = await soldSale();
    fake.rejectNext([{ Codigo: 'E0310', Descricao: 'Código inexistente.' }]);
    await ok(await call('POST', `/api/sales/${other.id}/nfse`, tokens.owner));
    const rejected = await settledNote(other.id);
    expect((await call('POST', `/api/nfse/${rejected.id}/cancel`, tokens.owner, why)).statusCode).toBe(409);
  });
});

describe('POST /api/nfse/{id}/substitute', () => {
  const why = { reason: '99', justification: 'Valor do serviço informado com erro na nota.' };
  const substitute = (id: number, body: object, token = tokens.owner) => call('POST', `/api/nfse/${id}/substitute`, token, body);

  it('refuses a bad reason or justification, a colaborador and another agency, changing nothing', async () => {
    const { sale, note } = await issuedSale();
    const posts = fake.posts.length;
    const badReason = await substitute(note.id, { ...why, reason: '9' });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().errors).toEqual({ reason: ['Escolha o motivo da substituição.'] });
    const short = await substitute(note.id, { ...why, justification: 'Erro' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ justification: ['Descreva o motivo com pelo menos 15 caracteres.'] });
    expect((await substitute(note.id, why, tokens.colab)).statusCode).toBe(403);
    expect((await substitute(note.id, why, tokens.outra)).statusCode).toBe(404);
    expect((await ok<{ note: NfseNote }>(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).note).toEqual(note);
    expect(fake.posts.length).toBe(posts);
  });

  it('issues a new note naming the old one; the old goes substituted once the new is authorized, and is neither canceled nor replaced again', async () => {
    const { sale, note: old } = await issuedSale();
    const asked = await ok<{ note: NfseNote; message: string }>(await substitute(old.id, why));
    expect(asked.message).toBe(NFSE_MESSAGES.substituteRequested);
    expect(asked.note).toMatchObject({
      status: 'pending',
      sale_id: sale.id,
      substitutes: { id: old.id, number: old.number, reason: '99', justification: why.justification },
    });
    expect(asked.note.dps_number).toBeGreaterThan(old.dps_number);
    // While the substitute is on its way the old note stands, and is not canceled behind its back.
    const meanwhile = await call('POST', `/api/nfse/${old.id}/cancel`, tokens.owner, { reason: '1', justification: why.justification });
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe(NFSE_MESSAGES.substitutionInProgress);

    const current = await settledNote(sale.id);
    expect(current).toMatchObject({ id: asked.note.id, status: 'authorized', substitutes: { id: old.id } });
    const dps = fake.notes.find((n) => n.accessKey === current.access_key)?.dps.documentElement?.toString() ?? '';
    expect(dps).toContain(
      `<subst><chSubstda>${old.access_key}</chSubstda><cMotivo>99</cMotivo><xMotivo>${why.justification}</xMotivo></subst>`,
    );
    expect(fake.events.filter((e) => e.accessKey === old.access_key).map((e) => e.code)).toEqual(['105102']);
    const substituted = await ok<{ notes: NfseListItem[] }>(await call('GET', '/api/nfse?status=substituted&per_page=100', tokens.owner));
    expect(substituted.notes.map((n) => n.id)).toContain(old.id);

    const again = await substitute(old.id, why);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NFSE_MESSAGES.notSubstitutable);
    const cancelOld = await call('POST', `/api/nfse/${old.id}/cancel`, tokens.owner, { reason: '1', justification: why.justification });
    expect(cancelOld.json().message).toBe(NFSE_MESSAGES.notAuthorized);
    const undo = await call('PUT', `/api/budgets/undo-sell/${sale.budget_id}`, tokens.owner, {});
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(NFSE_MESSAGES.saleHasNote);
  });

  it('a refused substitute leaves the old note authorized and the sale held; sent again, it keeps its DPS number', async () => {
    const { sale, note: old } = await issuedSale();
    fake.rejectNext([{ Codigo: 'E0310', Descricao: 'O código de tributação nacional informado não existe.' }]);
    const asked = await ok<{ note: NfseNote }>(await substitute(old.id, { ...why, reason: '05' }));
    const refused = await settledNote(sale.id);
    expect(refused).toMatchObject({ id: asked.note.id, status: 'rejected', substitutes: { id: old.id, reason: '05' } });
    expect((await t.deps.db.nfseNote.findUniqueOrThrow({ where: { id: old.id } })).status).toBe('authorized');
    const undo = await call('PUT', `/api/budgets/undo-sell/${sale.budget_id}`, tokens.owner, {});
    expect(undo.statusCode).toBe(409);
    expect(undo.json().message).toBe(NFSE_MESSAGES.saleHasNote);

    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    expect(await settledNote(sale.id)).toMatchObject({ id: asked.note.id, status: 'authorized', dps_number: asked.note.dps_number });
    expect((await t.deps.db.nfseNote.findUniqueOrThrow({ where: { id: old.id } })).status).toBe('substituted');
  });

  it('after a refused substitute the old note can still be canceled: the sale’s note is the old one again, and the sale can be undone', async () => {
    const { sale, note: old } = await issuedSale();
    fake.rejectNext([{ Codigo: 'E0310', Descricao: 'O código de tributação nacional informado não existe.' }]);
    const asked = await ok<{ note: NfseNote }>(await substitute(old.id, why));
    expect(await settledNote(sale.id)).toMatchObject({ id: asked.note.id, status: 'rejected' });

    await ok(await call('POST', `/api/nfse/${old.id}/cancel`, tokens.owner, { reason: '2', justification: why.justification }));
    expect(await settledNote(sale.id)).toMatchObject({ id: old.id, status: 'canceled' });
    expect(await t.deps.db.nfseNote.count({ where: { id: asked.note.id } })).toBe(0);
    // Nothing left to send: the sale's note is canceled, not a substitute of a canceled note.
    const again = await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NFSE_MESSAGES.alreadyIssued);
    expect((await call('PUT', `/api/budgets/undo-sell/${sale.budget_id}`, tokens.owner, {})).statusCode).toBe(200);
  });
});

describe('Notas fiscais: GET /api/nfse and the monthly export', () => {
  const month = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 7);

  it('lists the notes of the month, newest first, by status, with their customer; not to a colaborador nor another agency', async () => {
    const all = await ok<{ notes: NfseListItem[]; pagination: { total_count: number } }>(
      await call('GET', `/api/nfse?month=${month}&per_page=100`, tokens.admin),
    );
    expect(all.notes.length).toBeGreaterThan(3);
    expect(all.pagination.total_count).toBe(await t.deps.db.nfseNote.count({ where: { company: { name: DEMO.companies.demo } } }));
    const issued = all.notes.map((n) => n.issued_at);
    expect(issued).toEqual([...issued].sort().reverse());
    expect(all.notes[0]?.client.name).toBeTruthy();
    expect(all.notes.map((n) => n.status)).toEqual(expect.arrayContaining(['authorized', 'canceled', 'rejected']));

    const canceled = await ok<{ notes: NfseListItem[] }>(await call('GET', `/api/nfse?month=${month}&status=canceled`, tokens.owner));
    expect(canceled.notes.length).toBeGreaterThan(0);
    expect(canceled.notes.every((n) => n.status === 'canceled' && n.cancel_reason === '2')).toBe(true);
    expect((await ok<{ notes: NfseListItem[] }>(await call('GET', '/api/nfse?month=2020-01', tokens.owner))).notes).toEqual([]);

    expect((await call('GET', '/api/nfse', tokens.colab)).statusCode).toBe(403);
    expect((await ok<{ notes: NfseListItem[] }>(await call('GET', `/api/nfse?month=${month}`, tokens.outra))).notes).toEqual([]);
    const bad = await call('GET', '/api/nfse?month=2026-13', tokens.owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.month).toEqual(['Informe o mês como AAAA-MM.']);
  });

  it("exports the month for the accountant: a CSV of every note and a zip of the authority's XML, cancellations included", async () => {
    const { notes } = await ok<{ notes: NfseListItem[] }>(await call('GET', `/api/nfse?month=${month}&per_page=100`, tokens.owner));
    const csv = await t.call('GET', `/api/nfse/export/csv?month=${month}`, { token: tokens.owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`notas-fiscais-${month}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Número;Chave de acesso;Situação;Data;Cliente;Orçamento;Valor (R$);ISS (R$);Descrição;Série DPS;Número DPS;Motivo do cancelamento;Justificativa;Substitui a NFS-e nº;Motivo da substituição',
    );
    expect(lines).toHaveLength(notes.length + 1);
    const canceled = notes.find((n) => n.status === 'canceled');
    const line = lines.find((l) => canceled?.access_key && l.includes(canceled.access_key));
    expect(line).toContain('Cancelada');
    expect(line).toContain('Serviço não prestado');
    // A substitute names the note it replaced, which is listed as substituted.
    const substitute = notes.find((n) => n.status === 'authorized' && n.substitutes?.reason === '99');
    const substituteLine = lines.find((l) => substitute?.access_key && l.includes(substitute.access_key));
    expect(substituteLine).toMatch(
      new RegExp(`;${substitute?.substitutes?.number};Outros: Valor do serviço informado com erro na nota\\.$`),
    );
    expect(lines.find((l) => l.startsWith(`${substitute?.substitutes?.number};`))).toContain(';Substituída;');

    const zip = await t.call('GET', `/api/nfse/export/xml?month=${month}`, { token: tokens.admin });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(files);
    const withXml = notes.filter((n) => n.status === 'authorized' || n.status === 'canceled' || n.status === 'substituted');
    expect(names.filter((n) => !n.endsWith('-cancelamento.xml'))).toHaveLength(withXml.length);
    const cancelFile = names.find((n) => canceled?.access_key && n.includes(canceled.access_key) && n.endsWith('-cancelamento.xml'));
    expect(cancelFile).toBeDefined();
    expect(strFromU8(files[cancelFile ?? ''] ?? new Uint8Array())).toContain('<cMotivo>2</cMotivo>');
    const noteFile = names.find((n) => canceled?.access_key && n.includes(canceled.access_key) && !n.endsWith('-cancelamento.xml'));
    expect(strFromU8(files[noteFile ?? ''] ?? new Uint8Array())).toContain(`<nNFSe>${canceled?.number}</nNFSe>`);

    expect((await t.call('GET', `/api/nfse/export/csv?month=${month}`, { token: tokens.colab })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/nfse/export/pdf?month=2026-11', { token: tokens.owner })).statusCode).toBe(400);
    const other = await t.call('GET', `/api/nfse/export/csv?month=${month}`, { token: tokens.outra });
    expect(
      other.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('the fake national API', () => {
  it('refuses a client certificate from outside its CA at the TLS handshake', async () => {
    const stranger = makeA1Pfx(makeTestCa(), CNPJ, PASSWORD);
    const provider = nationalProvider(t.deps.config, 'homologacao', readPfx(stranger.pfx, PASSWORD));
    await expect(provider.findByDps('DPS0')).rejects.toBeInstanceOf(NfseUnavailable);
  });
});
