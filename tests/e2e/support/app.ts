// Shared steps of the journeys: demo logins, the local outbox, users made for one test.
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo12345';

/** The seed's demo users (packages/db/src/seed.ts). */
export const DEMO = {
  superAdmin: { email: 'root@sistema.test', name: 'Root do Sistema', role: 'super_admin' },
  owner: { email: 'dono@demo.test', name: 'Dona Demo', role: 'owner' },
  admin: { email: 'admin@demo.test', name: 'Admin Demo', role: 'administrador' },
  colaborador: { email: 'colab@demo.test', name: 'Colab Demo', role: 'colaborador' },
  outraOwner: { email: 'dono@outra.test', name: 'Dono Outra', role: 'owner' },
} as const;

/** The session's local storage keys (packages/shared STORAGE_KEYS). */
export const KEYS = {
  accessToken: 'agencia_crm_access_token',
  user: 'user',
  status: 'status',
  daysRemaining: 'days_remaining',
  subdomain: 'subdomain',
  accessUser: 'access_user',
  navExpand: 'navExpand',
  valueDisplayVisibility: 'valueDisplayVisibility',
} as const;

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@e2e.test`;
}

/** Signs in through the login screen; `press` 'tap' for a touch screen (the page's context needs hasTouch). */
export async function login(page: Page, email: string, password = DEMO_PASSWORD, press: 'click' | 'tap' = 'click'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' })[press]();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

export async function storage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** The notification bar: 'Erro {code} - {message}'. */
export const notificationBar = (page: Page) => page.getByTestId('notification-bar');

export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await request.post('/api/login', { data: { email, password } });
  expect(res.ok(), `login of ${email}: ${res.status()}`).toBeTruthy();
  return (await res.json()).token as string;
}

type Mail = { to: string; subject: string; text: string; html: string; createdAt: string };

/** Waits for an e-mail to `to` in the local outbox (GET /dev/outbox.json) whose subject matches. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
        const mails = (await res.json()) as Mail[];
        found = mails.find((m) => subject.test(m.subject));
        return !!found;
      },
      { message: `e-mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as Mail;
}

/** The path of the first link in an e-mail's text that matches (links point at the server's APP_URL). */
export function linkPath(mail: Mail, pattern: RegExp): string {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((u) => pattern.test(u));
  expect(url, `link ${pattern} in "${mail.subject}"`).toBeTruthy();
  const { pathname, search } = new URL(url as string);
  return pathname + search;
}

export type TestUser = { id: number; name: string; email: string; password: string; role: string };

/**
 * A user of the demo agency made for one test: created by the owner through the API (pending,
 * with a registration e-mail) and, unless `activate` is false, activated with a password.
 */
export async function createUser(
  request: APIRequestContext,
  opts: { role?: 'owner' | 'administrador' | 'colaborador'; activate?: boolean; name?: string } = {},
): Promise<TestUser> {
  const ownerToken = await apiToken(request, DEMO.owner.email);
  const email = uniqueEmail();
  const name = opts.name ?? `Teste ${email.slice(4, 16)}`;
  const role = opts.role ?? 'colaborador';
  const res = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { user: { name, email, role } },
  });
  expect(res.ok(), `create user: ${res.status()} ${await res.text()}`).toBeTruthy();
  const created = (await res.json()) as { id: number };
  const password = `senha-${randomUUID().slice(0, 8)}`;
  if (opts.activate !== false) {
    const mail = await waitForMail(request, email, /confirme seu cadastro/i);
    const token = linkPath(mail, /activate-user/)
      .split('/')
      .pop() as string;
    const act = await request.post(`/api/registration/activate-user/${token}`, { data: { password, password_confirmation: password } });
    expect(act.ok(), `activate: ${act.status()} ${await act.text()}`).toBeTruthy();
  }
  return { id: created.id, name, email, password, role };
}
