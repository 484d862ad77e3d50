// `npm test`: unit + API integration (vitest) and Chromium journeys (Playwright), then one
// closing line 'N passed, N failed'. With CI=true the machine's PostgreSQL and Redis are used
// and Chromium is installed from Debian; nothing is skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ensureWebBuilt, PNPM, ROOT, run } from './lib.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
ensureInstalled();

// `npm run test:unit`: the unit tier alone, no services. With --collect it first collects every
// test file (integration ones too), which is how `.ci/run` proves a newcomer's `npm test` starts.
if (process.argv.includes('--unit')) {
  const vitest = (args) => spawnSync('npx', [...PNPM, 'exec', 'vitest', ...args], { cwd: ROOT, stdio: 'inherit' }).status;
  if (process.argv.includes('--collect')) {
    const collected = spawnSync('npx', [...PNPM, 'exec', 'vitest', 'list', '--filesOnly'], { cwd: ROOT, encoding: 'utf8' });
    const listed = spawnSync('npx', [...PNPM, 'exec', 'vitest', 'list'], { cwd: ROOT, encoding: 'utf8' });
    if (listed.status !== 0) {
      process.stdout.write(listed.stdout + listed.stderr);
      console.error('✖ Some test files fail to collect without services.');
      process.exit(1);
    }
    console.log(`▸ ${collected.stdout.trim().split('\n').length} test files collected without services.`);
  }
  process.exit(vitest(['run', '--project', 'unit']) ?? 1);
}

const env = { ...process.env };
if (ci) {
  env.TEST_DATABASE_URL ??= 'postgresql://postgres@127.0.0.1:5432/postgres';
  env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  await ensureServices(env);
}

env.CHROMIUM_PATH = ensureChromium();
ensureWebBuilt();

const results = join(mkdtempSync(join(tmpdir(), 'agencia-tests-')), '');
const vitestJson = join(results, 'vitest.json');
const playwrightJson = join(results, 'playwright.json');

const unit = spawnSync(
  'npx',
  [...PNPM, 'exec', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env,
  },
);

let e2eDatabase;
if (env.TEST_DATABASE_URL) e2eDatabase = await createEmptyDatabase(env.TEST_DATABASE_URL, `app_e2e_${Date.now()}`);
const e2e = spawnSync('npx', [...PNPM, '--filter', '@app/tests', 'exec', 'playwright', 'test'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    E2E_SKIP_BUILD: '1',
    ...(e2eDatabase ? { E2E_DATABASE_URL: e2eDatabase.url } : {}),
  },
});
await e2eDatabase?.drop();

const count = (file, read) => (existsSync(file) ? read(JSON.parse(readFileSync(file, 'utf8'))) : { passed: 0, failed: 1, skipped: 0 });
const u = count(vitestJson, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }));
const p = count(playwrightJson, (r) => ({
  passed: r.stats.expected + r.stats.flaky,
  failed: r.stats.unexpected,
  skipped: r.stats.skipped,
}));
const passed = u.passed + p.passed;
const failed = u.failed + p.failed + (unit.status !== 0 && u.failed === 0 ? 1 : 0) + (e2e.status !== 0 && p.failed === 0 ? 1 : 0);
const skipped = u.skipped + p.skipped;
// The names of what failed come last, so that a log read from its tail still says what broke.
for (const name of failedNames()) console.log(`✖ ${name}`);
console.log(`\nvitest: ${u.passed} passed, ${u.failed} failed · playwright: ${p.passed} passed, ${p.failed} failed`);
if (ci && skipped > 0) {
  console.log(`${skipped} tests were skipped, which CI does not allow.`);
}
console.log(`${passed} passed, ${failed + (ci ? skipped : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || (ci && skipped > 0) ? 1 : 0);

function failedNames() {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
  const names = [];
  for (const file of read(vitestJson)?.testResults ?? []) {
    const where = file.name.slice(ROOT.length + 1);
    for (const test of file.assertionResults) if (test.status === 'failed') names.push(`${where} › ${test.fullName}`);
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) names.push(`${where} (${file.message})`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === 'unexpected'))
        names.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of read(playwrightJson)?.suites ?? []) walk(suite, []);
  return names;
}

function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((p) => p && existsSync(p));
  if (found) return found;
  if (existsSync('/usr/bin/apt-get')) {
    console.log('▸ Instalando o Chromium (apt-get install chromium)…');
    const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
    run(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), 'update'], { stdio: 'ignore' });
    run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), 'install', '-y', '--no-install-recommends', 'chromium'], {
      env: { DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  // Elsewhere (macOS, other Linux): Playwright's own Chromium build.
  console.log('▸ Instalando o Chromium do Playwright…');
  run('npx', [...PNPM, '--filter', '@app/tests', 'exec', 'playwright', 'install', 'chromium']);
  return '';
}

async function pgClient(url) {
  const require = createRequire(join(ROOT, 'packages/db/package.json'));
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

async function createEmptyDatabase(adminUrl, name) {
  const admin = await pgClient(adminUrl);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await pgClient(adminUrl);
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** CI machines run PostgreSQL and Redis; start them with the documented commands if down. */
async function ensureServices(e) {
  try {
    (await pgClient(e.TEST_DATABASE_URL)).end();
  } catch {
    spawnSync('sh', ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start'], { stdio: 'inherit' });
  }
  const redisUp = spawnSync('sh', ['-c', 'redis-cli -u "$REDIS_URL" ping'], { env: e, encoding: 'utf8' }).stdout?.includes('PONG');
  if (!redisUp) {
    spawnSync(
      'sh',
      [
        '-c',
        'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
      ],
      { stdio: 'inherit' },
    );
  }
}
