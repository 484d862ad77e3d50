// A local stand-in for the exchange-rate service (AwesomeAPI's GET /last/USD-BRL,EUR-BRL), started by
// the Playwright config and handed to the server as EXCHANGE_RATE_API_URL. A journey sets the rates it
// answers through PUT {origin}/__fake/rates (the server runs in another process than the journeys).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Reais per unit until a journey sets others. */
const DEFAULT_RATES: Record<string, string> = { USD: '5.3412', EUR: '6.1234', GBP: '7.0123' };

/** São Paulo wall-clock time, as the service writes create_date: each answer is newer than the last. */
const saoPauloNow = () => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startExchangeRateServer(): Promise<string> {
  let rates: Record<string, string> = { ...DEFAULT_RATES };
  const server = createServer((req, res) => {
    if (req.method === 'PUT' && req.url === '/__fake/rates') {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        rates = { ...DEFAULT_RATES, ...(JSON.parse(raw || '{}') as Record<string, string>) };
        res.writeHead(204).end();
      });
      return;
    }
    const pairs = /\/json\/last\/([A-Z,-]+)$/.exec(req.url ?? '')?.[1]?.split(',') ?? [];
    const body = Object.fromEntries(
      pairs.map((pair) => {
        const [code = '', codein = ''] = pair.split('-');
        const bid = rates[code] ?? '1.2345';
        return [`${code}${codein}`, { code, codein, name: `${code}/Real Brasileiro`, bid, ask: bid, create_date: saoPauloNow() }];
      }),
    );
    res.writeHead(pairs.length ? 200 : 404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Never keeps the test runner alive on its own.
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/json`;
}

/** Sets the rates the fake answers from now on (the others fall back to its defaults). */
export async function setExchangeRates(rates: Record<string, string>): Promise<void> {
  const base = process.env.E2E_EXCHANGE_RATE_API_URL;
  if (!base) throw new Error('E2E_EXCHANGE_RATE_API_URL is not set: the journeys run against an external server');
  const res = await fetch(new URL('/__fake/rates', base), { method: 'PUT', body: JSON.stringify(rates) });
  if (!res.ok) throw new Error(`fake exchange-rate server answered ${res.status}`);
}
