// Agencies in a given plan state for the billing journeys, made through the product's own API:
// the super admin creates the agency (its owner confirms the e-mail link) and, as support staff,
// sets its subscription's status and dates (PATCH /api/admin/companies/{id}/subscription).
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { apiToken, DEMO, linkPath, type TestUser, uniqueEmail, waitForMail } from './app';

const DAY_MS = 86_400_000;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

export type Agency = { id: number; name: string; owner: TestUser };

/** Follows a registration e-mail's link through the API: the user is active with `password`. */
async function confirmRegistration(request: APIRequestContext, email: string): Promise<string> {
  const mail = await waitForMail(request, email, /confirme seu cadastro/i);
  const token = linkPath(mail, /activate-user/)
    .split('/')
    .pop() as string;
  const password = `senha-${randomUUID().slice(0, 8)}`;
  const res = await request.post(`/api/registration/activate-user/${token}`, { data: { password, password_confirmation: password } });
  expect(res.ok(), `activate ${email}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return password;
}

/** A new agency (trialing on the paid plan, as every new agency) with its confirmed owner. */
export async function createAgency(request: APIRequestContext): Promise<Agency> {
  const root = await apiToken(request, DEMO.superAdmin.email);
  const suffix = randomUUID().slice(0, 8);
  const name = `Agência E2E ${suffix}`;
  const owner = { name: `Dona ${suffix}`, email: uniqueEmail('dona') };
  const res = await request.post('/api/companies', { headers: auth(root), data: { company: { name }, owner } });
  expect(res.ok(), `create agency: ${res.status()} ${await res.text()}`).toBeTruthy();
  const { company, owner: created } = (await res.json()) as { company: { id: number }; owner: { id: number } };
  const password = await confirmRegistration(request, owner.email);
  return { id: company.id, name, owner: { id: created.id, ...owner, password, role: 'owner' } };
}

/** A confirmed administrador or colaborador of the agency, created by its owner. */
export async function addStaff(request: APIRequestContext, agency: Agency, role: 'administrador' | 'colaborador'): Promise<TestUser> {
  const token = await apiToken(request, agency.owner.email, agency.owner.password);
  const email = uniqueEmail(role.slice(0, 5));
  const name = `${role === 'colaborador' ? 'Colab' : 'Admin'} ${email.slice(6, 14)}`;
  const res = await request.post('/api/users', { headers: auth(token), data: { user: { name, email, role } } });
  expect(res.ok(), `create ${role}: ${res.status()} ${await res.text()}`).toBeTruthy();
  const { id } = (await res.json()) as { id: number };
  return { id, name, email, role, password: await confirmRegistration(request, email) };
}

type SubscriptionPatch = { status?: string; trial_ends_at?: string | null; current_period_end?: string | null };

/** Support staff set the agency's subscription (status and dates). */
export async function setSubscription(request: APIRequestContext, agency: Agency, subscription: SubscriptionPatch): Promise<void> {
  const root = await apiToken(request, DEMO.superAdmin.email);
  const res = await request.patch(`/api/admin/companies/${agency.id}/subscription`, { headers: auth(root), data: { subscription } });
  expect(res.ok(), `set subscription: ${res.status()} ${await res.text()}`).toBeTruthy();
}

/** Trialing, with the trial over a minute ago: 0 days remaining. */
export const trialEnded = (): SubscriptionPatch => ({ status: 'trialing', trial_ends_at: new Date(Date.now() - 60_000).toISOString() });

/** Trialing with `days` days remaining (a partial day counts as one). */
export const trialEndsIn = (days: number): SubscriptionPatch => ({
  status: 'trialing',
  trial_ends_at: new Date(Date.now() + days * DAY_MS - 3_600_000).toISOString(),
});

/** A renewal that was not paid: past_due, with no paid period left. */
export const pastDue = (): SubscriptionPatch => ({ status: 'past_due', trial_ends_at: null, current_period_end: null });

/** The plan modals of the root view (Mantine modals are dialogs named by nothing: found by heading). */
export const planModal = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: title }) });
