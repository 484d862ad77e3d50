// Document numbers under the LGPD through HTTP against the real database: sealed at rest (a raw
// read finds no plaintext), masked in every answer, revealed in full only by the recorded route,
// found by an exact number, kept when the screen sends the masked value back; the startup step
// seals plaintext rows and a new key reseals them; the owner's "Dados pessoais" report lists the
// reads and exports, and the daily prune keeps them for the agency's period.
import { businessDate } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, TEST_DATA_ENCRYPTION_KEY, useTestApp } from '../../../test/harness';
import { documentCipher, documentCipherOf } from '../../document-numbers';
import { pruneAccessLogsJob } from '../access-logs/access-logs.jobs';
import { sealDocumentNumbers } from './personal-data.service';

const t = useTestApp();
const tokens = { owner: '', admin: '', colab: '', outra: '' };
const PASSPORT = 'FZ1234456';
const PAX_DOCUMENT = 'YB9876543';
const state = { clientId: 0, documentId: 0, budgetId: 0 };

const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });
/** The report's days are the agency's (São Paulo): from 21:00 there, UTC is already on the next day. */
const today = () => businessDate();

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const created = await call('POST', '/api/clients', tokens.colab, {
    kind: 'person',
    name: 'Helena Passaporte',
    documents: [{ type: 'passport', number: PASSPORT, country: 'BR', expires_at: '2032-05-01' }],
  });
  expect(created.statusCode, created.body).toBe(200);
  state.clientId = created.json().id;
  state.documentId = created.json().documents[0].id;
});

describe('client document numbers', () => {
  it('are sealed at rest: the raw columns hold no plaintext, and the hash is set', async () => {
    const rows = await t.deps.db.$queryRaw<{ number_sealed: string; number_hash: string | null }[]>`
      SELECT number_sealed, number_hash FROM client_documents WHERE client_id = ${state.clientId}`;
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.number_sealed).not.toContain(PASSPORT);
    expect(row?.number_sealed).not.toContain('1234456');
    expect(row?.number_sealed.startsWith('v1:')).toBe(true);
    expect(row?.number_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('are masked in the answers: first 2 and last 3 characters', async () => {
    const res = await call('GET', `/api/clients/${state.clientId}`, tokens.colab);
    expect(res.statusCode).toBe(200);
    expect(res.json().documents[0].number).toBe('FZ•••456');
    expect(res.body).not.toContain(PASSPORT);
  });

  it('are found by the exact number only (case, spaces and dashes aside)', async () => {
    const found = await call('GET', '/api/clients?document_number=fz%201234-456', tokens.colab);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().clients.map((c: { id: number }) => c.id)).toEqual([state.clientId]);
    const partial = await call('GET', '/api/clients?document_number=FZ1234', tokens.colab);
    expect(partial.json().clients).toEqual([]);
    // Another agency holding nothing with that number finds nothing.
    const other = await call('GET', `/api/clients?document_number=${PASSPORT}`, tokens.outra);
    expect(other.json().clients).toEqual([]);
  });

  it('keep the stored number when the screen sends the masked one back with its id; a masked number without it is refused', async () => {
    const current = (await call('GET', `/api/clients/${state.clientId}`, tokens.colab)).json();
    const doc = current.documents[0];
    const kept = await call('PATCH', `/api/clients/${state.clientId}`, tokens.colab, {
      version: current.version,
      documents: [{ id: doc.id, type: 'passport', number: doc.number, country: 'BR', expires_at: '2033-05-01' }],
    });
    expect(kept.statusCode, kept.body).toBe(200);
    state.documentId = kept.json().documents[0].id;
    const revealed = await call('POST', `/api/clients/${state.clientId}/documents/${state.documentId}/reveal`, tokens.colab, {});
    expect(revealed.json().number).toBe(PASSPORT);

    const before = await t.deps.db.clientDocument.findMany({ where: { clientId: state.clientId } });
    const refused = await call('PATCH', `/api/clients/${state.clientId}`, tokens.colab, {
      version: kept.json().version,
      documents: [{ type: 'passport', number: 'FZ•••456' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['documents.0.number']).toBeDefined();
    expect(await t.deps.db.clientDocument.findMany({ where: { clientId: state.clientId } })).toEqual(before);
  });

  it('are revealed in full by the reveal route, each read recorded with user, client, time and address', async () => {
    const before = await t.deps.db.personalDataAccess.count({ where: { action: 'document_revealed', recordId: state.clientId } });
    const res = await call('POST', `/api/clients/${state.clientId}/documents/${state.documentId}/reveal`, tokens.colab, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: state.documentId, number: PASSPORT });
    const entries = await t.deps.db.personalDataAccess.findMany({
      where: { action: 'document_revealed', recordId: state.clientId },
      orderBy: { id: 'desc' },
    });
    expect(entries).toHaveLength(before + 1);
    const colab = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } });
    expect(entries[0]).toMatchObject({
      userId: colab.id,
      companyId: colab.companyId,
      recordType: 'client',
      detail: 'Passaporte de Helena Passaporte',
      ipAddress: '127.0.0.1',
    });
    expect(Date.now() - (entries[0]?.createdAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("another agency's client or document is not found, and nothing is recorded", async () => {
    const before = await t.deps.db.personalDataAccess.count();
    const res = await call('POST', `/api/clients/${state.clientId}/documents/${state.documentId}/reveal`, tokens.outra, {});
    expect(res.statusCode).toBe(404);
    expect(await t.deps.db.personalDataAccess.count()).toBe(before);
  });
});

describe('passenger document numbers', () => {
  it('are sealed at rest, masked in the budget, and kept when the editor sends the masked value back', async () => {
    const budget = await newBudget(t, tokens.colab, {
      paxes: [{ name: 'Viajante Selado', age_group: 'adult', document_type: 'passport', document_number: PAX_DOCUMENT }],
    });
    state.budgetId = budget.id;
    const [raw] = await t.deps.db.$queryRaw<{ document_number_sealed: string }[]>`
      SELECT document_number_sealed FROM budget_paxes WHERE budget_id = ${budget.id}`;
    expect(raw?.document_number_sealed).not.toContain(PAX_DOCUMENT);
    const tree = (await call('GET', `/api/budgets/${budget.id}`, tokens.colab)).json();
    expect(tree.paxes[0].document_number).toBe('YB•••543');

    const saved = await call('PATCH', `/api/budgets/${budget.id}`, tokens.colab, {
      version: tree.version,
      paxes: [{ name: 'Viajante Selado', age_group: 'adult', document_type: 'passport', document_number: 'YB•••543' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pax = await t.deps.db.budgetPax.findFirstOrThrow({ where: { budgetId: budget.id } });
    const cipher = documentCipherOf(t.deps.config);
    expect(cipher.open(pax.documentNumberSealed ?? '')).toBe(PAX_DOCUMENT);
    expect(pax.documentNumberHash).toBe(cipher.hash(PAX_DOCUMENT));
  });

  it("a passenger picked from a client takes the client's full number, shown masked", async () => {
    const budget = await newBudget(t, tokens.colab, { paxes: [{ client_id: state.clientId, age_group: 'adult' }] });
    const tree = (await call('GET', `/api/budgets/${budget.id}`, tokens.colab)).json();
    expect(tree.paxes[0].document_number).toBe('FZ•••456');
    const pax = await t.deps.db.budgetPax.findFirstOrThrow({ where: { budgetId: budget.id } });
    expect(documentCipherOf(t.deps.config).open(pax.documentNumberSealed ?? '')).toBe(PASSPORT);
  });
});

describe('sealing the rows of before the migration, and a key rotation', () => {
  it('seals plaintext rows once, then a new key reseals every row and still finds it by hash', async () => {
    const client = await call('POST', '/api/clients', tokens.colab, { kind: 'person', name: 'Registro Antigo' });
    const id = client.json().id as number;
    // A row as the migration left it: plaintext in the renamed column, no hash.
    await t.deps.db.$executeRaw`INSERT INTO client_documents (client_id, type, number_sealed) VALUES (${id}, 'rg', 'MG1234567')`;
    const cipher = documentCipherOf(t.deps.config);
    const first = await sealDocumentNumbers(t.deps.db, cipher);
    expect(first.sealed).toBe(1);
    expect(await sealDocumentNumbers(t.deps.db, cipher)).toEqual({ sealed: 0, resealed: 0, unreadable: 0 });
    const [sealed] = await t.deps.db.$queryRaw<{ number_sealed: string; number_hash: string }[]>`
      SELECT number_sealed, number_hash FROM client_documents WHERE client_id = ${id}`;
    expect(sealed?.number_sealed).not.toContain('MG1234567');
    expect(cipher.open(sealed?.number_sealed ?? '')).toBe('MG1234567');

    const rotated = documentCipher('a-new-data-encryption-key-0123456789abcdef', [TEST_DATA_ENCRYPTION_KEY]);
    const counts = await sealDocumentNumbers(t.deps.db, rotated);
    expect(counts.resealed).toBeGreaterThanOrEqual(3);
    expect(counts.unreadable).toBe(0);
    const rows = await t.deps.db.$queryRaw<{ number_sealed: string; number_hash: string }[]>`
      SELECT number_sealed, number_hash FROM client_documents WHERE client_id = ${id}`;
    expect(rotated.keyOf(rows[0]?.number_sealed ?? '')).toBe(rotated.keyId);
    expect(rows[0]?.number_hash).toBe(rotated.hash('MG1234567'));
    // Back to the app's key, so the rest of the file reads what it wrote.
    const back = documentCipher(TEST_DATA_ENCRYPTION_KEY, ['a-new-data-encryption-key-0123456789abcdef']);
    await sealDocumentNumbers(t.deps.db, back);
    const found = await call('GET', '/api/clients?document_number=MG1234567', tokens.colab);
    expect(found.json().clients.map((c: { id: number }) => c.id)).toEqual([id]);
  });
});

describe('the "Dados pessoais" report', () => {
  it('lists the reveals, exports and imports of the period for the owner', async () => {
    await call('POST', `/api/data-subjects/${state.clientId}/export`, tokens.admin, {});
    const res = await call('GET', `/api/personal-data/report?start_date=${today()}&end_date=${today()}`, tokens.owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.retention_days).toBe(365);
    const actions = body.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('document_revealed');
    expect(actions).toContain('data_subject_export');
    expect(body.entries.find((e: { action: string }) => e.action === 'document_revealed')).toMatchObject({
      user_name: 'Colab Demo',
      record_type: 'client',
      record_id: state.clientId,
      ip_address: '127.0.0.1',
    });
    // Another agency's report holds none of them.
    const other = await call('GET', `/api/personal-data/report?start_date=${today()}&end_date=${today()}`, tokens.outra);
    expect(other.json().entries).toEqual([]);
  });

  it("is the owner's only, as is the retention setting", async () => {
    for (const token of [tokens.admin, tokens.colab]) {
      expect((await call('GET', `/api/personal-data/report?start_date=${today()}&end_date=${today()}`, token)).statusCode).toBe(403);
      expect((await call('PUT', '/api/personal-data/retention', token, { retention_days: 60 })).statusCode).toBe(403);
    }
  });

  it('refuses a period outside 30 to 3650 days and changes nothing', async () => {
    const res = await call('PUT', '/api/personal-data/retention', tokens.owner, { retention_days: 10 });
    expect(res.statusCode).toBe(400);
    const owner = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner }, select: { companyId: true } });
    const company = await t.deps.db.company.findUniqueOrThrow({ where: { id: owner.companyId } });
    expect(company.personalDataRetentionDays).toBe(365);
  });

  it("the daily prune deletes the entries older than the agency's period, and only those", async () => {
    const owner = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } });
    const set = await call('PUT', '/api/personal-data/retention', tokens.owner, { retention_days: 30 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ retention_days: 30 });
    const outra = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.outraOwner } });
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const entry = (companyId: number, userId: number, createdAt: Date) => ({
      companyId,
      userId,
      action: 'list_export',
      recordType: 'finance_list',
      createdAt,
    });
    const old = await t.deps.db.personalDataAccess.create({ data: entry(owner.companyId, owner.id, daysAgo(40)) });
    const recent = await t.deps.db.personalDataAccess.create({ data: entry(owner.companyId, owner.id, daysAgo(10)) });
    // The other agency keeps the default year.
    const otherOld = await t.deps.db.personalDataAccess.create({ data: entry(outra.companyId, outra.id, daysAgo(40)) });
    await pruneAccessLogsJob.handle({}, t.jobDeps(), { key: 'test', attempt: 1 });
    const left = await t.deps.db.personalDataAccess.findMany({ where: { id: { in: [old.id, recent.id, otherOld.id] } } });
    expect(left.map((e) => e.id).sort()).toEqual([recent.id, otherOld.id].sort());
  });
});
