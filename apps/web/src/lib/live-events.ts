// The live screens' client: reads GET /api/events (server-sent events) with fetch, since it needs
// the bearer token and EventSource sends no header; reconnects with backoff and Last-Event-ID; on
// each change invalidates the queries of that kind of record, gathered for a moment so a burst is
// one refetch; on reset, every query. Free of React (use-live-events.ts mounts it), so the
// reconnection and the invalidation rules are unit-tested.
import {
  eventStreamReader,
  LIVE_EVENTS_PATH,
  type LiveChange,
  type LivePresence,
  type LiveRecordKind,
  liveChangeSchema,
  livePresenceSchema,
} from '@app/shared/events';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

/** The tRPC routers whose queries show each kind of record. */
export type LiveRouter =
  | 'attendances'
  | 'budgets'
  | 'proposals'
  | 'services'
  | 'recommendations'
  | 'closedSales'
  | 'landingPages'
  | 'reservations'
  | 'contracts'
  | 'vouchers'
  | 'tasks'
  | 'clients'
  | 'suppliers'
  | 'notifications';

const BUDGET_TREE: LiveRouter[] = ['budgets', 'proposals', 'services', 'recommendations', 'closedSales', 'landingPages'];
const AFTER_SALE: LiveRouter[] = ['closedSales', 'budgets', 'reservations', 'contracts', 'vouchers', 'tasks'];

export const LIVE_QUERIES: Record<LiveRecordKind, readonly LiveRouter[]> = {
  // The funnel, the list and an attendance's screen; budgets and tasks show its title.
  attendance: ['attendances', 'budgets', 'tasks'],
  // Attendances and budgets show the client's name.
  client: ['clients', 'attendances', 'budgets'],
  budget: [...BUDGET_TREE, 'attendances'],
  proposal: BUDGET_TREE,
  service: BUDGET_TREE,
  pax: BUDGET_TREE,
  task: ['tasks', 'attendances'],
  reservation: AFTER_SALE,
  contract: AFTER_SALE,
  voucher: AFTER_SALE,
  sale: [...AFTER_SALE, 'attendances'],
  // A service names its supplier.
  supplier: ['suppliers', 'services'],
  // The bell (the server answers each user their own).
  notification: ['notifications'],
};

/** What the invalidation needs of each router: its key (trpc.<router>.pathKey()). */
export type RouterKeys = (router: LiveRouter) => QueryKey;

/** Changes are gathered this long, so a burst (a save touching many rows) is one refetch. */
export const COALESCE_MS = 300;

/** The budget a query of the budgets router reads (its input's id), if any. */
function budgetOf(query: Query): number | undefined {
  const input = (query.queryKey[1] as { input?: { id?: unknown } } | undefined)?.input;
  return typeof input?.id === 'number' ? input.id : undefined;
}

/**
 * Invalidates the queries that show the records named by `changed`, COALESCE_MS after the first
 * of a burst. A query whose last fetch started after the burst's last change arrived already reads
 * it (the change was committed before it was told), so it is left alone: one's own writes, which
 * the mutation refetches anyway, come back without a second request. A change within a budget
 * touches the budgets router's queries of that budget (and lists) only.
 */
export function liveInvalidator(queryClient: QueryClient, keys: RouterKeys, now = () => Date.now()) {
  const fetchStarted = new Map<string, number>();
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'fetch') fetchStarted.set(event.query.queryHash, now());
    if (event.type === 'removed') fetchStarted.delete(event.query.queryHash);
  });
  let pending: LiveChange[] = [];
  let lastArrival = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const changes = pending;
    pending = [];
    const arrived = lastArrival;
    const stale = (query: Query) => (fetchStarted.get(query.queryHash) ?? Number.NEGATIVE_INFINITY) <= arrived;
    const budgets = new Set<number | undefined>();
    const routers = new Set<LiveRouter>();
    for (const change of changes) {
      for (const router of LIVE_QUERIES[change.kind]) routers.add(router);
      if (LIVE_QUERIES[change.kind].includes('budgets')) budgets.add(change.budget_id);
    }
    for (const router of routers) {
      const all = router !== 'budgets' || budgets.has(undefined);
      void queryClient.invalidateQueries({
        queryKey: keys(router),
        predicate: (query) => stale(query) && (all || budgetOf(query) === undefined || budgets.has(budgetOf(query))),
      });
    }
  };

  return {
    changed(change: LiveChange) {
      pending.push(change);
      lastArrival = now();
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    /** Changes may have been missed: every query is read again. */
    resetAll() {
      void queryClient.invalidateQueries();
    },
    stop() {
      clearTimeout(timer);
      unsubscribe();
    },
  };
}

export type LiveHandlers = {
  /** The bearer token now (none: signed out, the stream stops). */
  token(): string | null;
  onChange(change: LiveChange): void;
  onReset(): void;
  onPresence(presence: LivePresence): void;
  /** The stream is open and caught up (`event: ready`), or (false) it closed: what is said now is heard. */
  onReady?(ready: boolean): void;
  /** 401/403: the session is over, as any call would tell. */
  onUnauthorized(response: Response): void;
};

export type LiveOptions = {
  url?: string;
  /** Where a reconnection resumes from (the last `id:` read), kept across connections. */
  position?: { id?: string };
  /** The wait before the n-th retry in a row (n from 0). */
  backoffMs?: (attempt: number) => number;
};

/** 1 s, 2 s, 4 s... up to 30 s, with jitter so a restarted server is not met by everyone at once. */
export const defaultBackoff = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt) * (0.75 + Math.random() / 2);

/**
 * Opens the stream and keeps it open: after an error or the server ending it, again after a
 * backoff, resuming from the last id read. A refusal that waiting will not fix (401/403, and any
 * other 4xx but 429) stops it: 401/403 end the session like any call.
 */
export function connectLiveEvents(handlers: LiveHandlers, opts: LiveOptions = {}): { stop(): void } {
  const url = opts.url ?? LIVE_EVENTS_PATH;
  const position = opts.position ?? {};
  const backoff = opts.backoffMs ?? defaultBackoff;
  let stopped = false;
  let abort: AbortController | undefined;
  let waiting: { timer: ReturnType<typeof setTimeout>; resolve(): void } | undefined;
  let attempt = 0;

  const dispatch = (event: string, data: string) => {
    if (event === 'reset') handlers.onReset();
    else if (event === 'change') {
      const change = liveChangeSchema.safeParse(safeJson(data));
      if (change.success) handlers.onChange(change.data);
    } else if (event === 'ready') {
      handlers.onReady?.(true);
    } else if (event === 'presence') {
      const presence = livePresenceSchema.safeParse(safeJson(data));
      if (presence.success) handlers.onPresence(presence.data);
    }
  };

  /** Reads one connection to its end; false when it must not be retried. */
  async function once(token: string): Promise<boolean> {
    abort = new AbortController();
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', ...(position.id ? { 'Last-Event-ID': position.id } : {}) },
      cache: 'no-store',
      signal: abort.signal,
    });
    if (res.status === 401 || res.status === 403) {
      handlers.onUnauthorized(res);
      return false;
    }
    if (!res.ok || !res.body) return !(res.status >= 400 && res.status < 500 && res.status !== 429);
    const reader = eventStreamReader((message) => {
      if (message.id) position.id = message.id;
      attempt = 0;
      dispatch(message.event, message.data);
    });
    const body = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await body.read();
      if (done) return true;
      reader.push(value);
    }
  }

  void (async () => {
    while (!stopped) {
      const token = handlers.token();
      if (!token) return;
      const again = await once(token).catch(() => true);
      handlers.onReady?.(false);
      if (!again || stopped) return;
      await new Promise<void>((resolve) => {
        waiting = { timer: setTimeout(resolve, backoff(attempt)), resolve };
      });
      waiting = undefined;
      attempt += 1;
    }
  })();

  return {
    stop() {
      stopped = true;
      abort?.abort();
      if (waiting) {
        clearTimeout(waiting.timer);
        waiting.resolve();
      }
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let streamReady = false;
const readyListeners = new Set<() => void>();

/**
 * Calls `listener` once the stream can hear answers (now, if it already can) and again after each
 * reconnection, until the returned function is called: a presence said before that is heard by
 * others, but their replies would be lost.
 */
export function onLiveReady(listener: () => void): () => void {
  readyListeners.add(listener);
  if (streamReady) listener();
  return () => readyListeners.delete(listener);
}

export function tellReady(ready: boolean): void {
  streamReady = ready;
  if (ready) for (const listener of readyListeners) listener();
}

const presenceListeners = new Set<(presence: LivePresence) => void>();

/** Hands `listener` the presence events of the open stream until the returned function is called. */
export function onLivePresence(listener: (presence: LivePresence) => void): () => void {
  presenceListeners.add(listener);
  return () => presenceListeners.delete(listener);
}

export function tellPresence(presence: LivePresence): void {
  for (const listener of presenceListeners) listener(presence);
}
