import { Text } from '@mantine/core';
import { canSeeUpgradeModal, closePlanModals, usePlanModals } from '../../lib/plan-modals';
import { useSession } from '../../lib/session';
import { PlanModalFrame } from './PlanModalFrame';

/** Section 2: the upgrade-plan modal, shown only to who may see it (owner). Plans and payment: billing issue. */
export default function UpgradePlanModal() {
  const { upgradeOpen, title, feature } = usePlanModals();
  const role = useSession((s) => s.user?.role);
  if (!upgradeOpen || !canSeeUpgradeModal(role)) return null;
  return (
    <PlanModalFrame title={title} onClose={closePlanModals}>
      {feature && <Text fw={500}>{feature}</Text>}
      <Text c="dimmed">Para continuar usando todos os recursos, regularize o plano da sua agência em Seu plano.</Text>
    </PlanModalFrame>
  );
}
