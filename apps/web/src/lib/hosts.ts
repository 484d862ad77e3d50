// Host redirects in production (spec section 2): the main host and the agencies' subdomains. The
// server writes the main host's origin and BASE_DOMAIN into index.html's meta tags; without them
// (development, `npm start`) nothing redirects. Local storage is per origin, so a session moves to
// another host through a one-time handoff code in the address's fragment, never the token itself.
import type { LoginOutput } from '@app/shared/auth';
import { type AppHosts, HANDOFF_PATH, type HostSession, hostRedirect } from '@app/shared/hosts';
import type { MutationFunction, QueryClient } from '@tanstack/react-query';
import { replace } from 'react-router';
import { startSession } from './auth-actions';
import { clearSession } from './session';
import type { AppData } from './trpc';

function metaContent(name: string): string | null {
  return globalThis.document?.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;
}

/** The hosts the server named in the page; null without a base domain. */
function hostsOfPage(): AppHosts | null {
  const appOrigin = metaContent('app-origin');
  const baseDomain = metaContent('base-domain');
  return appOrigin && baseDomain ? { appOrigin, baseDomain } : null;
}

/** The agencies' base domain, to show a subdomain's whole address; null when the server has none. */
export const baseDomain = (): string | null => hostsOfPage()?.baseDomain ?? null;

/** The origin this page must leave for (signed out: `session` null), or null to stay. */
export function hostToLeaveFor(session: HostSession | null): string | null {
  const hosts = hostsOfPage();
  return hosts ? hostRedirect(hosts, window.location.origin, session) : null;
}

/** Leaves for another host; the navigation under way never settles (the page unloads). */
export function leaveFor(url: string): Promise<never> {
  window.location.replace(url);
  return new Promise(() => {});
}

/** A mutation called from a loader, outside the mutation cache: its failure is the caller's to handle. */
function call<I, O>(
  queryClient: QueryClient,
  options: { mutationFn?: MutationFunction<O, I>; mutationKey?: readonly unknown[] },
  input: I,
) {
  if (!options.mutationFn) throw new Error('mutation without mutationFn');
  return options.mutationFn(input, { client: queryClient, meta: undefined, mutationKey: options.mutationKey });
}

/**
 * Hands the session over to the host the server says the user is served on, keeping the path: the
 * session leaves this host. When no handoff can be made, the user stays here.
 */
export async function handOver({ queryClient, trpc }: AppData, path: string): Promise<void> {
  let url: string;
  try {
    ({ url } = await call(queryClient, trpc.auth.handoff.mutationOptions(), { path }));
  } catch (error) {
    console.error('Falha ao passar a sessão para o endereço da agência', error);
    return;
  }
  clearSession();
  queryClient.clear();
  return leaveFor(url);
}

/**
 * /entrar#{code}: the code leaves the address first, then becomes this host's session and the
 * user goes on to where they were going. An expired or spent code leads to the login.
 */
export async function receiveHandoff(data: AppData): Promise<never> {
  const code = window.location.hash.slice(1);
  window.history.replaceState(window.history.state, '', HANDOFF_PATH);
  let reply: LoginOutput & { path: string };
  try {
    reply = await call(data.queryClient, data.trpc.auth.redeemHandoff.mutationOptions(), { code });
  } catch {
    clearSession();
    throw replace('/login');
  }
  const { path, ...login } = reply;
  startSession(data, login);
  throw replace(path);
}
