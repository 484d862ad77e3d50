import { isTrialExpired, planStatusTexts, showsPaymentButton } from '@app/shared/plan-status';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useBillingActions } from '../../lib/billing-actions';
import { canSeeUpgradeModal, closePlanModals, usePlanModals, YOUR_PLAN_PATH } from '../../lib/plan-modals';
import { accountRestricted, planStatusOf } from '../../lib/subscription';
import { useCurrentUser, useSubscription } from '../../lib/use-session';
import { PlanModalFrame } from './PlanModalFrame';

type Busy = 'pay' | 'free' | null;

function explanation(opts: { trialExpired: boolean; payment: boolean; restricted: boolean }): string {
  if (opts.trialExpired)
    return 'O período de teste da sua agência terminou. Assine o plano pago para continuar com todos os recursos ou migre para o Plano Grátis.';
  if (opts.payment) return 'Regularize o pagamento para voltar a usar todos os recursos.';
  if (opts.restricted) return 'O plano da sua agência não está ativo. Reative-o para voltar a usar todos os recursos.';
  return 'Este recurso não está incluído no plano da sua agência. Faça o upgrade para usá-lo.';
}

/**
 * The upgrade-plan modal, shown only to who may see it (owner). Title and message by plan
 * status; the payment button only for incomplete, past_due, unpaid and incomplete_expired; the
 * free-plan migration for a trial with 0 days left.
 */
export default function UpgradePlanModal() {
  const { upgradeOpen, title, feature } = usePlanModals();
  const role = useCurrentUser()?.role;
  const current = useSubscription().data;
  const billing = useBillingActions();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [clicked, setClicked] = useState<Busy>(null);
  if (!upgradeOpen || !canSeeUpgradeModal(role)) return null;

  const { status, days } = planStatusOf(current);
  const texts = planStatusTexts(status, days);
  const trialExpired = isTrialExpired(status, days);
  const payment = showsPaymentButton(status);
  const restricted = accountRestricted(current);
  // The button whose action is under way.
  const busy = billing.pending ? clicked : null;

  const run = (kind: Exclude<Busy, null>, action: () => void) => () => {
    setClicked(kind);
    action();
  };

  const actions = (
    <>
      {pathname !== YOUR_PLAN_PATH && (
        <Button
          variant="subtle"
          onClick={() => {
            closePlanModals();
            void navigate(YOUR_PLAN_PATH);
          }}
        >
          Ver planos
        </Button>
      )}
      {trialExpired && (
        <Button variant="light" loading={busy === 'free'} disabled={busy === 'pay'} onClick={run('free', billing.migrateToFreePlan)}>
          Migrar para o Plano Grátis
        </Button>
      )}
      <Button
        loading={busy === 'pay'}
        disabled={busy === 'free'}
        onClick={run('pay', payment ? billing.payCurrentPlan : billing.upgradeToPaidPlan)}
      >
        {texts.action}
      </Button>
    </>
  );

  return (
    <PlanModalFrame title={title} onClose={closePlanModals} actions={actions}>
      {feature && (
        <Text fw={600} data-testid="plan-modal-feature">
          {feature}
        </Text>
      )}
      <Text>{explanation({ trialExpired, payment, restricted })}</Text>
      {current?.subscription && (
        <Text c="dimmed" fz="sm">
          Plano atual: {current.subscription.plan_name}
        </Text>
      )}
    </PlanModalFrame>
  );
}
