import { FOLLOW_UP_DAYS, FOLLOW_UP_DAYS_RANGE, FOLLOW_UP_RULE_LABELS, type FollowUpRule } from '@app/shared/tasks';
import { Button, Drawer, Group, NumberInput, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBellCog } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

function Rules() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.tasks.followUpSettings.queryOptions());
  const key = trpc.tasks.followUpSettings.queryKey();
  const change = useMutation(
    trpc.tasks.updateFollowUpSettings.mutationOptions({
      onSuccess: (saved, { rules: [changed] }) => {
        queryClient.setQueryData(key, saved);
        if (changed?.days !== undefined) toastSuccess('Dias do lembrete salvos.');
        else if (changed) toastSuccess(changed.enabled ? 'Lembrete ativado.' : 'Lembrete desativado.');
      },
    }),
  );

  if (!settings.data) {
    if (settings.isError) return <Text c="dimmed">Não foi possível carregar os lembretes.</Text>;
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Carregando lembretes">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  const pendingRule = change.isPending ? change.variables.rules[0]?.rule : undefined;
  const shown = (rule: FollowUpRule, enabled: boolean) => (pendingRule === rule ? !enabled : enabled);
  return (
    <Stack gap="md">
      {settings.data.rules.map(({ rule, enabled, days }) => (
        <Stack key={rule} gap={6}>
          <Switch
            label={FOLLOW_UP_RULE_LABELS[rule]}
            checked={shown(rule, enabled)}
            disabled={change.isPending}
            onChange={(event) => change.mutate({ rules: [{ rule, enabled: event.currentTarget.checked }] })}
            data-testid={`follow-up-${rule}`}
          />
          {days !== null && (
            <RuleDays
              rule={rule}
              days={days}
              disabled={!enabled || change.isPending}
              onSave={(n) => change.mutate({ rules: [{ rule, enabled, days: n }] })}
            />
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/** The N of a rule counted in days, saved when the field is left (Enter leaves it) with a new value. */
function RuleDays({
  rule,
  days,
  disabled,
  onSave,
}: {
  rule: FollowUpRule;
  days: number;
  disabled: boolean;
  onSave: (days: number) => void;
}) {
  const [value, setValue] = useState<number | string>(days);
  const save = () => {
    const n = Number(value);
    if (Number.isInteger(n) && n >= FOLLOW_UP_DAYS_RANGE.min && n <= FOLLOW_UP_DAYS_RANGE.max && n !== days) onSave(n);
    else setValue(days);
  };
  return (
    <Group gap="xs" pl={52}>
      <NumberInput
        label={FOLLOW_UP_DAYS[rule]?.label}
        value={value}
        onChange={setValue}
        onBlur={save}
        onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        min={FOLLOW_UP_DAYS_RANGE.min}
        max={FOLLOW_UP_DAYS_RANGE.max}
        allowDecimal={false}
        allowNegative={false}
        disabled={disabled}
        w={170}
        size="xs"
        data-testid={`follow-up-days-${rule}`}
      />
    </Group>
  );
}

/** 'Lembretes automáticos': which follow-up tasks the agency gets by itself (owner and administrador). */
export function FollowUpSettings() {
  const [opened, drawer] = useDisclosure(false);
  return (
    <>
      <Button variant="default" leftSection={<IconBellCog size={16} aria-hidden />} onClick={drawer.open}>
        Lembretes automáticos
      </Button>
      <Drawer opened={opened} onClose={drawer.close} position="right" title={<Text fw={600}>Lembretes automáticos</Text>}>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            Tarefas de acompanhamento criadas automaticamente quando:
          </Text>
          {opened && <Rules />}
        </Stack>
      </Drawer>
    </>
  );
}
