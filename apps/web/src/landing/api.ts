// The landing page's two calls, with plain fetch (no tRPC client, no zod: the entry stays small).
import type { ApiErrorBody } from '@app/shared/error-body';
import type { AcceptBudgetInput, LandingPage } from '@app/shared/landing-pages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The landing page id of /landing-page/{id}; null when the path holds no uuid. */
export function landingIdFromPath(pathname: string): string | null {
  const id = /^\/landing-page\/([^/]+)\/?$/.exec(pathname)?.[1];
  return id && UUID.test(id) ? id : null;
}

const NETWORK_ERROR = 'Não foi possível falar com a agência. Verifique sua conexão e tente de novo.';

/** A failed call as the page shows it: the API's pt-BR message and its messages per field. */
export class LandingError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

async function failure(res: Response): Promise<LandingError> {
  const body = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new LandingError(res.status, body?.message ?? NETWORK_ERROR, body?.errors ?? {});
}

async function send(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new LandingError(0, NETWORK_ERROR);
  }
}

/**
 * GET /api/budgets/landing-page/{id}. The server's HTML preloads this very URL (rel=preload
 * as=fetch, credentials same-origin), so a plain fetch picks the answer up already on its way.
 */
export async function fetchLandingPage(id: string): Promise<LandingPage> {
  const res = await send(`/api/budgets/landing-page/${id}`);
  if (!res.ok) throw await failure(res);
  return (await res.json()) as LandingPage;
}

export type AcceptAnswer = { status: 'accepted'; proposal_id: number; accepted_at: string; message: string };

/** PUT /api/budgets/accept/{id}. */
export async function acceptBudget(input: AcceptBudgetInput): Promise<AcceptAnswer> {
  const { id, ...body } = input;
  const res = await send(`/api/budgets/accept/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as AcceptAnswer;
}
