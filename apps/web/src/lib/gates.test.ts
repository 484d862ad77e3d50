// The navigation gates and the session data layer, run for real against a fake server at the
// fetch boundary (tRPC's own wire format) and an in-memory local storage.
import type { Profile } from '@app/shared/auth';
import type { CurrentSubscription } from '@app/shared/billing';
import { NO_FEATURES, STORAGE_KEYS } from '@app/shared/constants';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchClients } from '../screens/clients/list-params';
import { subscription } from '../testing';
import { guardLoader, metaFor, onPlanRestricted } from './gates';
import { notificationStore } from './notification';
import { closePlanModals, planModalsStore } from './plan-modals';
import { createDataLayer } from './query-client';
import { clearSession, getToken, setToken } from './session';
import { featuresNow, loadProfile, refreshSubscription, subscriptionQuery } from './session-queries';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.assinatura`;
const OWNER_TOKEN = jwt({ role: 'owner', features: NO_FEATURES });

type ProfileReply = Profile & { token: string | null };

const profile = (role: Profile['user']['role'], fields: Partial<ProfileReply> = {}): ProfileReply => ({
  user: {
    id: 7,
    name: 'Dona Demo',
    email: 'dono@demo.test',
    phone: null,
    role,
    status: 'active',
    company_id: 3,
    company_name: 'Agência Demo',
    created_at: '2026-01-05T12:00:00.000Z',
  },
  status_plan: 'active',
  days_remaining: 0,
  subdomain: 'demo',
  features: NO_FEATURES,
  sees_costs: true,
  token: null,
  ...fields,
});

type Reply = { status?: number; data: unknown };
type Call = { path: string; input: unknown; headers: Record<string, string> };

/** The API as tRPC's httpLink sees it: one reply (or a pending promise of one) per procedure path. */
function fakeServer(replies: Record<string, Reply | (() => Promise<Reply>)>) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const path = pathname.replace('/trpc/', '');
    const rawInput = searchParams.get('input');
    calls.push({
      path,
      input: rawInput === null ? undefined : JSON.parse(rawInput),
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    const entry = replies[path];
    const reply =
      typeof entry === 'function'
        ? await entry()
        : (entry ?? { status: 404, data: { status: 404, code: 'NOT_FOUND', message: 'Não encontrado' } });
    const status = reply.status ?? 200;
    const body = status < 400 ? { result: { data: reply.data } } : { error: { message: 'x', code: -32000, data: reply.data } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

let storage: Storage;

function start(replies: Parameters<typeof fakeServer>[0]) {
  const server = fakeServer(replies);
  vi.stubGlobal('fetch', server.fetch);
  const { queryClient, trpc } = createDataLayer();
  return { server, data: { queryClient, trpc } };
}

/** Runs a route's guard as the router would on a first load; a redirect comes back as its target. */
async function visit(loader: ReturnType<typeof guardLoader>, path: string): Promise<string | null> {
  try {
    await loader({ request: new Request(`http://localhost${path}`), params: {} } as LoaderFunctionArgs);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage, location: { pathname: '/', assign: vi.fn() } });
  clearSession({ forgetEmail: true });
  closePlanModals();
  notificationStore.set({ state: false, error: null, message: '' });
  cleanNotifications();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session data', () => {
  it('a profile reply lands in the session keys; a fresh token in it replaces the stored one and goes with the next call', async () => {
    setToken(OWNER_TOKEN);
    const fresh = jwt({ role: 'owner', features: { ...NO_FEATURES, d4sign: true } });
    const { server, data } = start({
      'profile.get': { data: profile('owner', { status_plan: 'trialing', days_remaining: 5, token: fresh }) },
      'billing.subscription.current': { data: { subscription: null, token: null } satisfies CurrentSubscription },
    });
    await loadProfile(data);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.user) ?? '{}')).toMatchObject({ email: 'dono@demo.test', role: 'owner' });
    expect(storage.getItem(STORAGE_KEYS.accessUser)).toBe('dono@demo.test');
    expect(storage.getItem(STORAGE_KEYS.subdomain)).toBe('demo');
    expect(storage.getItem(STORAGE_KEYS.status)).toBe('trialing');
    expect(storage.getItem(STORAGE_KEYS.daysRemaining)).toBe('5');
    expect(getToken()).toBe(fresh);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe(fresh);
    expect((await featuresNow(data)).features.d4sign).toBe(true);

    await refreshSubscription(data);
    expect(server.calls.map((c) => [c.path, c.headers.Authorization])).toEqual([
      ['profile.get', `Bearer ${OWNER_TOKEN}`],
      ['billing.subscription.current', `Bearer ${fresh}`],
    ]);
  });

  it('the subscription: calls made together share one request, never answered from a cache, under one query key', async () => {
    setToken(OWNER_TOKEN);
    const { server, data } = start({
      'billing.subscription.current': {
        data: { subscription: subscription({ status_plan: 'past_due', status: 'past_due', days_remaining: 0 }), token: null },
      },
    });
    await Promise.all([refreshSubscription(data), refreshSubscription(data), refreshSubscription(data)]);
    expect(server.calls).toHaveLength(1);
    const [call] = server.calls;
    expect(call?.input).toEqual({ _: expect.stringMatching(/^\d+$/) });
    expect(call?.headers).toMatchObject({ 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
    expect(data.queryClient.getQueryData(subscriptionQuery(data.trpc).queryKey)?.subscription?.status_plan).toBe('past_due');
    expect(storage.getItem(STORAGE_KEYS.status)).toBe('past_due');

    // Fetched again when asked again: each navigation's gate sees the plan as it is now.
    await refreshSubscription(data);
    expect(server.calls).toHaveLength(2);
  });

  it('a late reply of a session that has ended is not written back', async () => {
    setToken(OWNER_TOKEN);
    let answer: ((reply: Reply) => void) | undefined;
    const { data } = start({ 'billing.subscription.current': () => new Promise<Reply>((resolve) => (answer = resolve)) });
    const refreshing = refreshSubscription(data);
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    clearSession({ forgetEmail: true });
    answer?.({ data: { subscription: subscription({ status_plan: 'past_due' }), token: jwt({ role: 'owner' }) } });
    await refreshing;
    expect(getToken()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.status)).toBeNull();
  });

  it('features: asked from the API when the token has none; all off when that call fails', async () => {
    setToken(jwt({ role: 'owner' }));
    const failing = start({
      'billing.subscription.availableFeatures': { status: 500, data: { status: 500, code: 'INTERNAL', message: 'x' } },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await featuresNow(failing.data)).toEqual({ loaded: true, features: NO_FEATURES });
    expect(failing.server.calls.map((c) => c.path)).toEqual(['billing.subscription.availableFeatures']);

    const answering = start({ 'billing.subscription.availableFeatures': { data: { features: { ...NO_FEATURES, cambio_sistema: true } } } });
    expect((await featuresNow(answering.data)).features).toEqual({ ...NO_FEATURES, cambio_sistema: true });
  });
});

describe('navigation gates', () => {
  const usuarios = metaFor('Usuários', 'auth');

  it('signed out: signed-in screens go to /login; signed in: /login goes to the root', async () => {
    const { data } = start({});
    expect(await visit(guardLoader(usuarios, data), '/usuarios')).toBe('/login');
    expect(await visit(guardLoader(metaFor('Entrar', 'unauth'), data), '/login')).toBeNull();
    setToken(OWNER_TOKEN);
    expect(await visit(guardLoader(metaFor('Entrar', 'unauth'), data), '/login')).toBe('/');
  });

  it('a token in the address becomes the session and leaves the address', async () => {
    const { data } = start({});
    const token = jwt({ role: 'colaborador' });
    expect(await visit(guardLoader(usuarios, data), `/usuarios?token=${token}&page=1`)).toBe('/usuarios?page=1');
    expect(getToken()).toBe(token);
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBe(token);
  });

  it('an owner-only screen sends anyone else to the root with a 403 in the bar, without ending the session', async () => {
    setToken(jwt({ role: 'colaborador', features: NO_FEATURES }));
    const { data } = start({
      'profile.get': { data: profile('colaborador') },
      'billing.subscription.current': { data: { subscription: subscription({}), token: null } },
    });
    expect(await visit(guardLoader(metaFor('Seu plano', 'auth', { requiresOwner: true }), data), '/seu-plano')).toBe('/');
    expect(notificationStore.get()).toMatchObject({ state: true, error: 403, message: 'Proibido' });
    expect(getToken()).not.toBeNull();
  });

  it('restriction gate: an owner on past_due gets the upgrade modal with the status message; /seu-plano stays open', async () => {
    setToken(OWNER_TOKEN);
    const { data } = start({
      'profile.get': { data: profile('owner') },
      'billing.subscription.current': {
        data: { subscription: subscription({ status: 'past_due', status_plan: 'past_due', is_valid_for_features: false }), token: null },
      },
    });
    expect(await visit(guardLoader(metaFor('Seu plano', 'auth', { requiresOwner: true }), data), '/seu-plano')).toBeNull();
    expect(planModalsStore.get().upgradeOpen).toBe(false);

    // No screen to stay on (a first load): the target opens behind the modal.
    expect(await visit(guardLoader(usuarios, data), '/usuarios')).toBeNull();
    expect(planModalsStore.get()).toMatchObject({
      upgradeOpen: true,
      statusOpen: false,
      title: 'Pagamento Atrasado',
      feature: 'Pagamento atrasado',
    });
  });

  it('a colaborador of an agency whose trial ended gets the status modal with the end-of-trial text', async () => {
    setToken(jwt({ role: 'colaborador', features: NO_FEATURES }));
    const { data } = start({
      'profile.get': { data: profile('colaborador') },
      'billing.subscription.current': {
        data: {
          subscription: subscription({ status: 'trialing', status_plan: 'trialing', is_valid_for_features: false, days_remaining: 0 }),
          token: null,
        },
      },
    });
    expect(await visit(guardLoader(metaFor('Proposta de viagem', 'public'), data), '/landing-page/10')).toBeNull();
    expect(planModalsStore.get()).toMatchObject({ upgradeOpen: false, statusOpen: true, feature: 'Fim de período de teste' });
  });

  it('a trial ending in 2 days: the owner is warned and goes on', async () => {
    setToken(OWNER_TOKEN);
    const { data } = start({
      'profile.get': { data: profile('owner') },
      'billing.subscription.current': {
        data: { subscription: subscription({ status: 'trialing', status_plan: 'trialing', days_remaining: 2 }), token: null },
      },
    });
    expect(await visit(guardLoader(usuarios, data), '/usuarios')).toBeNull();
    expect(planModalsStore.get()).toMatchObject({ upgradeOpen: false, statusOpen: false });
    expect(notificationsStore.getState().notifications.map((n) => n.message)).toEqual(['Seu trial termina em 2 dias']);
  });

  it('a super_admin is never stopped by the plan', async () => {
    setToken(jwt({ role: 'super_admin' }));
    const { data } = start({
      'profile.get': { data: profile('super_admin') },
      'billing.subscription.current': {
        data: { subscription: subscription({ status: 'past_due', is_valid_for_features: false }), token: null },
      },
    });
    expect(await visit(guardLoader(usuarios, data), '/usuarios')).toBeNull();
    expect(planModalsStore.get()).toMatchObject({ upgradeOpen: false, statusOpen: false });
  });

  it("a screen's first query goes out with the session's calls, before they answer; not for a plan or role the gates turn away", async () => {
    setToken(OWNER_TOKEN);
    const answers: ((reply: Reply) => void)[] = [];
    const pending = () => new Promise<Reply>((resolve) => answers.push(resolve));
    const { server, data } = start({ 'profile.get': pending, 'billing.subscription.current': pending, 'clients.list': pending });
    const clientes = metaFor('Clientes', 'auth', { prefetch: prefetchClients });
    const visiting = visit(guardLoader(clientes, data), '/clientes?busca=Ana&status=inativos&page=2');
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(server.calls.map((c) => c.path)).toEqual(['profile.get', 'billing.subscription.current', 'clients.list']);
    // The screen's own input: the same query key, so the screen asks nothing again.
    expect(server.calls[2]?.input).toEqual({ search: 'Ana', is_active: 'false', page: 2, per_page: 10 });
    answers[0]?.({ data: profile('owner') });
    answers[1]?.({ data: { subscription: subscription({}), token: null } });
    expect(await visiting).toBeNull();

    // A plan known to be restricted (stored from the last session): the gate decides first.
    clearSession({ forgetEmail: true });
    setToken(OWNER_TOKEN);
    storage.setItem(STORAGE_KEYS.status, 'past_due');
    const restricted = start({
      'profile.get': { data: profile('owner') },
      'billing.subscription.current': {
        data: { subscription: subscription({ status: 'past_due', status_plan: 'past_due', is_valid_for_features: false }), token: null },
      },
    });
    await visit(guardLoader(clientes, restricted.data), '/clientes');
    expect(restricted.server.calls.map((c) => c.path)).not.toContain('clients.list');

    // An owner-only screen, the role not known yet: nothing asked before the role gate.
    closePlanModals();
    clearSession({ forgetEmail: true });
    setToken(jwt({ role: 'colaborador', features: NO_FEATURES }));
    const colaborador = start({
      'profile.get': { data: profile('colaborador') },
      'billing.subscription.current': { data: { subscription: subscription({}), token: null } },
    });
    const ownerOnly = metaFor('Relatório', 'auth', { requiresOwner: true, prefetch: prefetchClients });
    expect(await visit(guardLoader(ownerOnly, colaborador.data), '/relatorio')).toBe('/');
    expect(colaborador.server.calls.map((c) => c.path)).not.toContain('clients.list');
  });

  it('a subscription that fails to load is only logged; a 401 ends the session and goes to /login', async () => {
    setToken(OWNER_TOKEN);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = start({
      'profile.get': { data: profile('owner') },
      'billing.subscription.current': { status: 500, data: { status: 500, code: 'INTERNAL', message: 'x' } },
    });
    expect(await visit(guardLoader(usuarios, failing.data), '/usuarios')).toBeNull();
    expect(log).toHaveBeenCalledWith('Falha ao carregar a assinatura', expect.anything());
    expect(notificationStore.get().state).toBe(false);

    const unauthorized = { status: 401, data: { status: 401, code: 'UNAUTHORIZED', message: 'Não autorizado' } };
    const expired = start({ 'profile.get': unauthorized, 'billing.subscription.current': unauthorized });
    expect(await visit(guardLoader(usuarios, expired.data), '/usuarios')).toBe('/login');
    expect(getToken()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(window.location.assign).toHaveBeenCalledWith('/login');
    // Ending the session says nothing in the bar.
    expect(notificationStore.get().state).toBe(false);
  });

  it('a 402 reply opens the modal of the role with its message after fetching the plan again; one on screen is left alone', async () => {
    setToken(OWNER_TOKEN);
    const { server, data } = start({
      'profile.get': { data: profile('owner') },
      'billing.subscription.current': {
        data: { subscription: subscription({ status: 'past_due', status_plan: 'past_due', is_valid_for_features: false }), token: null },
      },
    });
    await loadProfile(data);
    await onPlanRestricted(data, 402, 'Recurso indisponível no plano atual');
    expect(planModalsStore.get()).toMatchObject({ upgradeOpen: true, feature: 'Recurso indisponível no plano atual' });
    expect(server.calls.map((c) => c.path)).toEqual(['profile.get', 'billing.subscription.current']);

    await onPlanRestricted(data, 402, 'Outro recurso');
    expect(planModalsStore.get().feature).toBe('Recurso indisponível no plano atual');
    expect(server.calls).toHaveLength(2);
  });

  it('a 402 with no modal for the role (a super_admin) is told in the bar', async () => {
    setToken(jwt({ role: 'super_admin' }));
    const { data } = start({
      'profile.get': { data: profile('super_admin') },
      'billing.subscription.current': { data: { subscription: null, token: null } },
    });
    await loadProfile(data);
    await onPlanRestricted(data, 402, 'Plano restrito');
    expect(planModalsStore.get()).toMatchObject({ upgradeOpen: false, statusOpen: false });
    expect(notificationStore.get()).toMatchObject({ state: true, error: 402, message: 'Plano restrito' });
  });
});
