import { Text } from '@mantine/core';
import { canSeeStatusModal, usePlanModals } from '../../lib/plan-modals';
import { accountRestricted } from '../../lib/subscription';
import { useCurrentUser, useSubscription } from '../../lib/use-session';
import { PlanModalFrame } from './PlanModalFrame';

/**
 * 'Status do Plano'. Shown only when its flag is set, the user may see it (colaborador,
 * administrador) and the plan is restricted (the restriction rule on the current subscription,
 * so an ended trial counts; the stored status before it loads). Its only action is 'Sair'.
 */
export default function SubscriptionStatusModal() {
  const { statusOpen, feature } = usePlanModals();
  const role = useCurrentUser()?.role;
  const current = useSubscription().data;
  if (!statusOpen || !canSeeStatusModal(role) || !accountRestricted(current)) return null;
  return (
    <PlanModalFrame title="Status do Plano">
      {feature && <Text fw={500}>{feature}</Text>}
      <Text>O plano da sua empresa não está ativo. Entre em contato com o gestor responsável pela sua agência.</Text>
    </PlanModalFrame>
  );
}
