// An embedded PostgreSQL (PGlite, PostgreSQL compiled to WebAssembly) served on a local TCP port,
// so the app and Prisma (adapter-pg) connect to it exactly as to a real server.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { NotificationFilter } from './notifications';

export interface EmbeddedPostgresOptions {
  /** Folder that keeps the data between runs (created if missing); omitted: in memory only. */
  dataDir?: string;
  /** TCP port on 127.0.0.1; omitted or 0: any free port. */
  port?: number;
  /** A `dumpDataDir()` tarball to start from; only used when the data folder is new. */
  loadDataDir?: Blob;
}

export type NotificationHandler = (channel: string, payload: string) => void;

export interface EmbeddedPostgres {
  url: string;
  /**
   * Hands `onNotification` every notification on `channels` committed from now on, by any
   * connection (what a LISTENing connection hears on PostgreSQL; the connections themselves never
   * get them); the returned function stops it. The database's one session listens for the process.
   */
  listen(channels: string[], onNotification: NotificationHandler): Promise<() => void>;
  /** A tarball of the whole data folder, loadable through `loadDataDir`. */
  dumpDataDir(): Promise<Blob>;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions = {}): Promise<EmbeddedPostgres> {
  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  // PGlite refuses to load a tarball over an existing database.
  const isNew = !opts.dataDir || !existsSync(join(opts.dataDir, 'PG_VERSION'));
  // pg_trgm and unaccent: the migrations create them for the searches (their files load on every start).
  const db = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: isNew ? opts.loadDataDir : undefined,
    extensions: { pg_trgm, unaccent },
    // PostgreSQL's default 128 MB of shared buffers is memory PGlite takes at start (WebAssembly memory);
    // one user's data on a developer's machine needs far less.
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  });
  const listeners = new Set<{ channels: readonly string[]; onNotification: NotificationHandler }>();
  const listening = new Set<string>();
  // Handed over after the statement that carried them, out of the queue's turn: a listener's
  // failure is its own, never the connection's whose commit it heard.
  const notify: NotificationHandler = (channel, payload) =>
    queueMicrotask(() => {
      for (const l of listeners) if (l.channels.includes(channel)) l.onNotification(channel, payload);
    });
  // The database's own statements (LISTEN, a left transaction's ROLLBACK) are parsed by PGlite.
  db.onNotification(notify);
  const queue = new ExclusiveQueue(db, notify);
  // The default is a single connection; a second one only gets the raw text "Too many connections".
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: opts.port ?? 0, maxConnections: 200 });
  // Swapped in before start(), so every connection's handler gets it (see ExclusiveQueue).
  (server as unknown as { queryQueue: ExclusiveQueue }).queryQueue = queue;
  await server.start();
  const port = server.getServerConn().split(':').pop();
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async listen(channels, onNotification) {
      const fresh = channels.filter((c) => !listening.has(c));
      for (const c of fresh) listening.add(c);
      // In the queue's turn: never inside a transaction a connection has open.
      if (fresh.length) await queue.alone(() => db.exec(fresh.map((c) => `LISTEN "${c.replaceAll('"', '""')}"`).join('; ')));
      const listener = { channels: [...channels], onNotification };
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dumpDataDir: () => db.dumpDataDir('gzip'),
    async stop() {
      listeners.clear();
      await server.stop();
      await queue.idle(); // the handlers' detach work (rollback of open transactions) runs on db
      await db.close();
    },
  };
}

interface Job {
  handlerId: number;
  /** A protocol message, or null: the handler left, reset whatever it left open. */
  message: Uint8Array | null;
  /** The process's own work on the database, run while no connection holds it (handlerId -1). */
  task?: () => Promise<unknown>;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
const PROCESS = -1;

/**
 * Replaces pglite-socket's query queue. PGlite has one backend for all connections and runs one
 * message at a time. The stock queue keeps a connection's open transaction exclusive, but not an
 * extended-protocol batch (Parse/Bind/Execute ... Sync): when a batch arrives in more than one
 * TCP read (parameters over ~64 KB), another connection's Parse can replace the unnamed statement
 * in between and the first connection silently gets the other query's rows. Here the connection
 * whose message left the backend anywhere but idle (no ReadyForQuery yet, or one that says "in
 * transaction") keeps the backend until the backend is idle again.
 * Notifications in a reply are taken out of it and handed to `notify` (see NotificationFilter).
 */
class ExclusiveQueue {
  private jobs: Job[] = [];
  private owner: number | null = null;
  private draining = false;
  private drained = Promise.resolve();

  constructor(
    private readonly db: PGlite,
    private readonly notify: NotificationHandler,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId, message, onData, resolve, reject });
      this.run();
    });
  }

  getQueueLength(): number {
    return this.jobs.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.jobs = this.jobs.filter((job) => {
      if (job.handlerId !== handlerId) return true;
      job.reject(new Error('Handler disconnected'));
      return false;
    });
  }

  /** Called when a connection goes away; queued so it runs when that connection's turn comes. */
  clearTransactionIfNeeded(handlerId: number): Promise<number> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId, message: null, onData: () => {}, resolve, reject });
      this.run();
    });
  }

  /** Runs `task` on the database when no connection holds it (no transaction of theirs open). */
  alone(task: () => Promise<unknown>): Promise<void> {
    return new Promise((resolve, reject) => {
      this.jobs.push({ handlerId: PROCESS, message: null, task, onData: () => {}, resolve: () => resolve(), reject });
      this.run();
    });
  }

  async idle(): Promise<void> {
    while (this.draining) await this.drained;
  }

  private run(): void {
    if (this.draining) return;
    this.draining = true;
    this.drained = this.drain();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const index = this.jobs.findIndex((job) => this.owner === null || job.handlerId === this.owner);
        if (index === -1) return;
        const [job] = this.jobs.splice(index, 1) as [Job];
        try {
          if (job.task) {
            await job.task();
            job.resolve(0);
          } else job.resolve(job.message ? await this.execute(job) : await this.release(job.handlerId));
        } catch (error) {
          job.reject(error);
        }
      }
    } finally {
      // Reset in the same tick as the emptiness check, so a job enqueued next starts a new drain.
      this.draining = false;
    }
  }

  private async execute(job: Job): Promise<number> {
    const chunks: Uint8Array[] = [];
    const filter = new NotificationFilter(this.notify);
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(job.message as Uint8Array, {
        onRawData: (data) => {
          const copy = data.slice(); // data is a view into PGlite's memory
          chunks.push(copy);
          const forwarded = filter.push(copy);
          if (forwarded.length > 0) job.onData(forwarded);
        },
      }),
    );
    const output = Buffer.concat(chunks);
    this.owner = readyStatus(output) === IDLE ? null : job.handlerId;
    return output.length;
  }

  private async release(handlerId: number): Promise<number> {
    if (this.owner !== handlerId || this.db.closed) return 0;
    // End a half-sent batch (the backend ignores everything after an error until Sync: a batch's
    // own implicit transaction commits there, and may notify), then drop the transaction the
    // connection left open.
    const filter = new NotificationFilter(this.notify);
    await this.db.runExclusive(() => this.db.execProtocolRawStream(SYNC, { onRawData: (data) => filter.push(data.slice()) }));
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    return 0;
  }
}

const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I', as opposed to 'T' (in a transaction) or 'E' (in a failed one)

/** Status byte of the last ReadyForQuery message in a run of whole backend messages. */
function readyStatus(output: Buffer): number | undefined {
  let status: number | undefined;
  for (let i = 0; i + 5 <= output.length; i += 1 + output.readInt32BE(i + 1)) {
    if (output[i] === READY_FOR_QUERY) status = output[i + 5];
  }
  return status;
}
