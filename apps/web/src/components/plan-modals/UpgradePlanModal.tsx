import { isTrialExpired, planStatusTexts, showsPaymentButton } from '@app/shared/plan-status';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { migrateToFreePlan, payCurrentPlan, reportPaymentError, upgradeToPaidPlan } from '../../lib/billing-actions';
import { YOUR_PLAN_PATH } from '../../lib/plan-gates';
import { canSeeUpgradeModal, closePlanModals, usePlanModals } from '../../lib/plan-modals';
import { useSession } from '../../lib/session';
import { accountRestricted, useSubscription } from '../../lib/subscription';
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
 * Section 2: the upgrade-plan modal, shown only to who may see it (owner). Title and message by
 * plan status (section 4); the payment button only for incomplete, past_due, unpaid and
 * incomplete_expired; the free-plan migration for a trial with 0 days left.
 */
export default function UpgradePlanModal() {
  const { upgradeOpen, title, feature } = usePlanModals();
  const role = useSession((s) => s.user?.role);
  const statusPlan = useSession((s) => s.statusPlan);
  const daysRemaining = useSession((s) => s.daysRemaining);
  const info = useSubscription();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<Busy>(null);
  if (!upgradeOpen || !canSeeUpgradeModal(role)) return null;

  const status = info.subscription?.status_plan ?? statusPlan;
  const days = info.subscription?.days_remaining ?? daysRemaining;
  const texts = planStatusTexts(status, days);
  const trialExpired = isTrialExpired(status, days);
  const payment = showsPaymentButton(status);
  const restricted = accountRestricted(info, { statusPlan, daysRemaining });

  const run = (kind: Exclude<Busy, null>, action: () => Promise<unknown>) => async () => {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      reportPaymentError(error);
    } finally {
      setBusy(null);
    }
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
        <Button variant="light" loading={busy === 'free'} disabled={busy === 'pay'} onClick={run('free', migrateToFreePlan)}>
          Migrar para o Plano Grátis
        </Button>
      )}
      <Button loading={busy === 'pay'} disabled={busy === 'free'} onClick={run('pay', payment ? payCurrentPlan : upgradeToPaidPlan)}>
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
      {info.subscription && (
        <Text c="dimmed" fz="sm">
          Plano atual: {info.subscription.plan_name}
        </Text>
      )}
    </PlanModalFrame>
  );
}
