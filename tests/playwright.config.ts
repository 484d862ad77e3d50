import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { startExchangeRateServer } from './e2e/support/exchange-rate-server';
import { startNfseNational } from './e2e/support/nfse-national';
import { startPipedriveServer } from './e2e/support/pipedrive-server';
import { startPostalCodeServer } from './e2e/support/postal-code-server';

// Journeys in Chromium from Debian (apt-get install -y chromium): no browser download here.
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.E2E_PORT ?? 3100);
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://localhost:${PORT}`;

// A fresh embedded database per run (migrated and seeded on the server's first start). Made once,
// in the main process (the workers inherit it through the environment), and removed when that
// process exits, after the server has been stopped. An E2E_DATA_DIR given from outside is kept.
if (!process.env.E2E_DATA_DIR && process.env.TEST_WORKER_INDEX === undefined) {
  const dataDir = mkdtempSync(join(tmpdir(), 'agencia-crm-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

// Third parties are faked at the network boundary: the postal-code lookup answers from a local
// server of the main process (the server under test reaches it through POSTAL_CODE_API_URL).
if (!externalBaseUrl && !process.env.E2E_POSTAL_CODE_API_URL && process.env.TEST_WORKER_INDEX === undefined) {
  process.env.E2E_POSTAL_CODE_API_URL = await startPostalCodeServer();
}
// The exchange-rate service likewise (EXCHANGE_RATE_API_URL); journeys set its rates through it.
if (!externalBaseUrl && !process.env.E2E_EXCHANGE_RATE_API_URL && process.env.TEST_WORKER_INDEX === undefined) {
  process.env.E2E_EXCHANGE_RATE_API_URL = await startExchangeRateServer();
}

// Pipedrive likewise (PIPEDRIVE_API_URL): the integration connects to and pushes deals to it.
if (!externalBaseUrl && !process.env.E2E_PIPEDRIVE_API_URL && process.env.TEST_WORKER_INDEX === undefined) {
  process.env.E2E_PIPEDRIVE_API_URL = await startPipedriveServer();
}

// The national NFS-e issuer likewise (NFSE_NATIONAL_URL, over mTLS with a test CA in NFSE_CA_FILE):
// the journeys ask it for A1 certificates and set its next answers (E2E_NFSE_CONTROL_URL).
if (!externalBaseUrl && !process.env.E2E_NFSE_NATIONAL_URL && process.env.TEST_WORKER_INDEX === undefined) {
  Object.assign(process.env, await startNfseNational());
}

// The server serves apps/web/dist, so the web app is built first (E2E_SKIP_BUILD=1 skips it).
const build = process.env.E2E_SKIP_BUILD ? '' : 'npm --prefix apps/web run build --silent -- --logLevel error && ';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  // npm test reads the counts from the JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME).
  reporter: [['list'], ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as ['json']] : [])],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // An empty CHROMIUM_PATH means Playwright's own Chromium (npm test installs it off Debian).
      executablePath: process.env.CHROMIUM_PATH === '' ? undefined : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: `${build}node --import tsx apps/api/src/main.ts`,
        cwd: REPO_ROOT,
        url: `${baseURL}/healthz`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          DATA_DIR: process.env.E2E_DATA_DIR ?? join(tmpdir(), 'agencia-crm-e2e'),
          LOG_LEVEL: 'warn',
          ...(process.env.E2E_POSTAL_CODE_API_URL ? { POSTAL_CODE_API_URL: process.env.E2E_POSTAL_CODE_API_URL } : {}),
          ...(process.env.E2E_EXCHANGE_RATE_API_URL ? { EXCHANGE_RATE_API_URL: process.env.E2E_EXCHANGE_RATE_API_URL } : {}),
          ...(process.env.E2E_PIPEDRIVE_API_URL
            ? { PIPEDRIVE_API_URL: process.env.E2E_PIPEDRIVE_API_URL, PIPEDRIVE_TOKEN_KEY: 'e2e-pipedrive-token-key-0123456789abcdef' }
            : {}),
          ...(process.env.E2E_NFSE_NATIONAL_URL && process.env.E2E_NFSE_CA_FILE
            ? {
                NFSE_NATIONAL_URL: process.env.E2E_NFSE_NATIONAL_URL,
                NFSE_NATIONAL_PRODUCTION_URL: `${process.env.E2E_NFSE_NATIONAL_URL}/producao-nao-usada`,
                NFSE_CA_FILE: process.env.E2E_NFSE_CA_FILE,
                // A lost answer is retried within the journey's time, not after the real issuer's 30 s.
                NFSE_TIMEOUT_MS: '5000',
              }
            : {}),
          ...(process.env.E2E_NFSE_GATEWAY_URL
            ? {
                NFSE_GATEWAY_URL: process.env.E2E_NFSE_GATEWAY_URL,
                NFSE_GATEWAY_PRODUCTION_URL: `${process.env.E2E_NFSE_GATEWAY_URL}/producao-nao-usada`,
              }
            : {}),
          // CI: the machine's PostgreSQL (a fresh database made by npm test) and Redis.
          ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
          ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        },
      },
});
