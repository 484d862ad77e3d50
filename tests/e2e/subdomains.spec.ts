// Agency subdomains in production (spec section 2, host redirects), in Chromium against a server
// with BASE_DOMAIN=agencia.test: every *.agencia.test name resolves to this machine. The session
// moves between hosts through a one-time code, never the token in an address.
import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, KEYS, storage } from './support/app';
import { createAgency } from './support/billing';
import { test as base, expect } from './support/fixtures';
import { HOST_RESOLVER_RULES, type HostsServer, startHostsServer } from './support/hosts';

type Hosts = HostsServer & { request: APIRequestContext };

const test = base.extend<object, { hosts: Hosts }>({
  // The CORS probes are pages the test serves itself, which Chromium's local-network checks would
  // otherwise keep from calling this machine at all (before CORS has its say).
  launchOptions: [
    async ({ launchOptions }, use) =>
      use({ ...launchOptions, args: [...(launchOptions.args ?? []), HOST_RESOLVER_RULES, '--disable-features=LocalNetworkAccessChecks'] }),
    { scope: 'worker' },
  ],
  hosts: [
    async ({ playwright }, use) => {
      const server = await startHostsServer();
      const request = await playwright.request.newContext({ baseURL: server.api });
      await use({ ...server, request });
      await request.dispose();
      await server.stop();
    },
    // A fresh embedded database is migrated and seeded first.
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** Signs in on the main host's /login. */
async function loginOnMain(page: Page, hosts: Hosts, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${hosts.main}/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ownerToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), `login ${email}: ${res.status()}`).toBeTruthy();
  return (await res.json()).token as string;
}

/** A new agency (trialing on the paid plan, so with custom_subdomain) whose owner chose `subdomain`. */
async function agencyWithSubdomain(request: APIRequestContext, subdomain: string) {
  const agency = await createAgency(request);
  const token = await ownerToken(request, agency.owner.email, agency.owner.password);
  const res = await request.patch('/api/profile', { headers: auth(token), data: { subdomain } });
  expect(res.ok(), `subdomain: ${res.status()} ${await res.text()}`).toBeTruthy();
  return { ...agency, token };
}

const suffix = () => Math.random().toString(36).slice(2, 8);
/** A move to another host loads the app anew there (and a login hashes a password first). */
const MOVE = { timeout: 30_000 };

test.describe('agency subdomains (BASE_DOMAIN)', () => {
  test.slow();

  test("signed out on an agency's subdomain: the main host's /login", async ({ page, hosts }) => {
    await page.goto(`${hosts.sub('demo')}/`);
    await expect(page).toHaveURL(`${hosts.main}/login`, MOVE);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await page.goto(`${hosts.sub('demo')}/clientes`);
    await expect(page).toHaveURL(`${hosts.main}/login`, MOVE);
  });

  test('an owner whose agency has a subdomain and custom_subdomain signs in on the main host and lands signed in on the subdomain', async ({
    page,
    hosts,
  }) => {
    await loginOnMain(page, hosts, DEMO.owner.email);
    await expect(page).toHaveURL(`${hosts.sub('demo')}/`, MOVE);
    await expect(page.getByTestId('user-name')).toHaveText(DEMO.owner.name);
    await expect(page).toHaveTitle('Atendimentos | Agência CRM');
    expect(await storage(page, KEYS.accessToken)).toBeTruthy();
    expect(await storage(page, KEYS.subdomain)).toBe('demo');

    // The session moved: the main host holds none, and sends a signed-out visitor to its login.
    await page.goto(`${hosts.main}/clientes`);
    await expect(page).toHaveURL(`${hosts.main}/login`, MOVE);
    expect(await storage(page, KEYS.accessToken)).toBeNull();

    // Back on the subdomain, still signed in; 'Sair' ends it and leads to the main host's login.
    await page.goto(`${hosts.sub('demo')}/clientes`);
    await expect(page.getByTestId('user-name')).toHaveText(DEMO.owner.name);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${hosts.main}/login`, MOVE);
    await page.goto(`${hosts.sub('demo')}/`);
    await expect(page).toHaveURL(`${hosts.main}/login`, MOVE);
  });

  test('a handoff link works once', async ({ page, hosts, browser }) => {
    const token = await ownerToken(hosts.request, DEMO.owner.email, DEMO_PASSWORD);
    const res = await hosts.request.post('/trpc/auth.handoff', { headers: auth(token), data: { path: '/tarefas' } });
    expect(res.ok()).toBeTruthy();
    const url = (await res.json()).result.data.url as string;
    expect(url.startsWith(`${hosts.sub('demo')}/entrar#`)).toBe(true);

    await page.goto(url);
    await expect(page).toHaveURL(`${hosts.sub('demo')}/tarefas`, MOVE);
    await expect(page.getByTestId('user-name')).toHaveText(DEMO.owner.name);
    // The code left the address and the history.
    await page.goto(`${hosts.sub('demo')}/perfil`);
    await page.goBack();
    await expect(page).toHaveURL(`${hosts.sub('demo')}/tarefas`, MOVE);

    // Spent: in a fresh browser context the same link leads to the login.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(url);
    await expect(second).toHaveURL(`${hosts.main}/login`, MOVE);
    await other.close();
  });

  test('without custom_subdomain the owner stays on the main host, even with a stored subdomain', async ({ page, hosts }) => {
    const subdomain = `sem-recurso-${suffix()}`;
    const agency = await agencyWithSubdomain(hosts.request, subdomain);
    const plans = (await (await hosts.request.get('/api/plans', { headers: auth(agency.token) })).json()).plans as {
      id: number;
      amount_cents: number;
    }[];
    const free = plans.find((p) => p.amount_cents === 0);
    const moved = await hosts.request.post(`/api/plans/${free?.id}/subscribe`, {
      headers: auth(agency.token),
      data: { email: agency.owner.email },
    });
    expect(moved.ok(), await moved.text()).toBeTruthy();

    await loginOnMain(page, hosts, agency.owner.email, agency.owner.password);
    await expect(page).toHaveURL(`${hosts.main}/`, MOVE);
    await expect(page.getByTestId('user-name')).toHaveText(agency.owner.name);
    expect(await storage(page, KEYS.subdomain)).toBe(subdomain);
    await page.getByRole('link', { name: 'Clientes' }).click();
    await expect(page).toHaveURL(`${hosts.main}/clientes`, MOVE);
  });

  test('the owner chooses the subdomain on /seu-plano; the session follows, and a checkout comes back to it signed in', async ({
    page,
    hosts,
  }) => {
    const agency = await createAgency(hosts.request);
    await loginOnMain(page, hosts, agency.owner.email, agency.owner.password);
    // No subdomain yet: the main host.
    await expect(page).toHaveURL(`${hosts.main}/`, MOVE);
    await page.goto(`${hosts.main}/seu-plano`);
    const field = page.getByRole('textbox', { name: 'Endereço próprio' });
    await field.fill('www');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByText('Endereço próprio está reservado')).toBeVisible();

    const subdomain = `minha-${suffix()}`;
    await field.fill(subdomain);
    await expect(page.getByText(`A agência fica em ${subdomain}.agencia.test`)).toBeVisible();
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page).toHaveURL(`${hosts.sub(subdomain)}/seu-plano`, MOVE);
    await expect(page.getByTestId('current-plan-name')).toHaveText('Plano Profissional');
    await expect(field).toHaveValue(subdomain);

    // Paying from the subdomain: the provider's page, then back to the subdomain, signed in.
    await page.getByTestId('plan-card').filter({ hasText: 'Plano Profissional' }).getByRole('button', { name: 'Assinar Plano' }).click();
    await expect(page).toHaveURL(/\/checkout-simulator\/cs_/);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL((url) => url.origin === hosts.sub(subdomain) && url.pathname === '/seu-plano', MOVE);
    await expect(page.getByText('Pagamento confirmado! O plano da sua agência está ativo.')).toBeVisible();
    await expect(page.getByTestId('plan-status')).toHaveText('Ativo');
    await expect(page.getByTestId('user-name')).toHaveText(agency.owner.name);
  });

  test("CORS answers an agency's subdomain and refuses a lookalike", async ({ page, hosts }) => {
    const console: string[] = [];
    page.on('console', (message) => console.push(message.text()));
    // Pages of those origins without the app's CSP (served by the test), calling the main host's
    // API with a token (a preflighted request).
    const probe = async (origin: string) => {
      await page.route(`${origin}/cors-probe`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>probe</title>' }),
      );
      await page.goto(`${origin}/cors-probe`);
      return page.evaluate(async (url) => {
        try {
          return (await fetch(url, { headers: { Authorization: 'Bearer nada' } })).status;
        } catch {
          return 'refused';
        }
      }, `${hosts.main}/trpc/profile.get`);
    };
    // Answered: the server's own 401 reaches the page.
    expect(await probe(hosts.sub('demo'))).toBe(401);
    const port = new URL(hosts.main).port;
    for (const lookalike of [`http://evil-agencia.test:${port}`, `http://demo.agencia.test.evil.com:${port}`]) {
      expect(await probe(lookalike), lookalike).toBe('refused');
      expect(console.some((line) => line.includes(`from origin '${lookalike}'`) && line.includes('Access-Control-Allow-Origin'))).toBe(
        true,
      );
    }
  });
});
