// A local stand-in for Pipedrive's REST API (v2 deals, persons, organizations, pipelines, stages,
// deal fields; v1 users and webhooks): the integration is pointed at it (PIPEDRIVE_API_URL). It keeps
// what it was sent, can answer the next calls with a 429/5xx (and rate-limit headers) or refuse a
// revoked token, and builds the webhooks v2 delivery Pipedrive would post after a change. A browser
// journey, in another process, changes a deal through POST /__fake/deals/{id}/change (the patch as
// JSON): the fake applies it and posts the delivery to every deal subscription, as Pipedrive would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeDeal = {
  id: number;
  title: string;
  value: number;
  currency: string;
  status: 'open' | 'won' | 'lost' | 'deleted';
  stage_id: number;
  pipeline_id: number;
  owner_id: number;
  person_id: number | null;
  org_id: number | null;
  lost_reason: string | null;
  expected_close_date: string | null;
  custom_fields: Record<string, unknown>;
  add_time: string;
  update_time: string;
};
export type FakePerson = {
  id: number;
  name: string;
  emails: { value: string; primary?: boolean }[];
  phones?: { value: string; primary?: boolean }[];
  custom_fields: Record<string, unknown>;
};
export type FakeOrg = { id: number; name: string; custom_fields: Record<string, unknown> };
export type FakeWebhook = {
  id: number;
  subscription_url: string;
  event_action: string;
  event_object: string;
  http_auth_user: string;
  http_auth_password: string;
  version: string;
};
/** A failure to answer; `route` (e.g. 'POST /api/v2/deals') keeps it for the first call of that method and path. */
type Failure = { status: number; headers?: Record<string, string>; route?: string };

export type FakePipedrive = {
  /** The base to pass as PIPEDRIVE_API_URL. */
  url: string;
  /** What the app is built with: PIPEDRIVE_API_URL (the fake) and a PIPEDRIVE_TOKEN_KEY. */
  env: Record<string, string>;
  /** A token the fake accepts (40 hex characters, as Pipedrive's). */
  token: string;
  /** The token's user (GET /v1/users/me) and another user of the account. */
  me: { id: number; name: string; email: string };
  deals: Map<number, FakeDeal>;
  persons: Map<number, FakePerson>;
  orgs: Map<number, FakeOrg>;
  webhooks: Map<number, FakeWebhook>;
  /** The deal fields made through the API, by field_code. */
  dealFields: Map<string, string>;
  /** Method and path of each call, in order; `?query` when it had one. */
  calls: string[];
  /** When each call came (ms since the epoch), in the order of `calls`. */
  callTimes: number[];
  /** The next calls answer these, in order (e.g. a 429 with retry-after, a 503). */
  failNext(...failures: Failure[]): void;
  /** Tokens are refused from now on (401), as after the user regenerated theirs. */
  revoke(): void;
  /** The token is accepted again (the owner reconnected with it). */
  restore(): void;
  /** Seeds a person as if made on Pipedrive. */
  addPerson(p: Omit<FakePerson, 'id' | 'custom_fields'> & { custom_fields?: Record<string, unknown> }): FakePerson;
  addOrg(o: Omit<FakeOrg, 'id' | 'custom_fields'> & { custom_fields?: Record<string, unknown> }): FakeOrg;
  /**
   * Someone changes a deal (on the web app by default): the change is applied and the webhooks v2
   * delivery is returned, to be posted by the test (path, basic auth, JSON body).
   */
  changeDeal(
    id: number,
    patch: Partial<Omit<FakeDeal, 'id'>>,
    opts?: { changeSource?: 'app' | 'api'; userId?: number; at?: Date; correlationId?: string },
  ): FakeDelivery;
  /** Someone changes a person on the web app: the change is applied and its webhooks v2 delivery (to the person subscription) returned. */
  changePerson(id: number, patch: Partial<Omit<FakePerson, 'id'>>, opts?: { at?: Date; correlationId?: string }): FakeDelivery;
  /** Someone deletes a deal on the web app: its webhooks v2 delete delivery (no data, the deal in previous). */
  deleteDeal(id: number, opts?: { at?: Date }): FakeDelivery;
  close(): Promise<void>;
};

export type FakeDelivery = { path: string; headers: Record<string, string>; body: Record<string, unknown> };

/** The one API token the fake accepts (40 hex characters, as Pipedrive's). */
export const FAKE_PIPEDRIVE_TOKEN = '0123456789abcdef0123456789abcdef01234567';
const TOKEN = FAKE_PIPEDRIVE_TOKEN;
export const FAKE_PIPEDRIVE_USERS = [
  { id: 9001, name: 'Dona da Agência', email: 'dono@demo.test', active_flag: true },
  { id: 9002, name: 'Colaboradora', email: 'colab@demo.test', active_flag: true },
  { id: 9003, name: 'Outro Vendedor', email: 'vendedor@exemplo.com', active_flag: true },
];
export const FAKE_PIPELINE = { id: 1, name: 'Funil de viagens' };
export const FAKE_STAGES = [
  { id: 11, name: 'Lead', pipeline_id: 1, order_nr: 1 },
  { id: 12, name: 'Proposta', pipeline_id: 1, order_nr: 2 },
  { id: 13, name: 'Fechado', pipeline_id: 1, order_nr: 3 },
  { id: 14, name: 'Cancelado', pipeline_id: 1, order_nr: 4 },
];

export async function startFakePipedrive(): Promise<FakePipedrive> {
  const deals = new Map<number, FakeDeal>();
  const persons = new Map<number, FakePerson>();
  const orgs = new Map<number, FakeOrg>();
  const webhooks = new Map<number, FakeWebhook>();
  const dealFields = new Map<string, string>();
  const calls: string[] = [];
  const callTimes: number[] = [];
  const failures: Failure[] = [];
  let revoked = false;
  let nextId = 100;
  const me = FAKE_PIPEDRIVE_USERS[0] as (typeof FAKE_PIPEDRIVE_USERS)[number];

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const readJson = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
  };
  const ok = (res: ServerResponse, data: unknown) => send(res, 200, { success: true, data });
  const hits = (ids: number[]) => ({ items: ids.map((id) => ({ result_score: 1, item: { id } })) });
  const customHas = (fields: Record<string, unknown>, term: string) => Object.values(fields).some((v) => String(v) === term);

  function writeDeal(deal: FakeDeal, body: Record<string, unknown>) {
    const { custom_fields, ...rest } = body;
    Object.assign(deal, rest);
    if (custom_fields) deal.custom_fields = { ...deal.custom_fields, ...(custom_fields as object) };
    if (body.stage_id !== undefined) deal.pipeline_id = FAKE_STAGES.find((s) => s.id === body.stage_id)?.pipeline_id ?? deal.pipeline_id;
    deal.update_time = new Date().toISOString();
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    // The test's own door (not Pipedrive's API): neither recorded nor failed nor refused.
    const control = /^\/__fake\/deals\/(\d+)\/change$/.exec(path);
    if (control && req.method === 'POST') return changeAndDeliver(res, Number(control[1]), await readJson(req));
    calls.push(`${req.method} ${path}${url.search}`);
    callTimes.push(Date.now());
    const at = failures.findIndex((f) => !f.route || f.route === `${req.method} ${path}`);
    const failure = at < 0 ? undefined : failures.splice(at, 1)[0];
    if (failure) return send(res, failure.status, { success: false, error: `fake ${failure.status}` }, failure.headers);
    if (revoked || req.headers['x-api-token'] !== TOKEN)
      return send(res, 401, { success: false, error: 'unauthorized access', errorCode: 401 });
    const q = (k: string) => url.searchParams.get(k) ?? '';
    const body = req.method === 'POST' || req.method === 'PATCH' ? await readJson(req) : {};
    const route = `${req.method} ${path}`;

    if (route === 'GET /api/v1/users/me')
      return ok(res, { ...me, company_id: 77, company_name: 'Viagens Pipe', company_domain: 'viagenspipe' });
    if (route === 'GET /api/v1/users') return ok(res, FAKE_PIPEDRIVE_USERS);
    if (route === 'GET /api/v2/pipelines') return ok(res, [FAKE_PIPELINE]);
    if (route === 'GET /api/v2/stages') return ok(res, FAKE_STAGES);
    if (route === 'POST /api/v2/dealFields') {
      const code = `${'f'.repeat(30)}${String(nextId++).padStart(10, '0')}`;
      dealFields.set(code, String(body.field_name));
      return ok(res, { field_code: code, field_name: body.field_name, field_type: body.field_type, is_custom_field: true });
    }
    if (route === 'POST /api/v1/webhooks') {
      const hook = { ...(body as Omit<FakeWebhook, 'id'>), id: nextId++ };
      webhooks.set(hook.id, hook);
      return send(res, 201, { success: true, data: hook });
    }
    const hookId = Number(/^\/api\/v1\/webhooks\/(\d+)$/.exec(path)?.[1]);
    if (req.method === 'DELETE' && hookId) {
      return webhooks.delete(hookId) ? ok(res, { id: hookId }) : send(res, 404, { success: false, error: 'Webhook not found' });
    }
    if (route === 'GET /api/v2/persons/search') {
      const term = q('term').toLowerCase();
      const found = [...persons.values()].filter((p) =>
        q('fields') === 'email' ? p.emails.some((e) => e.value.toLowerCase() === term) : customHas(p.custom_fields, q('term')),
      );
      return ok(res, hits(found.map((p) => p.id)));
    }
    if (route === 'POST /api/v2/persons') {
      const p = {
        id: nextId++,
        name: String(body.name),
        emails: (body.emails as FakePerson['emails']) ?? [],
        phones: (body.phones as FakePerson['phones']) ?? [],
        custom_fields: (body.custom_fields as Record<string, unknown>) ?? {},
      };
      persons.set(p.id, p);
      return ok(res, p);
    }
    if (route === 'GET /api/v2/organizations/search') {
      const found = [...orgs.values()].filter((o) =>
        q('fields') === 'name' ? o.name.toLowerCase() === q('term').toLowerCase() : customHas(o.custom_fields, q('term')),
      );
      return ok(res, hits(found.map((o) => o.id)));
    }
    if (route === 'POST /api/v2/organizations') {
      const o = { id: nextId++, name: String(body.name), custom_fields: (body.custom_fields as Record<string, unknown>) ?? {} };
      orgs.set(o.id, o);
      return ok(res, o);
    }
    if (route === 'GET /api/v2/deals/search') {
      const found = [...deals.values()].filter((d) => d.status !== 'deleted' && customHas(d.custom_fields, q('term')));
      return ok(res, hits(found.map((d) => d.id)));
    }
    if (route === 'POST /api/v2/deals') {
      if (typeof body.title !== 'string' || (body.value !== undefined && typeof body.value !== 'number')) {
        return send(res, 400, { success: false, error: 'Validation failed: title or value' });
      }
      const now = new Date().toISOString();
      const deal: FakeDeal = {
        id: nextId++,
        title: '',
        value: 0,
        currency: 'USD',
        status: 'open',
        stage_id: FAKE_STAGES[0]?.id ?? 0,
        pipeline_id: FAKE_PIPELINE.id,
        owner_id: me.id,
        person_id: null,
        org_id: null,
        lost_reason: null,
        expected_close_date: null,
        custom_fields: {},
        add_time: now,
        update_time: now,
      };
      writeDeal(deal, body);
      deals.set(deal.id, deal);
      return ok(res, deal);
    }
    const m = /^\/api\/v2\/deals\/(\d+)$/.exec(path);
    if (m) {
      const deal = deals.get(Number(m[1]));
      if (!deal || deal.status === 'deleted') return send(res, 404, { success: false, error: 'Deal not found' });
      if (req.method === 'GET') return ok(res, deal);
      if (req.method === 'PATCH') {
        writeDeal(deal, body);
        return ok(res, deal);
      }
    }
    return send(res, 404, { success: false, error: `no route ${route}` });
  }

  /** Someone changes the deal on Pipedrive: each deal subscription gets the delivery; their answers come back. */
  async function changeAndDeliver(res: ServerResponse, id: number, patch: Record<string, unknown>) {
    const deal = deals.get(id);
    if (!deal) return send(res, 404, { success: false, error: 'Deal not found' });
    const previous = Object.fromEntries(Object.keys(patch).map((k) => [k, deal[k as keyof FakeDeal]]));
    writeDeal(deal, patch);
    const answers = [];
    for (const hook of [...webhooks.values()].filter((w) => w.event_object === 'deal')) {
      const d = delivery('change', id, { ...deal }, previous, {}, hook);
      const answer = await fetch(hook.subscription_url, { method: 'POST', headers: d.headers, body: JSON.stringify(d.body) });
      answers.push({ status: answer.status, body: await answer.json().catch(() => null) });
    }
    return ok(res, { deal, answers });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { success: false, error: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakePipedrive = {
    url: `http://127.0.0.1:${port}`,
    env: { PIPEDRIVE_API_URL: `http://127.0.0.1:${port}`, PIPEDRIVE_TOKEN_KEY: 'fake-pipedrive-token-key-0123456789abcdef' },
    token: TOKEN,
    me,
    deals,
    persons,
    orgs,
    webhooks,
    dealFields,
    calls,
    callTimes,
    failNext: (...f) => failures.push(...f),
    revoke: () => {
      revoked = true;
    },
    restore: () => {
      revoked = false;
    },
    addPerson(p) {
      const person = { id: nextId++, custom_fields: {}, ...p };
      persons.set(person.id, person);
      return person;
    },
    addOrg(o) {
      const org = { id: nextId++, custom_fields: {}, ...o };
      orgs.set(org.id, org);
      return org;
    },
    changeDeal(id, patch, opts = {}) {
      const deal = deals.get(id);
      if (!deal) throw new Error(`no deal ${id}`);
      const previous = Object.fromEntries(Object.keys(patch).map((k) => [k, deal[k as keyof FakeDeal]]));
      writeDeal(deal, patch);
      return delivery('change', id, { ...deal }, previous, opts);
    },
    changePerson(id, patch, opts = {}) {
      const person = persons.get(id);
      if (!person) throw new Error(`no person ${id}`);
      const previous = Object.fromEntries(Object.keys(patch).map((k) => [k, person[k as keyof FakePerson]]));
      Object.assign(person, patch);
      return delivery('change', id, { ...person }, previous, opts, undefined, 'person');
    },
    deleteDeal(id, opts = {}) {
      const deal = deals.get(id);
      if (!deal) throw new Error(`no deal ${id}`);
      const previous = { ...deal };
      deal.status = 'deleted';
      return delivery('delete', id, null, previous, opts);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function delivery(
    action: 'change' | 'delete',
    id: number,
    data: Record<string, unknown> | null,
    previous: Record<string, unknown>,
    opts: { changeSource?: 'app' | 'api'; userId?: number; at?: Date; correlationId?: string },
    to?: FakeWebhook,
    entity: 'deal' | 'person' = 'deal',
  ): FakeDelivery {
    const hook = to ?? [...webhooks.values()].find((w) => w.event_object === entity);
    if (!hook) throw new Error(`no ${entity} webhook`);
    const at = opts.at ?? new Date();
    const auth = Buffer.from(`${hook.http_auth_user}:${hook.http_auth_password}`).toString('base64');
    return {
      path: new URL(hook.subscription_url).pathname,
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
      body: {
        meta: {
          action,
          entity,
          entity_id: String(id),
          id: String(id),
          version: '2.0',
          company_id: '77',
          user_id: String(opts.userId ?? (opts.changeSource === 'api' ? me.id : FAKE_PIPEDRIVE_USERS[1]?.id)),
          webhook_id: String(hook.id),
          attempt: 1,
          host: 'viagenspipe.pipedrive.com',
          timestamp: at.toISOString(),
          correlation_id: opts.correlationId ?? `corr-${id}-${at.getTime()}`,
          change_source: opts.changeSource ?? 'app',
          is_bulk_edit: false,
        },
        data,
        previous,
      },
    };
  }
  return fake;
}
