// "Ana está editando este orçamento": the other agents who have this budget open, told by the live
// events stream (lib/live-events.ts). While the editor is open it says so every
// PRESENCE_TIMING.beatMs, and once more at once when someone new opens it (so the newcomer sees who
// was already here); it says when it closes. Nothing is stored: a silent agent goes after
// PRESENCE_TIMING.expiresMs.
import { editingPresenceText, PRESENCE_TIMING } from '@app/shared/events';
import { Alert } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import { onLivePresence, onLiveReady } from '../../../lib/live-events';
import { getToken } from '../../../lib/session';
import { useTRPC } from '../../../lib/trpc';
import { useCurrentUser } from '../../../lib/use-session';

/** Several agents arriving together are answered with one beat. */
const REPLY_DELAY_MS = 300;
const PRUNE_MS = 5_000;

/** With fetch keepalive, so it still goes out while the tab closes. */
function leave(budgetId: number) {
  const token = getToken();
  if (!token) return;
  fetch(`/api/budgets/${budgetId}/presence`, { method: 'DELETE', keepalive: true, headers: { Authorization: `Bearer ${token}` } }).catch(
    () => undefined,
  );
}

export function EditingPresence({ budgetId }: { budgetId: number }) {
  const trpc = useTRPC();
  const me = useCurrentUser()?.id;
  // A beat that fails says nothing on the bar (401/403 still end the session).
  const { mutate: beat } = useMutation(trpc.presence.beat.mutationOptions({ meta: { silent: true } }));
  const editors = useRef(new Map<number, { name: string; seenAt: number }>());
  const [, render] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (me === undefined) return;
    const here = editors.current;
    here.clear();
    const announce = () => beat({ id: budgetId });
    // Said once the stream can hear the others' replies (and again after a reconnection).
    const offReady = onLiveReady(announce);
    const beats = setInterval(announce, PRESENCE_TIMING.beatMs);
    let reply: ReturnType<typeof setTimeout> | undefined;
    const prune = setInterval(() => {
      const now = Date.now();
      let gone = false;
      for (const [id, editor] of here)
        if (now - editor.seenAt >= PRESENCE_TIMING.expiresMs) {
          here.delete(id);
          gone = true;
        }
      if (gone) render();
    }, PRUNE_MS);
    const off = onLivePresence((presence) => {
      if (presence.budget_id !== budgetId || presence.user.id === me) return;
      const isNew = !here.has(presence.user.id);
      if (presence.state === 'left') here.delete(presence.user.id);
      else here.set(presence.user.id, { name: presence.user.name, seenAt: Date.now() });
      render();
      // A newcomer learns at once who was already here.
      if (presence.state === 'editing' && isNew && !reply) {
        reply = setTimeout(() => {
          reply = undefined;
          announce();
        }, REPLY_DELAY_MS);
      }
    });
    const onPageHide = () => leave(budgetId);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(beats);
      clearInterval(prune);
      clearTimeout(reply);
      offReady();
      off();
      window.removeEventListener('pagehide', onPageHide);
      leave(budgetId);
    };
  }, [budgetId, me, beat]);

  const text = editingPresenceText([...editors.current.values()].map((e) => e.name));
  if (!text) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconUsers size={18} aria-hidden />} role="status" data-testid="editing-presence">
      {text}
    </Alert>
  );
}
