// The open flags of the two plan modals in the root view, and who may see each one.
import type { Role } from '@app/shared/constants';
import { planStatusTexts, UPGRADE_DEFAULT_TITLE } from '@app/shared/plan-status';
import { createStore, useStore } from './store';

/** Always reachable by its owner, even restricted or with the trial over. */
export const YOUR_PLAN_PATH = '/seu-plano';

export type PlanModalsState = {
  upgradeOpen: boolean;
  statusOpen: boolean;
  /** Title of the upgrade modal; depends on the plan status. */
  title: string;
  /** The feature or status message that opened the modal ('Fim de período de teste', ...). */
  feature: string | null;
};

export const planModalsStore = createStore<PlanModalsState>({
  upgradeOpen: false,
  statusOpen: false,
  title: UPGRADE_DEFAULT_TITLE,
  feature: null,
});

/** Only an owner sees the upgrade modal, never a super_admin. */
export const canSeeUpgradeModal = (role: Role | undefined) => role === 'owner';
/** Colaborador and administrador see the subscription-status modal, never a super_admin. */
export const canSeeStatusModal = (role: Role | undefined) => role === 'colaborador' || role === 'administrador';

export function openUpgradeModal(opts: { status?: string | null; daysRemaining?: number | null; feature?: string | null } = {}): void {
  const texts = planStatusTexts(opts.status, opts.daysRemaining);
  planModalsStore.set({ upgradeOpen: true, title: texts.title || UPGRADE_DEFAULT_TITLE, feature: opts.feature ?? (texts.message || null) });
}

export function openStatusModal(feature?: string | null): void {
  planModalsStore.set({ statusOpen: true, feature: feature ?? null });
}

export function closePlanModals(): void {
  planModalsStore.set({ upgradeOpen: false, statusOpen: false, feature: null });
}

export const usePlanModals = () => useStore(planModalsStore, (s) => s);
