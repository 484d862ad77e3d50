// Live screens: the server-sent events stream of GET /api/events (one per signed-in user, for the
// user's agency only) and the presence of agents on a budget. The stream carries:
//   event: ready     on connecting, or on reconnecting once what was missed has been replayed
//   event: change    a record of the agency changed (liveChangeSchema); with an `id:` to resume from
//   event: reset     changes may have been missed: read everything again
//   event: presence  an agent opened (or left) a budget (livePresenceSchema); never replayed
// A reconnection sends the last `id:` it read as Last-Event-ID and gets what it missed, or a reset.
import { z } from './zod';

export const LIVE_EVENTS_PATH = '/api/events';

/** The kinds of record a change names (the database's triggers, migration record_changes). */
export const LIVE_RECORD_KINDS = [
  'attendance',
  'client',
  'budget',
  'proposal',
  'service',
  'pax',
  'task',
  'reservation',
  'contract',
  'voucher',
  'sale',
  'supplier',
  'notification',
] as const;
export type LiveRecordKind = (typeof LIVE_RECORD_KINDS)[number];

const recordId = z.number().int().positive();

/** `event: change`: the record, what happened to it and, for the rows of a budget, the budget. */
export const liveChangeSchema = z.object({
  kind: z.enum(LIVE_RECORD_KINDS),
  id: recordId,
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  budget_id: recordId.optional(),
});
export type LiveChange = z.infer<typeof liveChangeSchema>;

export const PRESENCE_STATES = ['editing', 'left'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

/** `event: presence`: who opened or left which budget. */
export const livePresenceSchema = z.object({
  budget_id: recordId,
  user: z.object({ id: recordId, name: z.string() }),
  state: z.enum(PRESENCE_STATES),
});
export type LivePresence = z.infer<typeof livePresenceSchema>;

export const PRESENCE_TIMING = {
  /** An open budget editor says so this often... */
  beatMs: 20_000,
  /** ...and counts as left once this long passed without a word from it. */
  expiresMs: 45_000,
} as const;

/** POST and DELETE /api/budgets/{id}/presence (input: idParam). */
export const budgetPresenceOutput = z.object({ budget_id: recordId, state: z.enum(PRESENCE_STATES) });

/** The editor's notice of the other agents who have the budget open (none: null). */
export function editingPresenceText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} está editando este orçamento`;
  return `${names.slice(0, -1).join(', ')} e ${names.at(-1)} estão editando este orçamento`;
}

/** One message of a text/event-stream (the `data:` lines joined by new lines). */
export type EventStreamMessage = { event: string; data: string; id?: string };

/**
 * Reads a text/event-stream as its text arrives, cut anywhere: each complete message goes to
 * `onMessage` (comments, such as heartbeats, and messages without data are skipped). `id` is the
 * message's own `id:` field, when it has one. Lines end with \n or \r\n (as GET /api/events writes them).
 */
export function eventStreamReader(onMessage: (message: EventStreamMessage) => void): { push(text: string): void } {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  const line = (text: string) => {
    if (text === '') {
      if (data.length) onMessage({ event: event || 'message', data: data.join('\n'), ...(id === undefined ? {} : { id }) });
      event = '';
      data = [];
      id = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    const value = colon === -1 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
  };
  return {
    push(text) {
      buffer += text;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? ''; // a line still arriving
      for (const l of lines) line(l.endsWith('\r') ? l.slice(0, -1) : l);
    },
  };
}
