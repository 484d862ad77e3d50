// "Avisos por e-mail": which notifications of the bell the agent also gets by e-mail.
import { NOTIFICATION_EMAIL_KINDS, NOTIFICATION_KIND_LABELS } from '@app/shared/notifications';
import { Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

export function NotificationEmailsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const preferences = useQuery(trpc.notifications.preferences.queryOptions());
  const save = useMutation(
    trpc.notifications.setPreferences.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.notifications.preferences.queryKey(), saved);
        toastSuccess('Avisos por e-mail salvos.');
      },
    }),
  );
  const chosen = save.isPending ? (save.variables?.email ?? []) : (preferences.data?.email ?? []);
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="notification-emails-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="notification-emails-title">
          Avisos por e-mail
        </Title>
        <Text fz="sm" c="dimmed">
          Tudo aparece no sino do topo da tela. Marque o que você também quer receber por e-mail (o aceite de um orçamento sempre vai por
          e-mail).
        </Text>
        <Checkbox.Group
          aria-label="Avisos por e-mail"
          value={chosen}
          onChange={(value) => save.mutate({ email: value as (typeof NOTIFICATION_EMAIL_KINDS)[number][] })}
        >
          <Stack gap="xs">
            {NOTIFICATION_EMAIL_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={NOTIFICATION_KIND_LABELS[kind]} disabled={preferences.isPending} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
    </Card>
  );
}
