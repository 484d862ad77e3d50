// The whole agency's export through HTTP: the owner starts it, follows its progress, downloads a zip
// whose CSVs hold the agency's rows (its clients' documents too) and its files, and nothing of another
// agency nor any secret; one export at a time; the owner alone.
import { AGENCY_EXPORT_MESSAGES, type AgencyExport } from '@app/shared';
import unzipper from 'unzipper';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { ok } from '../../../test/sale-fixtures';

const t = useTestApp();
const tokens = { owner: '', admin: '', outra: '' };
const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const client = await ok<{ id: number }>(
    await call('POST', '/api/clients', tokens.owner, {
      kind: 'person',
      name: 'Otávio Exportado',
      documents: [{ type: 'passport', number: 'YB7766554', country: 'BR' }],
      notes: '=HYPERLINK("http://x")',
    }),
  );
  const upload = multipart({}, [{ filename: 'passaporte.pdf', contentType: 'application/pdf', data: FILES.pdf }]);
  expect(
    (await t.call('POST', `/api/clients/${client.id}/attachments`, { token: tokens.owner, body: upload.body, headers: upload.headers }))
      .statusCode,
  ).toBe(200);
  await ok(await call('POST', '/api/clients', tokens.outra, { kind: 'person', name: 'Cliente Só da Outra' }));
});

async function finished(token: string, id: number): Promise<AgencyExport> {
  let latest: AgencyExport | undefined;
  await expect
    .poll(
      async () => {
        latest = (await ok<{ exports: AgencyExport[] }>(await call('GET', '/api/companies/exports', token))).exports.find(
          (e) => e.id === id,
        );
        return latest?.status;
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe('done');
  return latest as AgencyExport;
}

describe('exporting the whole agency', () => {
  it('a zip of every table as CSV and the files, only this agency, no secrets, formula-safe', async () => {
    const started = await ok<AgencyExport>(await call('POST', '/api/companies/exports', tokens.owner));
    expect(started.status).toBe('queued');
    const done = await finished(tokens.owner, started.id);
    expect(done.tables_done).toBe(done.tables_total);
    expect(done.tables_total).toBeGreaterThan(20);

    const res = await call('GET', `/api/companies/exports/${started.id}/download`, tokens.owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.rawPayload.length).toBe(done.size);
    const zip = await unzipper.Open.buffer(res.rawPayload);
    const text = async (path: string) => (await zip.files.find((f) => f.path === path)?.buffer())?.toString('utf8') ?? '';
    const names = zip.files.map((f) => f.path);
    expect(names).toEqual(expect.arrayContaining(['companies.csv', 'clients.csv', 'client_documents.csv', 'budgets.csv', 'users.csv']));

    const clients = await text('clients.csv');
    expect(clients).toContain('Otávio Exportado');
    expect(clients).not.toContain('Cliente Só da Outra');
    // A formula typed by someone never runs in the agency's spreadsheet.
    expect(clients).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(await text('client_documents.csv')).toContain('YB7766554');
    expect((await text('companies.csv')).split('\r\n').filter(Boolean)).toHaveLength(2);
    const users = await text('users.csv');
    expect(users.split('\r\n')[0]).not.toMatch(/password|token/);
    expect(users).toContain(DEMO.users.owner);
    expect(users).not.toContain(DEMO.users.outraOwner);
    const attachment = await t.deps.db.clientAttachment.findFirstOrThrow({ where: { client: { name: 'Otávio Exportado' } } });
    const file = zip.files.find((f) => f.path === `arquivos/${attachment.fileKey}`);
    expect((await file?.buffer())?.equals(FILES.pdf)).toBe(true);
  });

  it('one at a time: a start while one runs is a 409 that starts nothing', async () => {
    const owner = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } });
    const running = await t.deps.db.agencyExport.create({ data: { companyId: owner.companyId, userId: owner.id, status: 'running' } });
    const before = await t.deps.db.agencyExport.count();
    const second = await call('POST', '/api/companies/exports', tokens.owner);
    expect([second.statusCode, second.json().message]).toEqual([409, AGENCY_EXPORT_MESSAGES.alreadyRunning]);
    expect(await t.deps.db.agencyExport.count()).toBe(before);
    const early = await call('GET', `/api/companies/exports/${running.id}/download`, tokens.owner);
    expect([early.statusCode, early.json().message]).toEqual([409, AGENCY_EXPORT_MESSAGES.notReady]);
    await t.deps.db.agencyExport.update({ where: { id: running.id }, data: { status: 'failed' } });
  });

  it('the owner only; another agency’s export is not found', async () => {
    const own = (await ok<{ exports: AgencyExport[] }>(await call('GET', '/api/companies/exports', tokens.owner)))
      .exports[0] as AgencyExport;
    expect((await call('GET', '/api/companies/exports', tokens.admin)).statusCode).toBe(403);
    expect((await call('POST', '/api/companies/exports', tokens.admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/exports/${own.id}/download`, tokens.admin)).statusCode).toBe(403);
    expect((await call('GET', `/api/companies/exports/${own.id}/download`, tokens.outra)).statusCode).toBe(404);
    expect((await ok<{ exports: AgencyExport[] }>(await call('GET', '/api/companies/exports', tokens.outra))).exports).toEqual([]);
  });
});
