import type { FeatureKey } from '@app/shared/constants';
import type { ReactNode } from 'react';
import { type FeatureState, hasAllFeatures, hasAnyFeature, hasFeature, lacksFeature } from '../lib/features';
import { useFeatures } from '../lib/use-session';

type Rule = { name: FeatureKey } | { anyOf: readonly FeatureKey[] } | { allOf: readonly FeatureKey[] } | { not: FeatureKey };
type Props = Rule & { children: ReactNode; fallback?: ReactNode };

function allows(state: FeatureState, rule: Rule): boolean {
  if ('name' in rule) return hasFeature(state, rule.name);
  if ('anyOf' in rule) return hasAnyFeature(state, rule.anyOf);
  if ('allOf' in rule) return hasAllFeatures(state, rule.allOf);
  return lacksFeature(state, rule.not);
}

/**
 * Shows its children only once the feature list is loaded and the account has the
 * feature (`name`), any of (`anyOf`), all of (`allOf`) a list, or lacks one (`not`).
 */
export function Feature({ children, fallback = null, ...rule }: Props) {
  const state = useFeatures();
  return <>{allows(state, rule as Rule) ? children : fallback}</>;
}
