// The session's server data in components (the queries of session-queries.ts). Kept apart from
// them so that the first screen's bundle, whose loaders only need the options, goes without
// the query observer.
import { useQuery } from '@tanstack/react-query';
import { type FeatureState, featureState, needsFeatureList } from './features';
import { useToken } from './session';
import { featuresQuery, profileQuery, subscriptionQuery } from './session-queries';
import { useTRPC } from './trpc';

/** The signed-in user's profile (nothing is asked without a session). */
export function useProfile() {
  const trpc = useTRPC();
  const token = useToken();
  return useQuery({ ...profileQuery(trpc), enabled: !!token });
}

export const useCurrentUser = () => useProfile().data?.user;

/** Whether the agency lets this user see costs, revenue and margins (the API leaves them out otherwise). */
export const useSeesCosts = () => useProfile().data?.sees_costs === true;

/** The current subscription reply (`data.subscription` is null for a company without one). */
export function useSubscription() {
  const trpc = useTRPC();
  const token = useToken();
  return useQuery({ ...subscriptionQuery(trpc), enabled: !!token });
}

/** The account's features, for the visibility rules (hidden until known). */
export function useFeatures(): FeatureState {
  const trpc = useTRPC();
  const token = useToken();
  const role = useCurrentUser()?.role;
  const asked = useQuery({ ...featuresQuery(trpc), enabled: needsFeatureList(token, role) });
  return featureState(token, role, asked);
}
