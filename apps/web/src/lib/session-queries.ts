// The signed-in session's server data as TanStack queries: the profile, the current
// subscription, the plan features and the plans. The same options serve components (the hooks
// of use-session.ts) and router loaders (ensureQueryData / fetchQuery); mutations update them
// with setQueryData or invalidateQueries. Calls made at the same time share one request.
import { hashKey } from '@tanstack/react-query';
import { type FeatureState, featureState, needsFeatureList } from './features';
import { adoptFreshToken, getToken, rememberPlanStatus, rememberProfile } from './session';
import type { AppData, Trpc } from './trpc';

// Failures of these are not the screen's business: logged (401/403 still end the session).
const quiet = { meta: { silent: true } } as const;

/** The signed-in user's profile: user, plan status, days remaining, subdomain, features. */
export const profileQuery = (trpc: Trpc) => trpc.profile.get.queryOptions(undefined, { ...quiet, staleTime: Number.POSITIVE_INFINITY });

/** The current subscription info; the navigation gates fetch it again whenever the path changes. */
export const subscriptionQuery = (trpc: Trpc) =>
  trpc.billing.subscription.current.queryOptions(undefined, { ...quiet, staleTime: Number.POSITIVE_INFINITY });

/** GET /api/available_features: asked only when the token's claims do not carry the features. */
export const featuresQuery = (trpc: Trpc) =>
  trpc.billing.subscription.availableFeatures.queryOptions(undefined, { ...quiet, staleTime: Number.POSITIVE_INFINITY });

/** The plans on offer (the screens that list them show their own failure). */
export const plansQuery = (trpc: Trpc) => trpc.billing.plans.list.queryOptions(undefined, quiet);

/** The profile, loaded once per session; a failure is only logged. */
export function loadProfile({ queryClient, trpc }: AppData) {
  return queryClient.ensureQueryData(profileQuery(trpc)).catch((error: unknown) => {
    console.error('Falha ao carregar o perfil', error);
    return undefined;
  });
}

/** The subscription info, fetched again (a fetch under way is shared); a failure is only logged. */
export function refreshSubscription({ queryClient, trpc }: AppData) {
  return queryClient.fetchQuery({ ...subscriptionQuery(trpc), staleTime: 0 }).catch((error: unknown) => {
    console.error('Falha ao carregar a assinatura', error);
    return undefined;
  });
}

/** The account's features now, for code outside components (the plan gates). */
export async function featuresNow({ queryClient, trpc }: AppData): Promise<FeatureState> {
  const token = getToken();
  const role = queryClient.getQueryData(profileQuery(trpc).queryKey)?.user.role;
  if (!needsFeatureList(token, role)) return featureState(token, role, { isError: false });
  try {
    return featureState(token, role, { data: await queryClient.fetchQuery(featuresQuery(trpc)), isError: false });
  } catch (error) {
    console.error('Falha ao carregar os recursos do plano', error);
    return featureState(token, role, { isError: true });
  }
}

/**
 * Mirrors the session replies into the local-storage keys (user, e-mail, subdomain, plan status,
 * days remaining) and adopts the fresh token they may carry, however they reached the cache:
 * fetched, refetched or written from a mutation's reply. A late reply of an ended session is
 * dropped. Returns the unsubscribe function.
 */
export function mirrorSessionReplies({ queryClient, trpc }: AppData): () => void {
  const profileKey = profileQuery(trpc).queryKey;
  const subscriptionKey = subscriptionQuery(trpc).queryKey;
  const profileHash = hashKey(profileKey);
  const subscriptionHash = hashKey(subscriptionKey);
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !getToken()) return;
    if (event.query.queryHash === profileHash) {
      const profile = queryClient.getQueryData(profileKey);
      if (profile) rememberProfile(profile);
    }
    if (event.query.queryHash === subscriptionHash) {
      const reply = queryClient.getQueryData(subscriptionKey);
      adoptFreshToken(reply?.token);
      if (reply?.subscription) rememberPlanStatus(reply.subscription.status_plan, reply.subscription.days_remaining);
    }
  });
}
