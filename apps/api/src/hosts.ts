// The origins the app answers for: the main host (APP_URL), the extra CORS_ORIGINS, and with
// BASE_DOMAIN each agency's own subdomain (packages/shared hosts.ts has the rule). CORS, the
// checkout's return address and the web app's runtime configuration read them here.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppHosts, subdomainOf, subdomainOrigin } from '@app/shared';
import type { Config } from './config';
import { escapeHtml } from './html';

export function appHosts(config: Config): AppHosts {
  return { appOrigin: new URL(config.appUrl).origin, baseDomain: config.BASE_DOMAIN ?? null };
}

/** APP_URL's origin and CORS_ORIGINS, as listed. */
function listedOrigins(config: Config): string[] {
  const extra = config.CORS_ORIGINS?.split(',').map((o) => o.trim().replace(/\/$/, '')) ?? [];
  return [new URL(config.appUrl).origin, ...extra.filter(Boolean)];
}

/** CORS: a listed origin, or any agency subdomain under BASE_DOMAIN (never a lookalike). */
export function corsOriginCheck(config: Config) {
  const listed = new Set(listedOrigins(config));
  const hosts = appHosts(config);
  return (origin: string | undefined, done: (error: Error | null, allow: boolean) => void) => {
    done(null, !!origin && (listed.has(origin) || subdomainOf(hosts, origin) !== null));
  };
}

/**
 * Where a browser that left the app (the payment provider's checkout) may come back to: the
 * origin it started from when that is a listed origin or the agency's own subdomain; anything
 * else (missing, another agency's subdomain, a foreign site) gets APP_URL.
 */
export function returnOrigin(config: Config, requestOrigin: string | null, agencySubdomain: string | null): string {
  const hosts = appHosts(config);
  const own = agencySubdomain ? subdomainOrigin(hosts, agencySubdomain) : null;
  if (requestOrigin && (listedOrigins(config).includes(requestOrigin) || requestOrigin === own)) return requestOrigin;
  return hosts.appOrigin;
}

/**
 * The web app's index.html with the hosts it needs before its first paint (no extra request), as
 * meta tags: the main host and the base domain. Null without BASE_DOMAIN: the built file is served
 * as it is, and nothing redirects.
 */
export async function indexHtmlWithHosts(config: Config, webDist: string): Promise<string | null> {
  if (!config.BASE_DOMAIN) return null;
  const { appOrigin, baseDomain } = appHosts(config);
  const meta = `<meta name="app-origin" content="${escapeHtml(appOrigin)}" /><meta name="base-domain" content="${escapeHtml(baseDomain ?? '')}" />`;
  const html = await readFile(join(webDist, 'index.html'), 'utf8');
  return html.replace('</head>', `${meta}</head>`);
}
