import { Text } from '@mantine/core';
import { canSeeStatusModal, usePlanModals } from '../../lib/plan-modals';
import { useSession } from '../../lib/session';
import { accountRestricted, useSubscription } from '../../lib/subscription';
import { PlanModalFrame } from './PlanModalFrame';

/**
 * Section 2: 'Status do Plano'. Shown only when its flag is set, the user may see it
 * (colaborador, administrador) and the plan is restricted (the section 4 rule on the current
 * subscription, so an ended trial counts). Its only action is 'Sair'.
 */
export default function SubscriptionStatusModal() {
  const { statusOpen, feature } = usePlanModals();
  const role = useSession((s) => s.user?.role);
  const info = useSubscription();
  // Before the subscription loads, the restriction reads the stored status.
  const statusPlan = useSession((s) => s.statusPlan);
  const daysRemaining = useSession((s) => s.daysRemaining);
  if (!statusOpen || !canSeeStatusModal(role) || !accountRestricted(info, { statusPlan, daysRemaining })) return null;
  return (
    <PlanModalFrame title="Status do Plano">
      {feature && <Text fw={500}>{feature}</Text>}
      <Text>O plano da sua empresa não está ativo. Entre em contato com o gestor responsável pela sua agência.</Text>
    </PlanModalFrame>
  );
}
