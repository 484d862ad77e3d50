// Where an API process hears the database's notifications for its live screens (modules/events),
// the same way whatever the database: on PostgreSQL, from the connection the process already
// listens on (kept-reads.ts), so a commit by any process of the fleet reaches every one of them;
// on the embedded default, from the embedded database itself, which tells its one process what
// that process committed.
import type { Db } from '@app/db';
import type { EmbeddedPostgres } from '@app/db/embedded';
import { type ChangeTap, tapChanges } from './kept-reads';

export type ChangeSource = {
  /**
   * Hands `handlers` the notifications on the source's channels from now on; `onReset` when some
   * may have been missed (the listening connection lost, or made again). Resolves to the stop.
   */
  subscribe(handlers: ChangeTap): Promise<() => void>;
};

/** The embedded database's side of it (startEmbeddedPostgres). */
export type EmbeddedNotifications = Pick<EmbeddedPostgres, 'listen'>;

/**
 * The notifications on `channels`: the embedded database's when given, else those of the connection
 * listening over `db` (the channels it listens on are chosen where it starts: app.ts). Without
 * either, nothing is ever told.
 */
export function changeSource(db: Db, channels: readonly string[], embedded?: EmbeddedNotifications): ChangeSource {
  return {
    async subscribe(handlers) {
      const onMessage = (channel: string, payload: string) => {
        if (channels.includes(channel)) handlers.onMessage(channel, payload);
      };
      if (embedded) return embedded.listen([...channels], onMessage);
      return tapChanges(db, { onMessage, onReset: () => handlers.onReset() }) ?? (() => {});
    },
  };
}
