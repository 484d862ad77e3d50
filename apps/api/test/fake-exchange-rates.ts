// A local stand-in for the exchange-rate service (AwesomeAPI: GET {base}/last/USD-BRL,EUR-BRL): every
// test app gets one (harness.ts) unless its test starts its own and passes EXCHANGE_RATE_API_URL. A
// test sets the rates it answers, their date, and how it misbehaves; it keeps the paths asked for.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_RATES: Readonly<Record<string, string>> = {
  USD: '5.3412',
  EUR: '6.1234',
  GBP: '7.0123',
  ARS: '0.005412',
  CLP: '0.005712',
  UYU: '0.1345',
  COP: '0.001346',
  PEN: '1.4321',
  MXN: '0.2987',
  CAD: '3.8123',
  AUD: '3.4567',
  CHF: '6.0123',
  JPY: '0.034512',
  CNY: '0.7345',
};

/**
 * ok: every pair asked for; slow: the same after 1.5 s; error: HTTP 500; html: a page, not JSON;
 * missing: without UYU; nonnumeric: USD's bid is 'abc'; negative: EUR's bid is -6.1.
 */
export type FakeExchangeMode = 'ok' | 'slow' | 'error' | 'html' | 'missing' | 'nonnumeric' | 'negative';

export type FakeExchangeRates = {
  /** The base to pass as EXCHANGE_RATE_API_URL. */
  url: string;
  mode: FakeExchangeMode;
  rates: Record<string, string>;
  /** The create_date answered (São Paulo time); null: the moment of each answer. */
  createDate: string | null;
  /** The paths asked for, in order. */
  calls: string[];
  close(): Promise<void>;
};

/** São Paulo wall-clock time ('2026-11-23 10:00:00'), as the service writes create_date. */
export const saoPauloTime = (date: Date) => new Date(date.getTime() - 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

export async function startFakeExchangeRates(): Promise<FakeExchangeRates> {
  const answer = (pairs: string[]) => {
    const body: Record<string, Record<string, string>> = {};
    for (const pair of pairs) {
      const [code = '', codein = ''] = pair.split('-');
      if (fake.mode === 'missing' && code === 'UYU') continue;
      let bid = fake.rates[code] ?? '1.0000';
      if (fake.mode === 'nonnumeric' && code === 'USD') bid = 'abc';
      if (fake.mode === 'negative' && code === 'EUR') bid = '-6.1';
      const createDate = fake.createDate ?? saoPauloTime(new Date());
      body[`${code}${codein}`] = { code, codein, name: `${code}/Real Brasileiro`, bid, ask: bid, create_date: createDate };
    }
    return JSON.stringify(body);
  };
  const server = createServer((req, res) => {
    fake.calls.push(req.url ?? '');
    const pairs = /\/last\/([A-Z,-]+)$/.exec(req.url ?? '')?.[1]?.split(',') ?? [];
    if (fake.mode === 'slow') {
      setTimeout(() => res.end(answer(pairs)), 1500);
    } else if (fake.mode === 'html') {
      res.setHeader('content-type', 'text/html');
      res.end('<html><body>Manutenção</body></html>');
    } else if (fake.mode === 'error') {
      res.statusCode = 500;
      res.end('{"status":500}');
    } else {
      res.setHeader('content-type', 'application/json');
      res.end(answer(pairs));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeExchangeRates = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/json`,
    mode: 'ok',
    rates: { ...FAKE_RATES },
    createDate: null,
    calls: [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
