import { NOTIFICATION_DISPLAY_MS, NOTIFICATION_FADE_MS } from '@app/shared/constants';
import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hideNotification, useNotification } from '../lib/notification';

type Phase = 'shown' | 'fading';

/**
 * The notification bar: 'Erro {code} - {message}' with, where trying again can help (a network or
 * server failure), 'Tentar novamente', which reloads the current route with a time query value.
 * Success style only for code 200. Shown 5000 ms, fades 550 ms, hides.
 */
export function NotificationBar() {
  const { state, error, message, retryable, id } = useNotification();
  const [phase, setPhase] = useState<Phase>('shown');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!state) return;
    setPhase('shown');
    const fade = window.setTimeout(() => setPhase('fading'), NOTIFICATION_DISPLAY_MS);
    const hide = window.setTimeout(hideNotification, NOTIFICATION_DISPLAY_MS + NOTIFICATION_FADE_MS);
    return () => {
      window.clearTimeout(fade);
      window.clearTimeout(hide);
    };
  }, [state, id]);

  if (!state) return null;
  const success = error === 200;

  const retry = () => {
    const params = new URLSearchParams(location.search);
    params.set('t', String(Date.now()));
    hideNotification();
    void queryClient.invalidateQueries();
    void navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash }, { replace: true });
  };

  return (
    <Paper
      className="notification-bar"
      data-phase={phase}
      data-testid="notification-bar"
      role={success ? 'status' : 'alert'}
      aria-live={success ? 'polite' : 'assertive'}
      shadow="lg"
      bg={success ? 'teal.7' : 'red.7'}
      c="white"
      px="md"
      py="sm"
      style={{ transitionDuration: `${NOTIFICATION_FADE_MS}ms` }}
    >
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Text fz="sm" fw={500} style={{ flex: 1 }}>
          Erro {error} - {message}
        </Text>
        {retryable && (
          <Button size="compact-sm" variant="white" color="red" onClick={retry}>
            Tentar novamente
          </Button>
        )}
        <CloseButton aria-label="Fechar" variant="transparent" c="white" onClick={hideNotification} />
      </Group>
    </Paper>
  );
}
