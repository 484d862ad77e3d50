import type { Plan, Subscription } from '@app/shared/billing';
import { FEATURE_KEYS } from '@app/shared/constants';
import { shortDate, toCurrency } from '@app/shared/format';
import { isTrialExpired, planStatusTexts, showsPaymentButton } from '@app/shared/plan-status';
import { Alert, Badge, Button, Card, Group, List, Loader, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Feature } from '../../components/Feature';
import { PageHeader } from '../../components/PageHeader';
import { useBillingActions } from '../../lib/billing-actions';
import { plansQuery } from '../../lib/session-queries';
import { accountRestricted } from '../../lib/subscription';
import { useTRPC } from '../../lib/trpc';
import { useProfile, useSubscription } from '../../lib/use-session';
import { FEATURE_LABELS, statusLabel } from './labels';
import { SubdomainForm } from './SubdomainForm';

/** The button under way: one billing action at a time. */
type Busy = `plan-${number}` | 'pay' | 'upgrade' | 'free' | 'cancel' | null;

// A returning checkout is confirmed once, even when React runs the effect twice.
const confirmedSessions = new Set<string>();

function statusColor(status: string, restricted: boolean): string {
  if (restricted) return 'red';
  if (status === 'active') return 'teal';
  if (status === 'trialing') return 'blue';
  return 'gray';
}

const price = (cents: number) => (cents === 0 ? 'Grátis' : `${toCurrency(cents)} / mês`);

function PeriodText({ sub }: { sub: Subscription }) {
  if (sub.status === 'trialing') {
    return (
      <Text data-testid="days-remaining">
        {sub.days_remaining > 0
          ? `${sub.days_remaining} ${sub.days_remaining === 1 ? 'dia restante' : 'dias restantes'} no período de teste`
          : 'O período de teste terminou'}
      </Text>
    );
  }
  if (!sub.current_period_end) return null;
  if (sub.status === 'active') return <Text>Próxima renovação em {shortDate(sub.current_period_end)}</Text>;
  if (sub.is_valid_for_features) {
    return (
      <Text data-testid="days-remaining">
        Acesso até {shortDate(sub.current_period_end)} ({sub.days_remaining} {sub.days_remaining === 1 ? 'dia restante' : 'dias restantes'})
      </Text>
    );
  }
  return null;
}

export default function YourPlanScreen() {
  const trpc = useTRPC();
  const info = useSubscription();
  const profile = useProfile().data;
  const plans = useQuery(plansQuery(trpc));
  const billing = useBillingActions();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session_id');
  const [checking, setChecking] = useState(false);
  const [clicked, setClicked] = useState<Busy>(null);
  const [confirmFree, setConfirmFree] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // The button whose action is under way.
  const busy = billing.pending ? clicked : null;

  // Back from the checkout page: session_id leaves the address first (a navigation clears the
  // bar), then the payment is confirmed and its outcome told.
  useEffect(() => {
    if (!sessionId || confirmedSessions.has(sessionId)) return;
    confirmedSessions.add(sessionId);
    setChecking(true);
    const next = new URLSearchParams(params);
    next.delete('session_id');
    void Promise.resolve(navigate({ search: next.size ? `?${next}` : '' }, { replace: true }))
      .then(() => billing.confirmCheckout(sessionId))
      .finally(() => setChecking(false));
  }, [sessionId]);

  const run = (kind: Exclude<Busy, null>, action: () => void) => () => {
    setClicked(kind);
    action();
  };

  const sub = info.data?.subscription;
  const restricted = accountRestricted(info.data);
  const texts = planStatusTexts(sub?.status_plan, sub?.days_remaining);
  const trialExpired = !!sub && isTrialExpired(sub.status, sub.days_remaining);
  const payment = !!sub && showsPaymentButton(sub.status);

  function planAction(plan: Plan) {
    const current = sub?.plan_id === plan.id;
    const disabled = busy !== null && busy !== `plan-${plan.id}`;
    if (current && sub?.status === 'active') {
      return (
        <Button variant="default" disabled fullWidth>
          Plano atual
        </Button>
      );
    }
    if (plan.is_free_plan) {
      return (
        <Button variant="light" fullWidth disabled={disabled} onClick={() => setConfirmFree(true)}>
          Migrar para o Plano Grátis
        </Button>
      );
    }
    // The current plan, not active: its status's action ('Regularizar Pagamento', 'Reativar Plano'...).
    const label = current && sub?.status !== 'trialing' ? texts.action : 'Assinar Plano';
    return (
      <Button
        fullWidth
        loading={busy === `plan-${plan.id}`}
        disabled={disabled}
        onClick={run(`plan-${plan.id}`, () => (current && payment ? billing.payCurrentPlan() : billing.checkout(plan.id)))}
      >
        {label}
      </Button>
    );
  }

  return (
    <Stack maw={1100} gap="lg">
      <PageHeader />

      {checking && (
        <Alert color="blue" icon={<Loader size={16} />} role="status">
          Confirmando o pagamento…
        </Alert>
      )}

      <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby="plano-atual" data-testid="current-plan">
        <Title order={2} fz="h4" mb="md" id="plano-atual">
          Plano atual
        </Title>
        {!info.data ? (
          <Stack aria-busy="true">
            <Skeleton h={28} w="40%" />
            <Skeleton h={20} w="60%" />
          </Stack>
        ) : !sub ? (
          <Text c="dimmed">Sua agência ainda não tem um plano. Escolha um plano abaixo.</Text>
        ) : (
          <Stack gap="sm">
            <Group justify="space-between" align="center">
              <Group gap="sm">
                <Text fz="xl" fw={700} data-testid="current-plan-name">
                  {sub.plan_name}
                </Text>
                <Badge color={statusColor(sub.status, restricted)} variant="light" size="lg" data-testid="plan-status">
                  {statusLabel(sub.status, sub.days_remaining)}
                </Badge>
              </Group>
              <Text fw={600}>{price(sub.amount_cents)}</Text>
            </Group>
            <PeriodText sub={sub} />
            <Feature name="custom_subdomain">
              {profile && <SubdomainForm key={profile.subdomain ?? ''} subdomain={profile.subdomain} />}
            </Feature>

            {restricted && (
              <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={texts.title} role="alert">
                <Stack gap="sm">
                  <Text fz="sm">{texts.message}. O acesso da sua agência está limitado até o plano ser regularizado.</Text>
                  <Group gap="sm">
                    {trialExpired && (
                      <Button variant="light" disabled={busy !== null} onClick={() => setConfirmFree(true)}>
                        Migrar para o Plano Grátis
                      </Button>
                    )}
                    <Button
                      color="red"
                      loading={busy === 'pay' || busy === 'upgrade'}
                      disabled={busy !== null && busy !== 'pay' && busy !== 'upgrade'}
                      onClick={payment ? run('pay', billing.payCurrentPlan) : run('upgrade', billing.upgradeToPaidPlan)}
                    >
                      {texts.action}
                    </Button>
                  </Group>
                </Stack>
              </Alert>
            )}

            {sub.status !== 'canceled' && !sub.is_free_plan && (
              <Group justify="flex-end">
                <Button variant="subtle" color="red" disabled={busy !== null} onClick={() => setConfirmCancel(true)}>
                  Cancelar assinatura
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="planos-disponiveis">
        <Title order={2} fz="h4" id="planos-disponiveis">
          Planos disponíveis
        </Title>
        {plans.isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Skeleton h={260} radius="lg" />
            <Skeleton h={260} radius="lg" />
          </SimpleGrid>
        ) : plans.isError ? (
          <Text c="dimmed">Não foi possível carregar os planos.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {plans.data.plans.map((plan) => (
              <Card
                key={plan.id}
                withBorder
                padding="lg"
                radius="lg"
                data-testid="plan-card"
                aria-label={plan.name}
                style={sub?.plan_id === plan.id ? { borderColor: 'var(--mantine-color-blue-5)' } : undefined}
              >
                <Stack gap="sm" h="100%">
                  <Group justify="space-between" align="baseline">
                    <Title order={3} fz="h5">
                      {plan.name}
                    </Title>
                    {sub?.plan_id === plan.id && (
                      <Badge variant="light" size="sm">
                        Atual
                      </Badge>
                    )}
                  </Group>
                  <Text fz="xl" fw={700}>
                    {price(plan.amount_cents)}
                  </Text>
                  <List spacing={6} size="sm" center style={{ flex: 1 }}>
                    {FEATURE_KEYS.filter((key) => FEATURE_LABELS[key]).map((key) => (
                      <List.Item
                        key={key}
                        c={plan.features[key] ? undefined : 'dimmed'}
                        icon={
                          <ThemeIcon size={20} radius="xl" variant="light" color={plan.features[key] ? 'teal' : 'gray'}>
                            {plan.features[key] ? (
                              <IconCheck size={13} aria-label="incluído" />
                            ) : (
                              <IconX size={13} aria-label="não incluído" />
                            )}
                          </ThemeIcon>
                        }
                      >
                        {FEATURE_LABELS[key]}
                      </List.Item>
                    ))}
                  </List>
                  {planAction(plan)}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <ConfirmDialog
        opened={confirmFree}
        title="Migrar para o Plano Grátis"
        confirmLabel="Migrar para o Plano Grátis"
        cancelLabel="Voltar"
        color="blue"
        loading={busy === 'free'}
        onClose={() => setConfirmFree(false)}
        onConfirm={run('free', () => billing.migrateToFreePlan({ onSuccess: () => setConfirmFree(false) }))}
      >
        <Text>A agência passa agora para o Plano Grátis, sem cobrança. Os recursos dos planos pagos deixam de estar disponíveis.</Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={confirmCancel}
        title="Cancelar assinatura"
        confirmLabel="Cancelar assinatura"
        cancelLabel="Voltar"
        loading={busy === 'cancel'}
        onClose={() => setConfirmCancel(false)}
        onConfirm={run('cancel', () => billing.cancelSubscription({ onSuccess: () => setConfirmCancel(false) }))}
      >
        <Text>
          A assinatura do {sub?.plan_name} será cancelada agora. O acesso continua até o fim do período já pago ou do período de teste.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
