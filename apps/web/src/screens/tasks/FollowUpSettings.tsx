import { FOLLOW_UP_RULE_LABELS, type FollowUpRule } from '@app/shared/tasks';
import { Button, Drawer, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBellCog } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
        if (changed) toastSuccess(changed.enabled ? 'Lembrete ativado.' : 'Lembrete desativado.');
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
      {settings.data.rules.map(({ rule, enabled }) => (
        <Switch
          key={rule}
          label={FOLLOW_UP_RULE_LABELS[rule]}
          checked={shown(rule, enabled)}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ rules: [{ rule, enabled: event.currentTarget.checked }] })}
          data-testid={`follow-up-${rule}`}
        />
      ))}
    </Stack>
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
