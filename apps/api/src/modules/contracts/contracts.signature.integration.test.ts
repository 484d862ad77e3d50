// Electronic signature (the d4sign feature) end to end against a local fake D4Sign: the PDF sent
// with the client as signer and the callback address, the signed callback verified (a forged or
// missing HMAC changes nothing) and answered by storing the provider's signed PDF, a withdrawal on
// cancel, a provider failing, and the route refused without the feature.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_MESSAGES, type Contract } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, openLink, pdfText, soldBudget, storedContractFiles } from '../../../test/contract-fixtures';
import { type FakeD4Sign, startFakeD4Sign } from '../../../test/fake-d4sign';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok } from '../../../test/sale-fixtures';

const dataDir = mkdtempSync(join(tmpdir(), 'contracts-signature-test-'));
const env: Record<string, string> = { DATA_DIR: dataDir };
let fake: FakeD4Sign;
// Registered before the app's: the fake's address is in the environment the app is built with.
beforeAll(async () => {
  fake = await startFakeD4Sign();
  Object.assign(env, fake.env);
});
afterAll(async () => {
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const t = useTestApp(env);
const tokens = { owner: '', colab: '', root: '' };
const ids = { demo: 0, supplier: 0, boleto: 0 };

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const contractRow = (id: number) => t.deps.db.contract.findUniqueOrThrow({ where: { id } });
const postCallback = (cb: { payload: string; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: '/api/contracts/signature-callback', headers: cb.headers, payload: cb.payload });

async function generated(opts: { clientEmail?: string | null } = {}): Promise<Contract> {
  const budget = await soldBudget(t, tokens.colab, { supplierId: ids.supplier, paymentMethodId: ids.boleto, ...opts });
  return ok<Contract>(await call('POST', `/api/contracts/generate/${budget.id}`, {}));
}

async function requested(): Promise<{ contract: Contract; uuid: string }> {
  const contract = await ok<Contract>(await call('POST', `/api/contracts/signature/${(await generated()).id}`));
  return { contract, uuid: (await contractRow(contract.id)).signatureDocumentId ?? '' };
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  ids.demo = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } })).id;
  ids.supplier = (
    await ok<{ id: number }>(
      await call('POST', '/api/suppliers', { kind: 'organization', name: 'Angra Receptivo', service_types: ['tour', 'other'] }),
    )
  ).id;
  ids.boleto = (
    await ok<{ id: number }>(
      await call('POST', '/api/payment_method_params', { kind: 'boleto', name: 'Boleto', max_installments: 3 }, tokens.owner),
    )
  ).id;
});

describe('electronic signature through D4Sign', () => {
  it('sends the stored PDF to be signed by the client, with the callback address; the contract is sent', async () => {
    const contract = await generated();
    const stored = await t.deps.platform.storage.get((await contractRow(contract.id)).fileKey ?? '');
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(chunk as Buffer);

    const sent = await ok<Contract>(await call('POST', `/api/contracts/signature/${contract.id}`));
    expect(sent.status).toBe('sent');
    expect(sent.signature_requested_at).not.toBeNull();
    expect(sent.sent_at).not.toBeNull();
    const uuid = (await contractRow(contract.id)).signatureDocumentId ?? '';
    const doc = fake.documents.get(uuid);
    expect(doc).toMatchObject({
      safe: fake.env.D4SIGN_SAFE_ID,
      sent: true,
      webhook: `${t.deps.config.appUrl}/api/contracts/signature-callback`,
      signers: [expect.objectContaining({ email: CLIENT.email, display_name: CLIENT.name, act: '1' })],
    });
    expect(doc?.pdf.equals(Buffer.concat(chunks))).toBe(true);
    expect(doc?.filename).toMatch(/^Contrato – .+\.pdf$/);

    const again = await call('POST', `/api/contracts/signature/${contract.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CONTRACT_MESSAGES.signatureAlreadyRequested);
  });

  it('refuses a callback without or with a forged HMAC (400), changing nothing', async () => {
    const { contract, uuid } = await requested();
    await fake.sign(uuid);
    const before = await contractRow(contract.id);
    const files = await storedContractFiles(dataDir, ids.demo);
    const good = fake.callback(uuid);
    const forged = [
      { ...good, headers: { 'content-type': good.headers['content-type'] ?? '' } },
      fake.callback(uuid, '1', 'outro-segredo'),
      { ...good, payload: good.payload.replace('type_post=1', 'type_post=4') },
    ];
    for (const cb of forged) {
      const res = await postCallback(cb);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, message: CONTRACT_MESSAGES.callbackInvalid });
    }
    expect(await contractRow(contract.id)).toEqual(before);
    expect(await storedContractFiles(dataDir, ids.demo)).toEqual(files);
  });

  it('stores the signed PDF once the provider says it is signed: the contract is signed; a repeated callback is ignored', async () => {
    const { contract, uuid } = await requested();
    // A callback while the client has not signed yet: the provider is asked, and nothing changes.
    expect((await postCallback(fake.callback(uuid, '4'))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await contractRow(contract.id)).status).toBe('sent');

    await fake.sign(uuid);
    const res = await postCallback(fake.callback(uuid));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'signed' });
    const signed = await ok<Contract>(await call('GET', `/api/contracts/${contract.id}`));
    expect(signed).toMatchObject({ status: 'signed', has_signed_copy: true });
    expect(signed.signed_at).not.toBeNull();
    const { signed_pdf_url } = await ok<{ signed_pdf_url: string | null }>(await call('GET', `/api/contracts/show_pdf/${contract.id}`));
    const file = await openLink(t, signed_pdf_url);
    expect(file.statusCode).toBe(200);
    expect((await pdfText(file.rawPayload)).text).toContain(`Assinado por ${CLIENT.email}`);

    const files = await storedContractFiles(dataDir, ids.demo);
    expect((await postCallback(fake.callback(uuid))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await storedContractFiles(dataDir, ids.demo)).toEqual(files);
    // Signed electronically: kept as a record, and no agent upload replaces it.
    expect((await call('DELETE', `/api/contracts/${contract.id}`)).statusCode).toBe(409);
  });

  it('withdraws a pending signature at the provider when the contract is cancelled; a late callback is ignored', async () => {
    const { contract, uuid } = await requested();
    const cancelled = await ok<Contract>(await call('PATCH', `/api/contracts/cancel/${contract.id}`));
    expect(cancelled.status).toBe('cancelled');
    expect(fake.documents.get(uuid)?.statusId).toBe('6');
    await fake.sign(uuid);
    expect((await postCallback(fake.callback(uuid))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await contractRow(contract.id)).signedFileKey).toBeNull();
  });

  it('cancels a contract whose document the provider no longer knows: nothing is left to withdraw', async () => {
    const { contract, uuid } = await requested();
    fake.documents.delete(uuid);
    const cancelled = await ok<Contract>(await call('PATCH', `/api/contracts/cancel/${contract.id}`));
    expect(cancelled.status).toBe('cancelled');
    expect(fake.calls.at(-1)).toBe(`POST /api/v1/documents/${uuid}/cancel`);
  });

  it('answers 502 when the provider fails, and the contract stays as it was; a client without e-mail is a 409', async () => {
    const contract = await generated();
    const before = await contractRow(contract.id);
    fake.failing = true;
    try {
      const res = await call('POST', `/api/contracts/signature/${contract.id}`);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ status: 502, message: CONTRACT_MESSAGES.signatureFailed });
    } finally {
      fake.failing = false;
    }
    expect(await contractRow(contract.id)).toEqual(before);
    const noEmail = await generated({ clientEmail: null });
    const refused = await call('POST', `/api/contracts/signature/${noEmail.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CONTRACT_MESSAGES.noSignerEmail);
  });

  it('without the d4sign feature the route refuses (402, plan) and nothing reaches the provider', async () => {
    const contract = await generated();
    const pro = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro } });
    const set = (on: boolean) => call('PATCH', `/api/admin/plans/${pro.id}`, { plan: { features: { d4sign: on } } }, tokens.root);
    await ok(await set(false));
    const documents = fake.documents.size;
    try {
      for (const res of [
        await call('POST', `/api/contracts/signature/${contract.id}`),
        await t.call('POST', '/trpc/contracts.requestSignature', { token: tokens.colab, body: { id: contract.id } }),
      ]) {
        expect(res.statusCode).toBe(402);
        expect(JSON.stringify(res.json())).toContain('Este recurso não está incluído no plano da sua agência.');
      }
    } finally {
      await ok(await set(true));
    }
    expect(fake.documents.size).toBe(documents);
    expect((await contractRow(contract.id)).signatureDocumentId).toBeNull();
  });
});
