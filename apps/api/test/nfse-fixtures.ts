// What the NFS-e suites share, whichever issuer they run against: the agency's fiscal settings, a sold
// sale of the demo agency, its customer with a CPF and an address, the sale's note once the queue has
// settled it, and ViaCEP's stand-in (where the tomador's municipality code comes from).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NfseNote, Sale } from '@app/shared';
import { newBudget } from './budget-fixtures';
import type { TestApp } from './harness';
import { ok, tourBody } from './sale-fixtures';

/** PUT /api/nfse/settings of an agency in São Paulo on the Simples Nacional, 5% of ISS on its earnings. */
export const nfseSettingsBody = (cnpj: string) => ({
  cnpj,
  municipal_registration: '1234567',
  city_code: '3550308',
  tax_regime: 'simples_nacional',
  service_code: '090201',
  service_description: 'Agenciamento de turismo',
  iss_rate_basis_points: 500,
  basis: 'intermediacao',
  environment: 'homologacao',
});

/** A sold budget of `token`'s agency with one tour in BRL. */
export async function soldNfseSale(t: TestApp, token: string): Promise<Sale> {
  const b = await newBudget(t, token, {
    start_date: '2027-07-01',
    end_date: '2027-07-10',
    paxes: [{ name: 'Maria Souza', age_group: 'adult' }],
  });
  await ok(await t.call('POST', '/api/services', { token, body: tourBody(b.proposalId, null) }));
  await ok(await t.call('PATCH', `/api/budgets/${b.id}`, { token, body: { status: 'sent' } }));
  return (await ok<{ sale: Sale }>(await t.call('PUT', `/api/budgets/sell/${b.id}`, { token, body: { proposal_id: b.proposalId } }))).sale;
}

/** The sale's note once the queue has run what is due (a retried job waits its backoff): neither issuing nor canceling. */
export async function settledNfseNote(t: TestApp, token: string, saleId: number, tries = 100): Promise<NfseNote> {
  for (let i = 0; i < tries; i++) {
    await t.platform.jobs.drain();
    const { note } = await ok<{ note: NfseNote | null }>(await t.call('GET', `/api/sales/${saleId}/nfse`, { token }));
    if (note && note.status !== 'pending' && note.status !== 'canceling') return note;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the note of sale ${saleId} stayed pending`);
}

/** ViaCEP's stand-in (POSTAL_CODE_API_URL): every CEP is on Avenida Paulista, São Paulo (IBGE 3550308). */
export async function startFakeViaCep(): Promise<{ url: string; close(): void }> {
  const server = createServer((req, res) => {
    const cep = req.url?.match(/\/(\d{8})\/json\/$/)?.[1];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        cep
          ? { cep, logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP', ibge: '3550308' }
          : { erro: true },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`, close: () => server.close() };
}

/** The sale's customer with `cpf` and one address (CEP 01310-100; `number` empty makes it incomplete). */
export async function withTakerAddress(t: TestApp, sale: Sale, cpf: string, number = '1000', complement: string | null = 'Conjunto 12') {
  const { clientId } = await t.deps.db.budget.findUniqueOrThrow({ where: { id: sale.budget_id }, select: { clientId: true } });
  await t.deps.db.client.update({ where: { id: clientId }, data: { cpf } });
  await t.deps.db.clientAddress.create({
    data: {
      clientId,
      postalCode: '01310-100',
      street: 'Avenida Paulista',
      number,
      complement,
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  });
}
