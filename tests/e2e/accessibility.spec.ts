// Accessibility (issue 18): axe-core over every screen of the route table, for each role that sees
// different screens, at desktop width and at 360 px; any serious or critical violation fails. The
// records the screens show (a budget with proposals, a sold copy of it, a client, a supplier, a
// hotel, a task, staff) are made through the API once per worker, in an agency of their own, and
// each role logs in once (its storage state is reused by every page). A route added to the router
// without a screen here fails the run. Then the comboboxes: a choice by typing and Enter, and a
// search with no match that says so. Then the budget editor filled with services, a cancelled one
// among them, with axe's check that each control's name holds its visible text.
import { readFileSync } from 'node:fs';
import { LIVE_EVENTS_PATH } from '@app/shared/events';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Page, Request } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, linkPath, login, uniqueEmail, waitForMail } from './support/app';
import { addStaff, setSubscription } from './support/billing';
import { seedBudget } from './support/budget-seed';
import { uniqueName, validCpf } from './support/crm';
import { test as base, expect } from './support/fixtures';

type Role = 'owner' | 'administrador' | 'colaborador' | 'super_admin';
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** What the screens with an id open, and each role's signed-in storage state. */
type World = {
  states: Record<Role, StorageState>;
  /** The owner's API token, for records a test makes of its own. */
  ownerToken: string;
  ownerId: number;
  sellerId: number;
  clientId: number;
  attendanceId: number;
  budgetId: number;
  proposalId: number;
  serviceId: number;
  soldBudgetId: number;
  supplierId: number;
  hotelId: number;
  landingPageId: string;
  activationPath: string;
  denyPath: string;
  resetPath: string;
};

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(
  request: APIRequestContext,
  token: string | null,
  method: 'get' | 'post' | 'patch' | 'put',
  path: string,
  data?: unknown,
) {
  const res = await request[method](path, { ...(token ? { headers: auth(token) } : {}), ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

async function signedInState(browser: Browser, baseURL: string, email: string, password: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const page = await context.newPage();
  await login(page, email, password);
  const state = await context.storageState();
  await context.close();
  return state;
}

async function buildWorld(request: APIRequestContext, browser: Browser, baseURL: string): Promise<World> {
  const seeded = await seedBudget(request);
  const { agency, token } = seeded;
  // A paying agency: no trial warning over the screens.
  await setSubscription(request, agency, { status: 'active', current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString() });
  const [manager, seller] = [await addStaff(request, agency, 'administrador'), await addStaff(request, agency, 'colaborador')];

  const budget = await call<{ attendance_id: number; client: { id: number }; landing_page_id: string }>(
    request,
    token,
    'get',
    `/api/budgets/${seeded.budgetId}`,
  );
  await call(request, token, 'patch', `/api/budgets/${seeded.budgetId}`, { status: 'sent' });
  // A copy of the budget, accepted by the customer and sold: the closed sale and its reservations.
  const copy = await call<{ id: number; landing_page_id: string; proposals: { id: number }[] }>(
    request,
    token,
    'post',
    '/api/budgets/duplicate',
    {
      id: seeded.budgetId,
    },
  );
  await call(request, token, 'patch', `/api/budgets/${copy.id}`, { status: 'sent' });
  await call(request, null, 'put', `/api/budgets/accept/${copy.landing_page_id}`, {
    proposal_id: copy.proposals[0]?.id,
    name: 'Ana Viajante',
    email: 'ana.viajante@e2e.test',
  });
  await call(request, token, 'put', `/api/budgets/sell/${copy.id}`, { installments: 2 });

  const supplier = await call<{ id: number }>(request, token, 'post', '/api/suppliers', {
    kind: 'person',
    name: uniqueName('Receptivo Axe'),
    cpf: validCpf(),
    service_types: ['tour', 'transfer'],
  });
  const hotel = await call<{ favorite_hotel: { id: number } }>(request, token, 'post', '/api/favorite-hotels', {
    name: uniqueName('Hotel Axe'),
    location: 'Lisboa, Portugal',
    stars: 4,
    supplier_id: supplier.id,
  });
  await call(request, token, 'post', '/api/tasks', { title: uniqueName('Emitir bilhetes'), priority: 'urgent' });

  // Public pages with a token: a registration not yet confirmed, a password reset asked for.
  const pendingEmail = uniqueEmail('pend');
  await call(request, token, 'post', '/api/users', { user: { name: 'Pessoa Pendente', email: pendingEmail, role: 'colaborador' } });
  const registration = await waitForMail(request, pendingEmail, /confirme seu cadastro/i);
  await call(request, null, 'post', '/api/forgot/password', { email: seller.email });
  const reset = await waitForMail(request, seller.email, /redefinição de senha/);

  return {
    states: {
      owner: await signedInState(browser, baseURL, agency.owner.email, agency.owner.password),
      administrador: await signedInState(browser, baseURL, manager.email, manager.password),
      colaborador: await signedInState(browser, baseURL, seller.email, seller.password),
      super_admin: await signedInState(browser, baseURL, DEMO.superAdmin.email, DEMO_PASSWORD),
    },
    ownerToken: token,
    ownerId: agency.owner.id,
    sellerId: seller.id,
    clientId: budget.client.id,
    attendanceId: budget.attendance_id,
    budgetId: seeded.budgetId,
    proposalId: seeded.lisboa.id,
    serviceId: seeded.lisboa.hotel,
    soldBudgetId: copy.id,
    supplierId: supplier.id,
    hotelId: hotel.favorite_hotel.id,
    landingPageId: budget.landing_page_id,
    activationPath: linkPath(registration, /activate-user/),
    denyPath: linkPath(registration, /deny-user/),
    resetPath: linkPath(reset, /\/definir-senha\//),
  };
}

const test = base.extend<{ role: Role | null }, { world: World }>({
  role: [null, { option: true }],
  world: [
    async ({ browser, playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL as string;
      const request = await playwright.request.newContext({ baseURL });
      await use(await buildWorld(request, browser, baseURL));
      await request.dispose();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  storageState: async ({ role, world }, use) => {
    await use(role ? world.states[role] : { cookies: [], origins: [] });
  },
});

/** `area` groups the screens into tests of a reasonable length. */
type Screen = { name: string; area: Area; path: (w: World) => string; roles: readonly Role[] };
type Area = 'atendimentos e clientes' | 'orçamentos e vendas' | 'cadastros e conta' | 'parametrização' | 'sistema';
const AREAS: readonly Area[] = ['atendimentos e clientes', 'orçamentos e vendas', 'cadastros e conta', 'parametrização', 'sistema'];

const ALL: readonly Role[] = ['owner', 'administrador', 'colaborador', 'super_admin'];
const STAFF: readonly Role[] = ['owner', 'administrador', 'colaborador'];
const OWNER: readonly Role[] = ['owner'];
const SYSTEM: readonly Role[] = ['super_admin'];
const at = (path: string) => () => path;

/**
 * The route table's screens (apps/web/src/router.tsx). Every screen for the owner; the other roles
 * on the screens that change with the role (the menu, user management, follow-ups, the agency's
 * data, payment methods), and the system company's screens for the super_admin. /atendimentos is
 * the home screen again, so not a screen of its own.
 */
const SCREENS: readonly Screen[] = [
  { name: 'Atendimentos (lista)', area: 'atendimentos e clientes', path: at('/'), roles: ALL },
  { name: 'Atendimentos (funil)', area: 'atendimentos e clientes', path: at('/?visao=funil'), roles: OWNER },
  { name: 'Atendimento', area: 'atendimentos e clientes', path: (w) => `/atendimento/${w.attendanceId}`, roles: OWNER },
  { name: 'Novo atendimento', area: 'atendimentos e clientes', path: at('/atendimento-leader'), roles: OWNER },
  { name: 'Editar atendimento', area: 'atendimentos e clientes', path: (w) => `/atendimento-leader/${w.attendanceId}`, roles: OWNER },
  { name: 'Clientes', area: 'atendimentos e clientes', path: at('/clientes'), roles: OWNER },
  { name: 'Editar cliente', area: 'atendimentos e clientes', path: (w) => `/clientes/${w.clientId}`, roles: OWNER },
  { name: 'Cliente', area: 'atendimentos e clientes', path: (w) => `/clientes-pessoa-interna/${w.clientId}`, roles: OWNER },
  { name: 'Importar clientes', area: 'atendimentos e clientes', path: at('/clientes/import'), roles: OWNER },
  { name: 'Usuários', area: 'cadastros e conta', path: at('/usuarios'), roles: ALL },
  { name: 'Usuário (colaborador)', area: 'cadastros e conta', path: (w) => `/usuario-view/${w.sellerId}`, roles: OWNER },
  {
    name: 'Usuário (proprietária)',
    area: 'cadastros e conta',
    path: (w) => `/usuario-view/${w.ownerId}`,
    roles: ['administrador', 'colaborador'],
  },
  { name: 'Orçamentos', area: 'orçamentos e vendas', path: at('/orcamentos'), roles: OWNER },
  { name: 'Novo orçamento', area: 'orçamentos e vendas', path: at('/novo-orcamento'), roles: OWNER },
  { name: 'Modelos de orçamento', area: 'orçamentos e vendas', path: at('/modelos-de-orcamento'), roles: OWNER },
  { name: 'Editor do orçamento', area: 'orçamentos e vendas', path: (w) => `/novo-orcamento/${w.budgetId}`, roles: OWNER },
  { name: 'Duplicar orçamento', area: 'orçamentos e vendas', path: (w) => `/duplicate-orcamento/${w.budgetId}`, roles: OWNER },
  { name: 'Informações do orçamento', area: 'orçamentos e vendas', path: (w) => `/orcamento-infor/${w.budgetId}`, roles: OWNER },
  { name: 'Valor total', area: 'orçamentos e vendas', path: (w) => `/valor-total/${w.budgetId}`, roles: OWNER },
  { name: 'Linha do tempo', area: 'orçamentos e vendas', path: (w) => `/orcamento-timeline/${w.budgetId}/${w.proposalId}`, roles: OWNER },
  {
    name: 'Linha do tempo (serviço)',
    area: 'orçamentos e vendas',
    path: (w) => `/orcamento-timeline/${w.budgetId}/${w.proposalId}/${w.serviceId}`,
    roles: OWNER,
  },
  { name: 'Venda fechada', area: 'orçamentos e vendas', path: (w) => `/venda-fechada/${w.soldBudgetId}`, roles: OWNER },
  { name: 'Reserva do orçamento', area: 'orçamentos e vendas', path: (w) => `/orcamento-reserva/${w.soldBudgetId}`, roles: OWNER },
  { name: 'Painel da agência', area: 'orçamentos e vendas', path: at('/painel'), roles: STAFF },
  { name: 'Contas a receber', area: 'orçamentos e vendas', path: at('/contas-a-receber'), roles: STAFF },
  { name: 'Contas a pagar', area: 'orçamentos e vendas', path: at('/contas-a-pagar'), roles: STAFF },
  { name: 'Comissões', area: 'orçamentos e vendas', path: at('/comissoes'), roles: STAFF },
  { name: 'Notas fiscais', area: 'orçamentos e vendas', path: at('/notas-fiscais'), roles: STAFF },
  { name: 'Tarefas', area: 'atendimentos e clientes', path: at('/tarefas'), roles: STAFF },
  { name: 'Fornecedores', area: 'cadastros e conta', path: at('/fornecedores'), roles: OWNER },
  { name: 'Fornecedor', area: 'cadastros e conta', path: (w) => `/fornecedor/${w.supplierId}/passeio`, roles: OWNER },
  { name: 'Importar fornecedores', area: 'cadastros e conta', path: at('/fornecedores/import'), roles: OWNER },
  { name: 'Seu plano', area: 'cadastros e conta', path: at('/seu-plano'), roles: OWNER },
  { name: 'Relatório de acessos', area: 'cadastros e conta', path: at('/relatorio-de-acessos'), roles: OWNER },
  {
    name: 'Relatório de acessos: dados pessoais',
    area: 'cadastros e conta',
    path: at('/relatorio-de-acessos?aba=dados-pessoais'),
    roles: OWNER,
  },
  { name: 'Meu perfil', area: 'cadastros e conta', path: at('/perfil'), roles: ALL },
  { name: 'Hotéis favoritos', area: 'cadastros e conta', path: at('/hoteis'), roles: OWNER },
  { name: 'Hotel favorito', area: 'cadastros e conta', path: (w) => `/hotel/${w.hotelId}`, roles: OWNER },
  { name: 'Serviços', area: 'cadastros e conta', path: at('/servicos'), roles: OWNER },
  { name: 'Hospedagem', area: 'parametrização', path: at('/hospedagem/1'), roles: OWNER },
  { name: 'Aéreo', area: 'parametrização', path: at('/aereo/1'), roles: OWNER },
  { name: 'Localidade', area: 'parametrização', path: at('/localidade/1'), roles: OWNER },
  { name: 'Locação', area: 'parametrização', path: at('/locacao/1'), roles: OWNER },
  { name: 'Cruzeiro', area: 'parametrização', path: at('/cruzeiro/1'), roles: OWNER },
  { name: 'Checklist', area: 'parametrização', path: at('/checklist/1'), roles: OWNER },
  { name: 'Bandeiras de cartão', area: 'parametrização', path: at('/financeiro/1'), roles: OWNER },
  { name: 'Formas de pagamento', area: 'parametrização', path: at('/financeiro/2'), roles: STAFF },
  { name: 'Cotações de moedas', area: 'parametrização', path: at('/financeiro/3'), roles: OWNER },
  { name: 'Modelos de contrato', area: 'parametrização', path: at('/financeiro/4'), roles: OWNER },
  { name: 'Agências', area: 'sistema', path: at('/sistema/agencias'), roles: SYSTEM },
  { name: 'Planos', area: 'sistema', path: at('/sistema/planos'), roles: SYSTEM },
  { name: 'Filas', area: 'sistema', path: at('/sistema/filas'), roles: SYSTEM },
  { name: 'Registro inexistente', area: 'atendimentos e clientes', path: at('/atendimento/999999999'), roles: OWNER },
  { name: 'Endereço inexistente', area: 'atendimentos e clientes', path: at('/endereco-que-nao-existe'), roles: OWNER },
];

/** Screens without a session. */
const PUBLIC_SCREENS: readonly Pick<Screen, 'name' | 'path'>[] = [
  { name: 'Entrar', path: at('/login') },
  { name: 'Recuperar senha', path: at('/recuperar-senha') },
  { name: 'Definir nova senha', path: (w) => w.resetPath },
  { name: 'Confirmar cadastro', path: (w) => w.activationPath },
  { name: 'Recusar cadastro', path: (w) => w.denyPath },
  { name: 'Página do orçamento', path: (w) => `/landing-page/${w.landingPageId}` },
  { name: 'Página do orçamento inexistente', path: at('/landing-page/nao-existe') },
  { name: 'Endereço inexistente', path: at('/endereco-que-nao-existe') },
];

/** Routes that show a screen of the run again: the home screen. */
const SAME_SCREEN_ROUTES = ['/atendimentos'];

/** A route pattern of the router ('/clientes/:id?') as a regular expression of its addresses. */
function routePattern(route: string): RegExp {
  const segments = route
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${segment}`));
  return new RegExp(`^${segments.join('') || '/'}$`);
}

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: '360 px', viewport: { width: 360, height: 740 } },
] as const;

const FAILING_IMPACTS = new Set(['serious', 'critical']);
/**
 * A test's time: its context's first page (the app's code), then a page load and an axe run per
 * screen, with room for a busy machine.
 */
const testTimeout = (screens: number) => 60_000 + screens * 25_000;

/**
 * Each page's requests under way, but the live events stream: a signed-in screen keeps it open
 * (the browser's own 'networkidle' never comes).
 */
const underWay = new WeakMap<Page, Set<Request>>();

function requestsOf(page: Page): Set<Request> {
  let requests = underWay.get(page);
  if (!requests) {
    const tracked = new Set<Request>();
    page.on('request', (r) => {
      if (new URL(r.url()).pathname !== LIVE_EVENTS_PATH) tracked.add(r);
    });
    page.on('requestfinished', (r) => tracked.delete(r));
    page.on('requestfailed', (r) => tracked.delete(r));
    underWay.set(page, tracked);
    requests = tracked;
  }
  return requests;
}

/** Opens a screen with its requests followed, for `settled`. */
async function open(page: Page, path: string) {
  requestsOf(page);
  await page.goto(path);
}

/** The screen is shown: its heading is on screen, nothing is loading and the network is quiet (for 500 ms). */
async function settled(page: Page) {
  const requests = requestsOf(page);
  // A context's first page downloads the app's code: slow on a busy machine.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  let quietSince: number | null = null;
  await expect
    .poll(
      () => {
        if (requests.size > 0) quietSince = null;
        else quietSince ??= Date.now();
        return quietSince !== null && Date.now() - quietSince >= 500;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
}

/**
 * axe-core's serious and critical violations on the page, one line per rule (with up to 3
 * elements); `experimental` rules are run too.
 */
async function seriousViolations(page: Page, experimental: string[] = []): Promise<string[]> {
  const rules = Object.fromEntries(experimental.map((id) => [id, { enabled: true }]));
  const { violations } = await new AxeBuilder({ page }).options({ rules }).analyze();
  return violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` (${n.any[0].message})` : ''}`)
        .join('; ');
      return `${v.id} [${v.impact}] ×${v.nodes.length}: ${v.help} — ${nodes}`;
    });
}

async function checkScreen(page: Page, name: string, path: string) {
  await test.step(name, async () => {
    await open(page, path);
    await settled(page);
    const violations = await seriousViolations(page);
    if (violations.length)
      await test.info().attach(`axe: ${name}`, { body: JSON.stringify({ path, violations }), contentType: 'application/json' });
    expect.soft(violations, `${name} (${path})`).toEqual([]);
  });
}

for (const width of WIDTHS) {
  test.describe(`axe at ${width.name}`, () => {
    test.use({ viewport: width.viewport });

    for (const role of ALL) {
      test.describe(role, () => {
        test.use({ role });
        for (const area of AREAS) {
          const screens = SCREENS.filter((s) => s.area === area && s.roles.includes(role));
          if (!screens.length) continue;
          test(area, async ({ page, world }) => {
            test.setTimeout(testTimeout(screens.length));
            for (const screen of screens) await checkScreen(page, screen.name, screen.path(world));
          });
        }
      });
    }

    test('public pages', async ({ page, world }) => {
      test.setTimeout(testTimeout(PUBLIC_SCREENS.length));
      for (const screen of PUBLIC_SCREENS) await checkScreen(page, screen.name, screen.path(world));
    });
  });
}

test('every route of the router is in the run', async ({ world }) => {
  const router = readFileSync(new URL('../../apps/web/src/router.tsx', import.meta.url), 'utf8');
  const routes = [...router.matchAll(/screen\(\s*'([^']+)'/g)].map((m) => m[1] as string);
  expect(routes.length, 'routes read from router.tsx').toBeGreaterThan(30);
  const paths = [...SCREENS, ...PUBLIC_SCREENS].map((screen) => screen.path(world).split('?')[0] as string);
  const missing = routes.filter((route) => !SAME_SCREEN_ROUTES.includes(route) && !paths.some((path) => routePattern(route).test(path)));
  expect(missing, 'routes without a screen in SCREENS or PUBLIC_SCREENS').toEqual([]);
});

test.describe('comboboxes', () => {
  test.use({ role: 'owner' });

  test('a choice by typing and Enter; a search with no match says so', async ({ page }) => {
    await page.goto('/perfil');
    // The agency's state (a searchable Select, like every list of fixed options).
    const state = page.getByRole('combobox', { name: 'UF' });
    await state.click();
    await expect(page.getByRole('listbox', { name: 'UF' })).toBeVisible();
    await state.pressSequentially('SP');
    await state.press('Enter');
    await expect(page.getByRole('listbox', { name: 'UF' })).toBeHidden();
    // Chosen, not just typed: leaving the field keeps it (a search without a choice is cleared).
    await state.press('Tab');
    await expect(state).toHaveValue('SP');

    await state.fill('ZZ');
    await expect(page.getByRole('listbox', { name: 'UF' })).toHaveText('Nenhum resultado');
    await state.press('Escape');
    await expect(page.getByRole('listbox', { name: 'UF' })).toBeHidden();
  });
});

test.describe('the budget editor with its services, a cancelled one among them', () => {
  test.use({ role: 'owner' });

  test('no serious violation at either width, each control named by its visible text', async ({ page, request, world }) => {
    // Two widths of a long screen, and a copy of the budget made first.
    test.setTimeout(testTimeout(4));
    // A copy of the budget of its own, one of its services cancelled with a refund.
    type Tree = { id: number; proposals: { services: { id: number; title: string }[] }[] };
    const copy = await call<Tree>(request, world.ownerToken, 'post', '/api/budgets/duplicate', { id: world.budgetId });
    const canceled = copy.proposals[0]?.services[0] as { id: number; title: string };
    await call(request, world.ownerToken, 'post', '/api/refunds/', { service_id: canceled.id, refund_cents: 10_000, penalty_cents: 5_000 });

    for (const width of WIDTHS) {
      await test.step(width.name, async () => {
        await page.setViewportSize(width.viewport);
        await open(page, `/novo-orcamento/${copy.id}`);
        await settled(page);
        const row = page.getByTestId('service-row').filter({ hasText: canceled.title });
        await expect(row).toContainText('Cancelado');
        await expect(page.getByTestId('service-row')).toHaveCount(copy.proposals[0]?.services.length ?? 0);
        const violations = await seriousViolations(page, ['label-content-name-mismatch']);
        expect.soft(violations, `budget editor at ${width.name}`).toEqual([]);
      });
    }
  });
});
