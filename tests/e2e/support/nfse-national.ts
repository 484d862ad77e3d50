// The national NFS-e issuer (Sefin Nacional) for the journeys: the API's own fake (HTTPS with mTLS,
// trusting a test CA), started by the Playwright config in its main process. The server under test
// trusts the CA through NFSE_CA_FILE. The journeys (other processes) reach the fake through a small
// control server: an A1 certificate (.pfx) made for a new CNPJ, written to a file they upload, and
// the fake's next answers (a refusal, an authority out of service).
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeGateway } from '../../../apps/api/test/fake-nfse-gateway';
import { startFakeNational } from '../../../apps/api/test/fake-nfse-national';
import { makeA1Pfx, makeTestCa } from '../../../apps/api/test/nfse-certificates';

const PASSWORD = 'senha-do-a1-e2e';

/** What the config hands the server under test and the journeys (inherited by the workers). */
export type NfseE2eEnv = {
  E2E_NFSE_NATIONAL_URL: string;
  E2E_NFSE_CA_FILE: string;
  E2E_NFSE_CONTROL_URL: string;
  /** The gateway issuer's fake (Focus NFe's NFS-e Nacional API) and the token it accepts. */
  E2E_NFSE_GATEWAY_URL: string;
  E2E_NFSE_GATEWAY_TOKEN: string;
};

/** The agency's A1 certificate for a journey: the .pfx file, its password and the CNPJ it was made for. */
export type NfseCertificate = { file: string; password: string; cnpj: string };

/** What a journey asks of the fake's next requests: the next POST refused with these codes, or the next `unavailable` answered 503 (0 ends it). */
export type NfseNationalNext = { reject: { Codigo: string; Descricao: string }[] } | { unavailable: number };

/** A random CNPJ of a head office (0001) with correct check digits. */
function randomCnpj(): string {
  const check = (digits: number[]) => {
    const weights = digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = digits.reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const base = [...Array.from({ length: 8 }, () => randomInt(10)), 0, 0, 0, 1];
  const first = check(base);
  return [...base, first, check([...base, first])].join('');
}

export async function startNfseNational(): Promise<NfseE2eEnv> {
  const ca = makeTestCa();
  const fake = await startFakeNational(ca);
  const gateway = await startFakeGateway();
  const dir = mkdtempSync(join(tmpdir(), 'agencia-crm-nfse-'));
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, ca.certPem);
  const control = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/certificate') {
        // A CNPJ per journey (and per retry): the DPS id is the CNPJ's and the number's, so two
        // agencies with one CNPJ would share their notes at the authority.
        const cnpj = randomCnpj();
        const file = join(dir, `certificado-a1-${cnpj}.pfx`);
        writeFileSync(file, makeA1Pfx(ca, cnpj, PASSWORD).pfx);
        const certificate: NfseCertificate = { file, password: PASSWORD, cnpj };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(certificate));
        return;
      }
      if (req.method === 'POST' && req.url === '/next') {
        const next = JSON.parse(raw || '{}') as NfseNationalNext;
        if ('reject' in next) fake.rejectNext(next.reject);
        else fake.unavailableNext(next.unavailable);
        res.writeHead(204).end();
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  // Never keeps the test runner alive on its own.
  control.unref();
  return {
    E2E_NFSE_NATIONAL_URL: fake.url,
    E2E_NFSE_CA_FILE: caFile,
    E2E_NFSE_CONTROL_URL: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
    E2E_NFSE_GATEWAY_URL: gateway.url,
    E2E_NFSE_GATEWAY_TOKEN: gateway.token,
  };
}

async function control(path: string, body?: unknown): Promise<Response> {
  const url = process.env.E2E_NFSE_CONTROL_URL;
  if (!url) throw new Error('E2E_NFSE_CONTROL_URL is not set: the journeys run against an external server');
  const res = await fetch(new URL(path, url), { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`fake national control answered ${res.status} to ${path}`);
  return res;
}

/** A new A1 certificate, for a CNPJ of its own. */
export async function nfseCertificate(): Promise<NfseCertificate> {
  return (await (await control('/certificate')).json()) as NfseCertificate;
}

export async function nfseNationalNext(next: NfseNationalNext): Promise<void> {
  await control('/next', next);
}
