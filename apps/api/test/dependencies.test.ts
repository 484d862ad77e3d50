import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONFIG = '.dependency-cruiser.cjs';

/** The folders `npm run deps` cruises (its arguments after the config file): one list for developers and CI. */
function cruisedFolders(): string[] {
  const script: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.deps;
  const args = script.split(/\s+/);
  const folders = args.slice(args.indexOf(CONFIG) + 1);
  if (args[0] !== 'depcruise' || folders.length === 0)
    throw new Error(`package.json scripts.deps should be "depcruise --config ${CONFIG} <folders>": ${script}`);
  return folders;
}

/** An API module is a folder under apps/api/src/modules/; tests may reach across modules, code may not. */
const MODULE_FILE = /^apps\/api\/src\/modules\/([^/]+)\/(?!.*\.test\.ts$)/;

/** `node_modules/.pnpm/fastify@5.12.8/node_modules/fastify/fastify.js` -> `fastify/fastify.js`. */
const short = (path: string) => path.replace(/^.*node_modules\//, '');

let result: ICruiseResult;
let comments: Map<string, string | undefined>;

beforeAll(async () => {
  const options = await extractDepcruiseOptions(join(ROOT, CONFIG));
  comments = new Map((options.ruleSet?.forbidden ?? []).map((rule) => [rule.name ?? '', rule.comment]));
  const tsConfig = extractTSConfig(join(ROOT, options.tsConfig?.fileName ?? 'tsconfig.base.json'));
  const cruised = await cruise(cruisedFolders(), { ...options, baseDir: ROOT }, {}, { tsConfig });
  result = cruised.output as ICruiseResult;
}, 120_000);

describe('import rules (.dependency-cruiser.cjs)', () => {
  it('has no import cycle, no service on a transport, no run-time import of the API by the web app', () => {
    expect(result.summary.totalCruised, 'modules cruised').toBeGreaterThan(100);
    const violations = result.summary.violations.map((v) => {
      const chain = (v.cycle ?? v.via ?? []).map((step) => short(step.name));
      const path = v.type === 'cycle' ? [v.from, ...chain] : [v.from, ...(chain.length ? chain : [short(v.to)])];
      return `${v.rule.name}: ${path.join(' -> ')}`;
    });
    const why = [...new Set(result.summary.violations.map((v) => v.rule.name))].map((name) => `${name}: ${comments.get(name)}`);
    expect(violations.length, `${violations.length} violations\n  ${violations.join('\n  ')}\n\n${why.join('\n')}\n`).toBe(0);
  });

  it('has no two API modules importing each other', () => {
    // Module -> module it imports -> one example import, to name in the failure.
    const edges = new Map<string, Map<string, string>>();
    for (const mod of result.modules) {
      const from = MODULE_FILE.exec(mod.source)?.[1];
      if (!from) continue;
      for (const dep of mod.dependencies) {
        const to = MODULE_FILE.exec(dep.resolved)?.[1];
        if (!to || to === from) continue;
        const targets = edges.get(from) ?? new Map<string, string>();
        if (!targets.has(to)) targets.set(to, `${mod.source} -> ${dep.resolved}`);
        edges.set(from, targets);
      }
    }
    const mutual: string[] = [];
    for (const [a, targets] of edges) {
      for (const [b, example] of targets) {
        const back = edges.get(b)?.get(a);
        if (back && a < b) mutual.push(`${a} <-> ${b}\n    ${example}\n    ${back}`);
      }
    }
    expect(edges.size, 'API modules found').toBeGreaterThan(3);
    expect(mutual, `API modules that import each other:\n  ${mutual.join('\n  ')}`).toEqual([]);
  });
});
