import { isRestrictedStatus } from '@app/shared/plan-status';
import { Text } from '@mantine/core';
import { canSeeStatusModal, usePlanModals } from '../../lib/plan-modals';
import { useSession } from '../../lib/session';
import { PlanModalFrame } from './PlanModalFrame';

/**
 * Section 2: 'Status do Plano'. Shown only when its flag is set, the user may see it
 * (colaborador, administrador) and the plan is restricted. Its only action is 'Sair'.
 */
export default function SubscriptionStatusModal() {
  const { statusOpen, feature } = usePlanModals();
  const role = useSession((s) => s.user?.role);
  const status = useSession((s) => s.statusPlan);
  if (!statusOpen || !canSeeStatusModal(role) || !isRestrictedStatus(status)) return null;
  return (
    <PlanModalFrame title="Status do Plano">
      {feature && <Text fw={500}>{feature}</Text>}
      <Text>O plano da sua empresa não está ativo. Entre em contato com o gestor responsável pela sua agência.</Text>
    </PlanModalFrame>
  );
}
