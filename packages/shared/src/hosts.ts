// The hosts the web app is served on (spec section 2, host redirects in production): the main host
// (APP_URL) and, when BASE_DOMAIN is set, each agency's own subdomain `{subdomain}.{BASE_DOMAIN}`.
// One rule for the web's guards and the API's checks (CORS, handoff targets, checkout returns).
// Zod-free: the web's first screen uses it.

/** A subdomain: one DNS label of lowercase letters, digits and inner hyphens. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** Names the product keeps for its own hosts. */
export const RESERVED_SUBDOMAINS: readonly string[] = ['www', 'api', 'app', 'admin', 'mail', 'sistema'];

/** Where the browser lands with a handoff code in the fragment (`/entrar#{code}`) and trades it for a session. */
export const HANDOFF_PATH = '/entrar';

/** The main host's origin (APP_URL) and the base domain of the agencies' subdomains (none: nothing redirects). */
export type AppHosts = { appOrigin: string; baseDomain: string | null };

/** What the rule reads of a signed-in user: the stored subdomain and the custom_subdomain feature. */
export type HostSession = { subdomain: string | null; customSubdomain: boolean };

function parse(origin: string): URL | null {
  try {
    return new URL(origin);
  } catch {
    return null;
  }
}

const originOf = (address: string) => parse(address)?.origin ?? null;

/** `{scheme}://{subdomain}.{baseDomain}[:port]`, with the main host's scheme and port. */
export function subdomainOrigin(hosts: AppHosts, subdomain: string): string | null {
  const app = parse(hosts.appOrigin);
  if (!app || !hosts.baseDomain || !SUBDOMAIN_PATTERN.test(subdomain)) return null;
  return `${app.protocol}//${subdomain}.${hosts.baseDomain}${app.port ? `:${app.port}` : ''}`;
}

/**
 * The subdomain an origin is an agency's address of: the main host's scheme and port, exactly one
 * label, then the base domain. Lookalikes ('evil-agencia.test', 'x.agencia.test.evil.com',
 * 'a.b.agencia.test', another scheme or port) are not.
 */
export function subdomainOf(hosts: AppHosts, origin: string): string | null {
  const url = parse(origin);
  const app = parse(hosts.appOrigin);
  if (!url || !app || !hosts.baseDomain || url.origin !== origin.replace(/\/$/, '')) return null;
  if (url.protocol !== app.protocol || url.port !== app.port) return null;
  const suffix = `.${hosts.baseDomain}`;
  if (!url.hostname.endsWith(suffix)) return null;
  const label = url.hostname.slice(0, -suffix.length);
  return SUBDOMAIN_PATTERN.test(label) ? label : null;
}

/** Where a signed-in user is served: their agency's subdomain with the custom_subdomain feature, else the main host. */
export function homeOrigin(hosts: AppHosts, session: HostSession): string {
  const own = session.customSubdomain && session.subdomain ? subdomainOrigin(hosts, session.subdomain) : null;
  return own ?? originOf(hosts.appOrigin) ?? hosts.appOrigin;
}

/**
 * The origin the browser must move to, or null to stay. Without a base domain nothing moves, nor
 * on a host that is neither the main host nor under the base domain. Signed out: from a subdomain
 * to the main host (its /login). Signed in (`session`): to the user's home origin.
 */
export function hostRedirect(hosts: AppHosts, currentOrigin: string, session: HostSession | null): string | null {
  if (!hosts.baseDomain) return null;
  const current = originOf(currentOrigin);
  const main = originOf(hosts.appOrigin);
  if (!current || !main) return null;
  const onMain = current === main;
  if (!onMain && subdomainOf(hosts, current) === null) return null;
  if (!session) return onMain ? null : main;
  const home = homeOrigin(hosts, session);
  return home === current ? null : home;
}
