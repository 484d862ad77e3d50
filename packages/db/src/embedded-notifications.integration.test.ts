// The embedded database (PGlite behind pglite-socket) tells the process what its connections
// commit, as a LISTENing connection would hear it on PostgreSQL: after the commit, once, on the
// channels asked for; the connections that committed never see the notification.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded';

let server: EmbeddedPostgres;
const clients: pg.Client[] = [];
const heard: [string, string][] = [];
const seenByClients: string[] = [];

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: server.url });
  client.on('notification', (n) => seenByClients.push(n.payload ?? ''));
  await client.connect();
  clients.push(client);
  return client;
}

/** Waits until the process heard `count` notifications (they come after the statement's reply). */
async function heardCount(count: number) {
  await expect.poll(() => heard.length, { timeout: 2_000 }).toBe(count);
}

beforeAll(async () => {
  server = await startEmbeddedPostgres();
  await server.listen(['record_changes', 'presence'], (channel, payload) => heard.push([channel, payload]));
});

afterAll(async () => {
  for (const c of clients) await c.end();
  await server?.stop();
});

describe('embedded notifications', () => {
  it('hands the process what a connection commits, on the channels asked for only, and never the connection', async () => {
    const a = await connect();
    const b = await connect();
    await a.query("SELECT pg_notify('record_changes', 'simples')");
    await heardCount(1);

    // Inside a transaction: nothing until the commit, while another connection waits its turn.
    await a.query('BEGIN');
    await a.query("SELECT pg_notify('record_changes', 'na transação')");
    await a.query('SELECT pg_notify($1, $2)', ['presence', 'Conceição está editando']);
    const other = b.query("SELECT pg_notify('outro_canal', 'ninguém ouve')");
    expect(heard).toHaveLength(1);
    await a.query('COMMIT');
    await other;
    await heardCount(3);

    // Rolled back: never told.
    await b.query('BEGIN');
    await b.query("SELECT pg_notify('record_changes', 'desfeito')");
    await b.query('ROLLBACK');
    await b.query("SELECT pg_notify('record_changes', 'depois')");
    await heardCount(4);

    expect(heard).toEqual([
      ['record_changes', 'simples'],
      ['record_changes', 'na transação'],
      ['presence', 'Conceição está editando'],
      ['record_changes', 'depois'],
    ]);
    expect(seenByClients).toEqual([]);
  });

  it('a second listener hears from when it starts, and stops when told', async () => {
    const mine: string[] = [];
    const stop = await server.listen(['record_changes'], (_channel, payload) => mine.push(payload));
    const c = await connect();
    heard.length = 0;
    await c.query("SELECT pg_notify('record_changes', 'para os dois')");
    await heardCount(1);
    expect(mine).toEqual(['para os dois']);
    stop();
    await c.query("SELECT pg_notify('record_changes', 'só para o primeiro')");
    await heardCount(2);
    expect(mine).toEqual(['para os dois']);
  });
});
