import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BadInput,
  badInputs,
  fieldPaths,
  getPath,
  idSpellings,
  massAssignment,
  massAssignmentFields,
  NON_OBJECT_BODIES,
  numbersAtMaximum,
  recordIdFields,
  setPath,
  validSample,
} from '../guard/inputs';
import { buildCall, cacheProblems, errorBody, errorReplyProblems, multipartBody, SAMPLE_FILES, send } from '../guard/requests';
import { idResolver, useGuard } from '../guard/setup';
import { changedTables } from '../guard/tenant-data';
import { DEMO } from '../harness';
import type { InventoryRoute } from '../inventory';

const { t, g } = useGuard();
const SEED = Number(process.env.FC_SEED ?? Date.now() % 2_147_483_647);
// Generated cases per REST or plain route (plus the fixed examples), and per tRPC procedure (same
// parser as its REST twin, so fewer). Raise FC_RUNS for a deeper run.
const RUNS = { rest: Number(process.env.FC_RUNS ?? 15), trpc: Number(process.env.FC_RUNS_TRPC ?? 4) };

describe('bad input (property-based, from each route schema)', () => {
  it('never a 5xx, always the error shape without internals, nothing changed on refusal, no mass assignment', {
    // ~470 routes: ~100 s alone on a quiet machine, several minutes beside the other test files.
    timeout: 1_800_000,
  }, async () => {
    const db = t.deps.db;
    const tokens = { owner: await t.tokenFor(DEMO.users.owner), root: await t.tokenFor(DEMO.users.superAdmin) };
    const free = await db.plan.findFirstOrThrow({ where: { amountCents: 0 }, select: { id: true } });
    const mass = massAssignmentFields({ companyId: g.companies.outra, planId: free.id });
    const ids = await g.ids(g.companies.demo);
    // What a smuggled company_id, role or is_system would change: another agency's rows (super
    // admin routes may legitimately change those), the number of super admins, the system flags.
    const guarded = async (route: InventoryRoute) =>
      JSON.stringify([
        route.access === 'super_admin' ? null : await g.dump(g.companies.outra),
        await db.user.count({ where: { role: 'super_admin' } }),
        await db.company.count({ where: { isSystem: true } }),
      ]);
    const routes = g.inventory.routes.filter((r) => r.access !== 'local' && (r.transport !== 'plain' || r.input || r.upload));
    const failures: string[] = [];
    let cases = 0;
    let last = await g.snapshot();

    const runCase = async (route: InventoryRoute, token: string | undefined, sample: unknown, bad: BadInput) => {
      const call = bad.kind === 'raw' ? buildCall(route, sample, { token, raw: bad }) : buildCall(route, bad.input, { token });
      const smuggling = bad.label.startsWith('unknown fields');
      const guardedBefore = smuggling ? await guarded(route) : '';
      const res = await send(t, call);
      cases += 1;
      const problems: string[] = cacheProblems(call, res);
      if (res.statusCode >= 500) problems.push(`HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
      const after = await g.snapshot();
      if (res.statusCode >= 400) {
        problems.push(...errorReplyProblems(route, res));
        const changed = changedTables(last, after);
        if (changed.length) problems.push(`refused with ${res.statusCode} but changed ${changed.join(', ')}`);
      } else if (smuggling && (await guarded(route)) !== guardedBefore) {
        problems.push('accepted a field it does not declare and applied it (company, role or system flag changed)');
      }
      last = after;
      if (problems.length) throw new Error(`${route.name} · ${bad.label}: ${problems.join('; ')}`);
    };

    for (const route of routes) {
      const token = route.access === 'public' ? undefined : route.access === 'super_admin' ? tokens.root : tokens.owner;
      const sample = validSample(route.input, idResolver(g.catalog, route, ids)).value;
      const jsonBody = route.transport === 'trpc' ? route.write : !['GET', 'DELETE', 'HEAD'].includes(route.method);
      const arb = badInputs(route.input, sample, mass, { jsonBody });
      // Always tried first: unknown fields at every level, and a NUL byte and a huge text in every text field.
      const objects = [
        [],
        ...fieldPaths(route.input).filter((p) => {
          const v = getPath(sample, p);
          return v && typeof v === 'object' && !Array.isArray(v);
        }),
      ];
      const texts = fieldPaths(route.input).filter((p) => typeof getPath(sample, p) === 'string');
      const examples: [BadInput][] =
        route.transport === 'trpc'
          ? []
          : [
              ...objects.map((p) => [massAssignment(route.input, sample, mass, p)] as [BadInput]),
              ...(route.input
                ? [
                    [
                      {
                        kind: 'value',
                        label: 'every number at its maximum',
                        input: numbersAtMaximum(route.input, idResolver(g.catalog, route, ids)),
                      },
                    ] as [BadInput],
                  ]
                : []),
              ...texts.map(
                (p) => [{ kind: 'value', label: `NUL byte at ${p.join('.')}`, input: setPath(sample, p, 'a\u0000b') }] as [BadInput],
              ),
              ...texts.map(
                (p) =>
                  [{ kind: 'value', label: `1 MB text at ${p.join('.')}`, input: setPath(sample, p, 'x'.repeat(1_000_000)) }] as [BadInput],
              ),
            ];
      const result = await fc.check(
        fc.asyncProperty(arb, (bad) => runCase(route, token, sample, bad)),
        { numRuns: route.transport === 'trpc' ? RUNS.trpc : RUNS.rest, seed: SEED, examples, endOnFailure: true },
      );
      if (result.failed) failures.push(String((result.errorInstance as Error | undefined)?.message ?? result.counterexample));
    }
    console.log(
      `[bad-input matrix] ${routes.length} routes, ${cases} cases (fast-check seed ${SEED}; FC_SEED=${SEED} replays), ${failures.length} routes failing`,
    );
    expect(failures).toEqual([]);
  });

  it('an id is its plain decimal digits: every other spelling of a real id, in a path, a query or a body, is refused', {
    timeout: 180_000,
  }, async () => {
    const tokens = { owner: await t.tokenFor(DEMO.users.owner), root: await t.tokenFor(DEMO.users.superAdmin) };
    const ids = await g.ids(g.companies.demo);
    const failures: string[] = [];
    let cases = 0;
    let fields = 0;
    const routes = g.inventory.routes.filter((r) => r.access !== 'local' && recordIdFields(r.input).length > 0);
    let before = await g.snapshot();
    for (const route of routes) {
      const token = route.access === 'public' ? undefined : route.access === 'super_admin' ? tokens.root : tokens.owner;
      const resolve = idResolver(g.catalog, route, ids);
      const sample = validSample(route.input, resolve).value;
      for (const path of recordIdFields(route.input)) {
        fields += 1;
        // A real row's id when the field names a table, so a spelling read as a number would reach it.
        const id = Number(getPath(sample, path) ?? resolve(path.at(-1) as string));
        for (const spelling of idSpellings(id)) {
          const call = buildCall(route, setPath(sample, path, spelling.text), { token });
          const res = await send(t, call);
          cases += 1;
          const where = `${route.name} ${path.join('.')}=${JSON.stringify(spelling.text)} (${spelling.label})`;
          const problems = [...errorReplyProblems(route, res), ...cacheProblems(call, res)];
          const errors = (errorBody(route, res) as { errors?: Record<string, unknown> } | undefined)?.errors ?? {};
          if (res.statusCode === 400 && !Object.hasOwn(errors, path.join('.')))
            problems.push(`refused, but not for ${path.join('.')}: ${res.body.slice(0, 200)}`);
          else if (res.statusCode !== 400 && res.statusCode !== 404) problems.unshift(`HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (problems.length) failures.push(`${where}: ${problems.join('; ')}`);
        }
      }
      // One fingerprint per route: every spelling is refused before any work (a fingerprint of
      // every table after each of thousands of calls made this test minutes long).
      const after = await g.snapshot();
      const changed = changedTables(before, after);
      if (changed.length) failures.push(`${route.name} with a misspelled id changed ${changed.join(', ')}`);
      before = after;
    }
    console.log(
      `[bad-input matrix] id spellings: ${routes.length} routes, ${fields} id fields × ${idSpellings(1).length} spellings = ${cases} cases, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });

  it('a body that is not one JSON object (array, string, null, number, text, a form) is refused with 400, changing nothing', {
    timeout: 180_000,
  }, async () => {
    const tokens = { owner: await t.tokenFor(DEMO.users.owner), root: await t.tokenFor(DEMO.users.superAdmin) };
    const png = SAMPLE_FILES['image/png'] as { name: string; data: Buffer };
    const form = multipartBody({ name: 'Exemplo' }, { field: 'file', name: png.name, type: 'image/png', data: png.data });
    const bodies = [
      ...NON_OBJECT_BODIES,
      { kind: 'raw' as const, label: 'multipart form', body: form.payload, contentType: form.contentType },
    ];
    // Every route that reads a JSON body: REST writes, tRPC mutations with an input, plain JSON routes.
    const routes = g.inventory.routes.filter(
      (r) =>
        r.access !== 'local' &&
        r.access !== 'signed' &&
        !r.upload &&
        r.write &&
        (r.transport === 'rest' || (r.transport === 'trpc' && r.input) || (r.transport === 'plain' && r.input)),
    );
    const ids = await g.ids(g.companies.demo);
    const failures: string[] = [];
    let cases = 0;
    let before = await g.snapshot();
    for (const route of routes) {
      const token = route.access === 'public' ? undefined : route.access === 'super_admin' ? tokens.root : tokens.owner;
      const sample = validSample(route.input, idResolver(g.catalog, route, ids)).value;
      for (const body of bodies) {
        const call = buildCall(route, sample, { token, raw: body });
        const res = await send(t, call);
        cases += 1;
        // tRPC takes JSON only and says so (415) before reading any other body.
        const expected = route.transport === 'trpc' && body.contentType !== 'application/json' ? 415 : 400;
        const problems = [...errorReplyProblems(route, res), ...cacheProblems(call, res)];
        if (res.statusCode !== expected) problems.unshift(`HTTP ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 200)}`);
        if (problems.length) failures.push(`${route.name} with a ${body.label}: ${problems.join('; ')}`);
      }
      // One fingerprint per route, as above.
      const after = await g.snapshot();
      const changed = changedTables(before, after);
      if (changed.length) failures.push(`${route.name} with a non-object body changed ${changed.join(', ')}`);
      before = after;
    }
    console.log(
      `[bad-input matrix] non-object bodies: ${routes.length} routes × ${bodies.length} bodies = ${cases} cases, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });
});
