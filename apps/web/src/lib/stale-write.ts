// No lost update on the screen: a form sends the version it loaded; a 409 of a stale write (another
// agent saved first) opens the merge panel (components/StaleWritePanel.tsx) with the record read
// again, field by field: "manter as minhas" or "usar a versão atual", then saves on that version.
import type { VersionConflict } from '@app/shared/error-body';
import { useRef, useState } from 'react';
import { markShownByForm } from './api-error';
import { sameValues } from './same-values';

type Values = Record<string, unknown>;

/** What a stale write's 409 tells: who saved first, when, and the version now (null: another error). */
export function staleWriteOf(error: unknown): (VersionConflict & { message: string }) | null {
  const data = (error as { data?: { code?: string; message?: string; conflict?: VersionConflict } | null } | null)?.data;
  return data?.code === 'CONFLICT' && data.conflict ? { ...data.conflict, message: data.message ?? '' } : null;
}

export type Choice = 'mine' | 'current';

export type ConflictField = {
  key: string;
  mine: unknown;
  current: unknown;
  /** The agent changed it too (else only the other edit did). */
  bothChanged: boolean;
};

/** The fields the other edit changed that the agent's values hold otherwise. */
export function conflictFields<V extends Values>(base: V, mine: V, current: V): ConflictField[] {
  return Object.keys(current)
    .filter((key) => !sameValues(current[key], base[key]) && !sameValues(current[key], mine[key]))
    .map((key) => ({ key, mine: mine[key], current: current[key], bothChanged: !sameValues(mine[key], base[key]) }));
}

/** The choice a field starts with: what the agent typed is kept; what only the other edit changed is taken. */
export const defaultChoice = (field: ConflictField): Choice => (field.bothChanged ? 'mine' : 'current');

/**
 * The values saved again: per conflicting field the one chosen; elsewhere the agent's own changes
 * on top of the current record (a field the agent left alone takes the other edit's value).
 */
export function mergedValues<V extends Values>(base: V, mine: V, current: V, choices: Record<string, Choice>): V {
  const merged: Values = { ...current };
  for (const key of Object.keys(mine)) {
    const choice = choices[key];
    if (choice) merged[key] = choice === 'mine' ? mine[key] : current[key];
    else if (!sameValues(mine[key], base[key])) merged[key] = mine[key];
  }
  return merged as V;
}

export type StaleWrite<V extends Values> = {
  conflict: VersionConflict & { message: string };
  /** The record as it is now, as the form holds values. */
  current: V;
  fields: ConflictField[];
};

/**
 * A form's side of it: the version to send, and `caught` for its mutation's onError (true when the
 * error was a stale write; the notification bar leaves it out). The record is read again: when the
 * other edit changed nothing the form holds otherwise (an agent's own save from another card of the
 * screen, a field the form does not show), the agent's changes are saved again on the version read
 * at once; else the panel opens, and `resolve` saves the choices. `resave` gets the values to save
 * (the form takes them and submits).
 */
export function useStaleWrite<V extends Values>(opts: {
  version: number | undefined;
  base: V;
  readCurrent: () => Promise<{ values: V; version: number }>;
  resave: (merged: V) => void;
}) {
  const version = useRef(opts.version);
  const base = useRef(opts.base);
  const latest = useRef(opts);
  latest.current = opts;
  const [stale, setStale] = useState<(StaleWrite<V> & { mine: V; version: number }) | null>(null);
  const resaveOn = (read: { values: V; version: number }, merged: V) => {
    version.current = read.version;
    base.current = read.values;
    latest.current.resave(merged);
  };
  return {
    version: () => version.current,
    stale,
    caught(error: unknown, mine: V): boolean {
      const conflict = staleWriteOf(error);
      if (!conflict) return false;
      markShownByForm(error);
      void latest.current.readCurrent().then((read) => {
        const fields = conflictFields(base.current, mine, read.values);
        if (fields.length === 0) resaveOn(read, mergedValues(base.current, mine, read.values, {}));
        else setStale({ conflict, current: read.values, version: read.version, mine, fields });
      });
      return true;
    },
    resolve(choices: Record<string, Choice>): void {
      if (!stale) return;
      setStale(null);
      resaveOn({ values: stale.current, version: stale.version }, mergedValues(base.current, stale.mine, stale.current, choices));
    },
    dismiss: () => setStale(null),
    /** A form that stays open after a save: what it saved is the next save's base, at the version answered. */
    saved(savedVersion: number, values: V) {
      version.current = savedVersion;
      base.current = values;
    },
  };
}
export type StaleWriteState<V extends Values> = ReturnType<typeof useStaleWrite<V>>;
