import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { useTestApp } from './harness';
import { procedures } from './inventory';
import { PUBLIC_PROCEDURES } from './route-classification';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const REDOCLY = join(dirname(createRequire(join(ROOT, 'package.json')).resolve('@redocly/cli/package.json')), 'bin/cli.js');

/**
 * Problems the recommended rules report that we keep, each with its reason. Anything else, error
 * or warning, fails; an entry that no longer occurs fails too, so the list cannot go stale.
 */
const ACCEPTED = [
  {
    rule: 'no-ambiguous-paths',
    message: 'Found two ambiguous paths: `/attendances/deal/{id}` and `/attendances/{id}/logs`.',
    why: 'both paths are the product contract; {id} is a positive integer, so "deal" never matches it (the rule does not read parameter schemas)',
  },
  {
    rule: 'no-ambiguous-paths',
    message: 'Found two ambiguous paths: `/clients/reopen/{id}` and `/clients/{id}/companions`.',
    why: 'the spec names /clients/reopen/{id}; a client {id} is a positive integer, so "reopen" never matches it',
  },
  // The spec's /budgets/{word}/{id} routes beside /budgets/{integer id}/{word}.
  ...[
    '/budgets/landing-page/{id}',
    '/budgets/accept/{id}',
    '/budgets/send-email/{id}',
    '/budgets/sell/{id}',
    '/budgets/undo-sell/{id}',
  ].map((path) => ({
    rule: 'no-ambiguous-paths',
    message: `\`${path}\``,
    why: 'the paths are the product contract; the budget {id} is a positive integer, so "landing-page", "accept", "send-email", "sell" or "undo-sell" never matches it',
  })),
  // The spec's budget routes end in a slash (POST /api/budgets/, GET /api/budgets/{id}/paxes/,
  // POST /api/proposals/, POST /api/refunds/, POST /api/reservations/): the document names the URLs the server answers.
  ...['/budgets/', '/budgets/{id}/paxes/', '/proposals/', '/refunds/', '/reservations/'].map((path) => ({
    rule: 'no-path-trailing-slash',
    message: `\`${path}\` should not have a trailing slash.`,
    why: 'the path is the product contract (spec section 2), served exactly so',
  })),
];

type LintProblem = { ruleId: string; severity: string; message: string; location?: { pointer?: string }[] };
type Operation = { summary?: string; description?: string; security?: unknown[]; responses: Record<string, unknown> };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Redocly's CLI, offline: no telemetry, no update check, no config file but the built-in ruleset. */
async function lint(document: unknown): Promise<{ problems: LintProblem[]; totals: Record<string, number> }> {
  const dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    const args = [REDOCLY, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=10000'];
    // Exit code 1 means "errors found": the JSON report on stdout says which.
    const { stdout } = await promisify(execFile)(process.execPath, args, {
      cwd: dir,
      env,
      timeout: 120_000,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stdout?: string; stderr?: string }) => {
      if (!error.stdout) throw new Error(`redocly lint did not run: ${error.stderr ?? error}`);
      return { stdout: error.stdout };
    });
    return JSON.parse(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const t = useTestApp();

async function fetchDocument(): Promise<Document> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
  expect(res.status).toBe(200);
  return (await res.json()) as Document;
}

describe('the published OpenAPI document', () => {
  // Runs first: the document is built on its first request, here the documentation page's.
  it('is served by the documentation page, the same as /api/openapi.json, in JSON and YAML', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(page.statusCode).toBe(200);
    const fromPage = page.json() as Document;
    expect(Object.keys(fromPage.paths)).toContain('/budgets/');
    expect(fromPage).toEqual(await fetchDocument());
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.headers['content-type']).toMatch(/^application\/x-yaml/);
    expect(parse(yaml.body)).toEqual(fromPage);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).headers['content-type']).toMatch(/^text\/html/);
  });

  it('passes the Redocly recommended rules with no error and no warning', async () => {
    const report = await lint(await fetchDocument());
    const accepted = (p: LintProblem) => ACCEPTED.find((a) => a.rule === p.ruleId && p.message.includes(a.message));
    const unexpected = report.problems
      .filter((p) => !accepted(p))
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? '?'}: ${p.message}`);
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    const stale = ACCEPTED.filter((a) => !report.problems.some((p) => accepted(p) === a)).map((a) => `${a.rule}: ${a.message}`);
    expect(stale, 'ACCEPTED entries that no longer occur: remove them').toEqual([]);
  }, 120_000);

  it('asks a token of every operation but the reviewed public ones', async () => {
    const document = await fetchDocument();
    const byPath = new Map(procedures().map((p) => [p.path, p.meta.openapi]));
    const open: string[] = [];
    for (const [path, openapi] of byPath) {
      if (!openapi) continue;
      const operation = document.paths[openapi.path]?.[openapi.method.toLowerCase()];
      expect(operation, `${openapi.method} ${openapi.path}`).toBeDefined();
      if (operation?.security?.length === 0) {
        open.push(path);
        continue;
      }
      expect(operation?.security, `${path} requires the bearer token`).toEqual([{ Authorization: [] }]);
      expect(operation?.responses['401'], `${path} documents the 401 of a missing or expired token`).toBeDefined();
    }
    expect(open.sort()).toEqual(
      Object.keys(PUBLIC_PROCEDURES)
        .filter((p) => byPath.get(p))
        .sort(),
    );
  });
});
