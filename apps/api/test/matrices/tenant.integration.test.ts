import { describe, expect, it } from 'vitest';
import { injectEventStream, KIND_TABLES } from '../event-stream';
import { idFields, isIdField, setPath, validSample } from '../guard/inputs';
import { buildCall, cacheProblems, safeJson, send } from '../guard/requests';
import { idResolver, MISSING_ID, tableForField, useGuard } from '../guard/setup';
import { crossTenantReferences, distinctiveStrings, idsOf } from '../guard/tenant-data';
import { DEMO } from '../harness';
import type { InventoryRoute } from '../inventory';

const { t, g } = useGuard();
// super_admin routes cross agencies by design; public ones hold no agency's data.
const TENANT_SCOPED = new Set(['authed', 'manager', 'owner']);

/** The reply without what differs between any two calls (the request id). */
function comparable(route: InventoryRoute, body: string): string {
  const json = safeJson(body) as Record<string, unknown> | undefined;
  if (!json) return body;
  const data = (route.transport === 'trpc' ? (json.error as { data?: Record<string, unknown> } | undefined)?.data : json) ?? {};
  delete data.request_id;
  return JSON.stringify(json);
}

describe('tenant isolation matrix', () => {
  // 6,600 cases: ~110 s alone on 2 cores, past 180 s beside the other test files on a loaded machine.
  it("another agency's ids and filters answer like missing ones, lists never show its rows, its rows stay byte-for-byte the same", {
    timeout: 360_000,
  }, async () => {
    const attacker = await t.tokenFor(DEMO.users.outraOwner);
    const victim = g.companies.demo;
    const victimBefore = await g.dump(victim);
    const secrets = [...distinctiveStrings(victimBefore, [await g.dump(g.companies.outra), await g.dump(g.companies.sistema)])];
    const victimIds = idsOf(g.catalog, victimBefore);
    const ownIds = await g.ids(g.companies.outra);
    const routes = g.inventory.routes.filter((r) => TENANT_SCOPED.has(r.access));
    const failures: string[] = [];
    let cases = 0;
    let withIds = 0;
    let baseline = JSON.stringify(victimBefore);
    // The attacker's event stream is open the whole run: it must never name a row of the other agency.
    const victimToken = await t.tokenFor(DEMO.users.owner);
    const [attackerStream, victimStream] = [await injectEventStream(t, attacker), await injectEventStream(t, victimToken)];

    const check = async (route: InventoryRoute, label: string, input: unknown) => {
      const call = buildCall(route, input, { token: attacker });
      const res = await send(t, call);
      cases += 1;
      const where = `${route.name} ${label}`;
      failures.push(...cacheProblems(call, res).map((p) => `${where}: ${p}`));
      if (process.env.GUARD_VERBOSE) console.log(`  ${res.statusCode} ${where} ${res.statusCode >= 400 ? res.body.slice(0, 160) : ''}`);
      if (res.statusCode >= 500) failures.push(`${where}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      const leaked = secrets.find((s) => res.body.includes(s) || res.body.includes(JSON.stringify(s).slice(1, -1)));
      if (leaked) failures.push(`${where}: the reply shows the other agency's data (${JSON.stringify(leaked)})`);
      const now = JSON.stringify(await g.dump(victim));
      if (now !== baseline) {
        failures.push(`${where}: changed the other agency's rows`);
        baseline = now;
      }
      return res;
    };

    for (const route of routes) {
      const own = validSample(route.input, idResolver(g.catalog, route, ownIds)).value;
      const fields = [
        ...route.pathParams.filter(isIdField).map((p) => [p]),
        ...idFields(route.input).filter((p) => !route.pathParams.includes(p.join('.'))),
      ];
      if (fields.length === 0) {
        // Lists and reads of one's own agency: none of the other agency's rows may appear.
        if (!route.write) await check(route, 'with own input', own);
        continue;
      }
      withIds += 1;
      for (const path of fields) {
        const field = path.at(-1) as string;
        const table = tableForField(g.catalog, route, field);
        const theirs = table ? victimIds.get(table) : undefined;
        const missing = await check(route, `${path.join('.')}=${MISSING_ID} (missing)`, setPath(own, path, MISSING_ID));
        if (theirs?.length) {
          // The other agency's row must be indistinguishable from a row that does not exist.
          for (const id of new Set([theirs[0] as number, theirs.at(-1) as number])) {
            const res = await check(route, `${path.join('.')}=${id} (${table} of the other agency)`, setPath(own, path, id));
            if (res.statusCode !== missing.statusCode) {
              failures.push(
                `${route.name} ${path.join('.')}=${id} (${table} of the other agency): HTTP ${res.statusCode}, a missing id gets ${missing.statusCode}`,
              );
            } else if ((res.statusCode >= 400 || !route.write) && comparable(route, res.body) !== comparable(route, missing.body)) {
              failures.push(
                `${route.name} ${path.join('.')}=${id}: reply differs from a missing id's: ${res.body.slice(0, 200)} vs ${missing.body.slice(0, 200)}`,
              );
            }
          }
        } else {
          // No table recognised for this field: try a row of every kind of the other agency.
          for (const [tbl, list] of victimIds)
            if (list.length)
              await check(route, `${path.join('.')}=${list.at(-1)} (${tbl} of the other agency)`, setPath(own, path, list.at(-1)));
        }
      }
    }
    failures.push(...(await crossTenantReferences(t.deps.db, g.catalog)));
    if (JSON.stringify(await g.dump(victim)) !== JSON.stringify(victimBefore))
      failures.push("the other agency's rows are not byte-for-byte the same as before");
    // The streams were live: the other agency's own write (and its presence) reaches its stream only.
    const [victimClient] = victimIds.get('clients') ?? [];
    const [victimBudget] = victimIds.get('budgets') ?? [];
    await t.call('PATCH', `/api/clients/${victimClient}`, { token: victimToken, body: { notes: 'Alterado pela própria agência' } });
    await t.call('POST', `/api/budgets/${victimBudget}/presence`, { token: victimToken });
    await victimStream.waitFor((m) => m.event === 'change' && JSON.parse(m.data).id === victimClient);
    await victimStream.waitFor((m) => m.event === 'presence');
    for (const change of attackerStream.changes()) {
      const named = [
        victimIds.get(KIND_TABLES[change.kind])?.includes(change.id) && `${change.kind} ${change.id}`,
        change.budget_id !== undefined && victimIds.get('budgets')?.includes(change.budget_id) && `budget ${change.budget_id}`,
      ].filter(Boolean);
      if (named.length) failures.push(`GET /api/events: the attacker's stream named the other agency's ${named.join(', ')}`);
    }
    for (const m of attackerStream.messages.filter((m) => m.event === 'presence'))
      if (victimIds.get('budgets')?.includes(JSON.parse(m.data).budget_id))
        failures.push(`GET /api/events: the attacker's stream told ${m.data}`);
    attackerStream.close();
    victimStream.close();
    console.log(
      `[tenant matrix] ${routes.length} routes (${withIds} with ids or filters), ${cases} cases, ${g.catalog.tenant.size} agency-owned tables dumped, ${secrets.length} strings of the other agency watched, ${attackerStream.changes().length} changes on the attacker's event stream checked, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });
});
