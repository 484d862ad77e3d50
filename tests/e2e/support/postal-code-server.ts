// A local stand-in for the postal-code service (ViaCEP's GET /{cep}/json/), started by the
// Playwright config and handed to the server as POSTAL_CODE_API_URL.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The one CEP the fake knows; any other well-formed CEP answers like ViaCEP does for a missing one. */
export const KNOWN_POSTAL_CODE = {
  cep: '01001-000',
  logradouro: 'Praça da Sé',
  complemento: 'lado ímpar',
  bairro: 'Sé',
  localidade: 'São Paulo',
  uf: 'SP',
} as const;

export async function startPostalCodeServer(): Promise<string> {
  const server = createServer((req, res) => {
    const cep = /\/(\d{8})\/json\/?$/.exec(req.url ?? '')?.[1];
    const body = !cep ? null : cep === KNOWN_POSTAL_CODE.cep.replace('-', '') ? KNOWN_POSTAL_CODE : { erro: 'true' };
    res.writeHead(body ? 200 : 400, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body ?? { erro: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Never keeps the test runner alive on its own.
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
}
