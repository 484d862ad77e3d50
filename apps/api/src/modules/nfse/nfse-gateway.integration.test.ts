// NFS-e through a gateway (Focus NFe's NFS-e Nacional API) against a local fake at the network
// boundary: the owner chooses the gateway and gives its token (sealed, never returned, no certificate
// asked), "Emitir NFS-e" queues the note under one reference and follows it until authorized, a
// lost answer or a slow gateway never makes a second note, a refusal in pt-BR then a new reference,
// the cancellation, and substitution left to the national issuer.
import { NFSE_MESSAGES, NFSE_NO_ANSWER_CODE, type NfseNote, type NfseSettings } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGateway, startFakeGateway } from '../../../test/fake-nfse-gateway';
import { DEMO, useTestApp } from '../../../test/harness';
import { nfseSettingsBody, settledNfseNote, soldNfseSale, startFakeViaCep, withTakerAddress } from '../../../test/nfse-fixtures';
import { ok } from '../../../test/sale-fixtures';
import { JOB_MAX_ATTEMPTS } from '../../platform/jobs';
import { issueNfseJob } from './nfse.jobs';
import { NfseUnavailable } from './nfse-national';

const CNPJ = '12345678000195';
const env: Record<string, string> = {};
let fake: FakeGateway;
let viaCep: Awaited<ReturnType<typeof startFakeViaCep>>;
beforeAll(async () => {
  fake = await startFakeGateway();
  viaCep = await startFakeViaCep();
  Object.assign(env, {
    POSTAL_CODE_API_URL: viaCep.url,
    NFSE_GATEWAY_URL: fake.url,
    NFSE_GATEWAY_PRODUCTION_URL: `${fake.url}/producao-nao-usada`,
    NFSE_TIMEOUT_MS: '1500',
  });
});
const t = useTestApp(env);
afterAll(async () => {
  await fake?.close();
  viaCep?.close();
});

const tokens = { owner: '', colab: '' };
const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });
const settingsBody = { ...nfseSettingsBody(CNPJ), issuer: 'gateway' };

const soldSale = () => soldNfseSale(t, tokens.colab);
/** Longer than the national suite's: a slow gateway's note waits for the queue's next attempts. */
const settledNote = (saleId: number) => settledNfseNote(t, tokens.owner, saleId, 150);

const refOf = async (noteId: number) => (await t.deps.db.nfseNote.findUniqueOrThrow({ where: { id: noteId } })).gatewayRef as string;

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
});

describe('fiscal settings with the gateway', () => {
  it('ask for the token, not a certificate; keep it sealed and never answer it', async () => {
    const without = await call('PUT', '/api/nfse/settings', tokens.owner, settingsBody);
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toEqual({ gateway_token: [NFSE_MESSAGES.gatewayTokenMissing] });
    expect(await t.deps.db.nfseSettings.count()).toBe(0);

    const res = await call('PUT', '/api/nfse/settings', tokens.owner, { ...settingsBody, gateway_token: fake.token });
    expect(await ok<NfseSettings>(res)).toMatchObject({ configured: true, issuer: 'gateway', gateway_token_set: true, certificate: null });
    expect(res.body).not.toContain(fake.token);
    const row = await t.deps.db.nfseSettings.findFirstOrThrow();
    expect(row.gatewayTokenSealed).not.toContain(fake.token);
    // Saved again without the token: the stored one stays.
    expect(await ok<NfseSettings>(await call('PUT', '/api/nfse/settings', tokens.owner, settingsBody))).toMatchObject({
      gateway_token_set: true,
    });
  });
});

describe('issuing through the gateway', () => {
  it('queues the note under one reference with the sale’s figures and follows it until authorized: number, key, XML and DANFSe', async () => {
    const sale = await soldSale();
    const preview = await ok<{ amount_cents: number }>(await call('GET', `/api/sales/${sale.id}/nfse/preview`, tokens.owner));
    const asked = await ok<{ note: NfseNote; message: string }>(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    expect(asked).toMatchObject({ message: NFSE_MESSAGES.requested, note: { status: 'pending' } });
    const note = await settledNote(sale.id);
    const ref = await refOf(note.id);
    const sent = fake.notes.get(ref);
    expect(note).toMatchObject({ status: 'authorized', number: sent?.numero, access_key: sent?.chave, errors: [] });
    expect(fake.posts.filter((r) => r === ref)).toHaveLength(1);
    expect(sent?.body).toMatchObject({
      cnpj_prestador: CNPJ,
      inscricao_municipal_prestador: '1234567',
      codigo_municipio_emissora: '3550308',
      codigo_opcao_simples_nacional: '3',
      codigo_tributacao_nacional_iss: '090201',
      valor_servico: `${Math.trunc(preview.amount_cents / 100)}.${String(preview.amount_cents % 100).padStart(2, '0')}`,
      tributacao_iss: '1',
    });
    expect(String(sent?.body.data_emissao)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    const stored = await t.deps.db.nfseNote.findUniqueOrThrow({ where: { id: note.id } });
    expect(stored.xml).toContain(`<nNFSe>${sent?.numero}</nNFSe>`);
    const pdf = await t.call('GET', `/api/nfse/${note.id}/danfse`, { token: tokens.colab });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const again = await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NFSE_MESSAGES.alreadyIssued);
  });

  it('sends the tomador with the customer’s address, its municipality read from the CEP', async () => {
    const sale = await soldSale();
    await withTakerAddress(t, sale, '111.444.777-35');
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const note = await settledNote(sale.id);
    expect(fake.notes.get(await refOf(note.id))?.body).toMatchObject({
      cpf_tomador: '11144477735',
      codigo_municipio_tomador: '3550308',
      cep_tomador: '01310100',
      logradouro_tomador: 'Avenida Paulista',
      numero_tomador: '1000',
      complemento_tomador: 'Conjunto 12',
      bairro_tomador: 'Bela Vista',
    });
  });

  it('a lost answer and a slow gateway never queue a second note: the next attempts ask for the reference', async () => {
    fake.processingReads = 5;
    fake.loseNextAnswer();
    try {
      const sale = await soldSale();
      await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
      const note = await settledNote(sale.id);
      expect(note.status).toBe('authorized');
      const ref = await refOf(note.id);
      expect(fake.posts.filter((r) => r === ref)).toHaveLength(1);
    } finally {
      fake.processingReads = 1;
    }
  });

  it('a gateway that does not finish within the last attempt leaves the note pending saying so; tried again, one note', async () => {
    fake.processingReads = 1_000;
    const sale = await soldSale();
    const requested = await ok<{ note: NfseNote }>(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const run = { key: 'test', attempt: JOB_MAX_ATTEMPTS };
    await expect(issueNfseJob.handle({ note_id: requested.note.id }, t.jobDeps(), run)).rejects.toThrow(NfseUnavailable);
    const stalled = (await ok<{ note: NfseNote }>(await call('GET', `/api/sales/${sale.id}/nfse`, tokens.owner))).note;
    expect(stalled).toMatchObject({ status: 'pending', errors: [{ code: NFSE_NO_ANSWER_CODE, message: NFSE_MESSAGES.gatewayNoAnswer }] });
    const ref = await refOf(stalled.id);

    // The gateway finishes it now.
    fake.processingReads = 1;
    const queued = fake.notes.get(ref);
    if (queued) queued.readsLeft = 0;
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    expect(await settledNote(sale.id)).toMatchObject({ id: stalled.id, status: 'authorized' });
    expect(await refOf(stalled.id)).toBe(ref);
    // The queue's own run and the one above may both have sent it: the gateway keeps one note per reference.
    expect([...fake.notes.keys()].filter((r) => r.startsWith(`n${stalled.id}-`))).toEqual([ref]);
  });

  it('a refusal reads in pt-BR as the gateway’s; sent again, the note goes under a new reference and is authorized', async () => {
    fake.rejectNext([{ codigo: 'E0116', mensagem: 'Inscrição municipal do prestador não confere.' }]);
    const sale = await soldSale();
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const refused = await settledNote(sale.id);
    expect(refused).toMatchObject({
      status: 'rejected',
      errors: [{ code: 'E0116', message: 'Recusada pelo provedor: Inscrição municipal do prestador não confere.' }],
    });
    const first = await refOf(refused.id);

    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const authorized = await settledNote(sale.id);
    expect(authorized).toMatchObject({ id: refused.id, status: 'authorized', dps_number: refused.dps_number });
    expect(await refOf(authorized.id)).not.toBe(first);
  });

  it('cancels through the gateway with the justification; a refused cancellation leaves the note authorized with why', async () => {
    const sale = await soldSale();
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const note = await settledNote(sale.id);
    const why = { reason: '2', justification: 'Serviço não prestado: viagem cancelada pelo cliente.' };

    fake.rejectNextCancel([{ codigo: 'E1235', mensagem: 'Prazo de cancelamento expirado.' }]);
    await ok(await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, why));
    expect(await settledNote(sale.id)).toMatchObject({
      status: 'authorized',
      errors: [{ code: 'E1235', message: 'Recusada pelo provedor: Prazo de cancelamento expirado.' }],
    });

    await ok(await call('POST', `/api/nfse/${note.id}/cancel`, tokens.owner, why));
    expect(await settledNote(sale.id)).toMatchObject({ status: 'canceled', cancel_reason: '2', errors: [] });
    const ref = await refOf(note.id);
    expect(fake.notes.get(ref)).toMatchObject({ status: 'cancelado', justificativa: why.justification });
    expect((await t.deps.db.nfseNote.findUniqueOrThrow({ where: { id: note.id } })).cancelXml).toContain('<tpEvento>101101</tpEvento>');
    await ok(await call('PUT', `/api/budgets/undo-sell/${sale.budget_id}`, tokens.owner, {}));
  });

  it('leaves substitution to the national issuer, sending nothing', async () => {
    const sale = await soldSale();
    await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
    const note = await settledNote(sale.id);
    const posts = fake.posts.length;
    const res = await call('POST', `/api/nfse/${note.id}/substitute`, tokens.owner, {
      reason: '99',
      justification: 'Valor do serviço informado com erro na nota.',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(NFSE_MESSAGES.gatewayNoSubstitution);
    expect(fake.posts.length).toBe(posts);
  });

  it('a token the gateway refuses rejects the note saying so, and nothing is issued', async () => {
    await ok(await call('PUT', '/api/nfse/settings', tokens.owner, { ...settingsBody, gateway_token: 'token-revogado' }));
    try {
      const sale = await soldSale();
      await ok(await call('POST', `/api/sales/${sale.id}/nfse`, tokens.owner));
      expect(await settledNote(sale.id)).toMatchObject({
        status: 'rejected',
        errors: [{ code: 'TOKEN', message: 'Recusada pelo provedor: Token do provedor recusado.' }],
      });
    } finally {
      await ok(await call('PUT', '/api/nfse/settings', tokens.owner, { ...settingsBody, gateway_token: fake.token }));
    }
  });
});
