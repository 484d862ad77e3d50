// update_quotes asks the exchange-rate service at most once per CURRENCY_QUOTES_MANUAL_REFRESH_SECONDS
// for every agency together (the platform's quotesRefreshLimiter): within the interval the answer is
// the quotes as the last refresh left them, 200 as usual.
import type { CurrencyQuote } from '@app/shared';
import { expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

// A short interval that the test waits out (a turn given back by hand is not seen by a limiter
// that answered from its in-memory insurance while Redis was slow).
const INTERVAL_SECONDS = 5;
const t = useTestApp({ CURRENCY_QUOTES_MANUAL_REFRESH_SECONDS: String(INTERVAL_SECONDS) });

async function updateQuotes(email: string) {
  const res = await t.call('PATCH', '/api/currency_quotes_params/update_quotes', { token: await t.tokenFor(email), body: {} });
  expect(res.statusCode, res.body).toBe(200);
  const { items } = res.json() as { items: CurrencyQuote[] };
  return items.find((q) => q.currency === 'USD')?.rate;
}

it('one refresh per interval for everyone; within it, the quotes as they are', async () => {
  const fake = t.exchangeRates;
  if (!fake) throw new Error('the harness starts a fake exchange-rate service');
  // Signed in first: the calls below fall within one interval.
  for (const email of [DEMO.users.owner, DEMO.users.colaborador, DEMO.users.superAdmin]) await t.tokenFor(email);
  expect(await updateQuotes(DEMO.users.owner)).toBe(5.3412);
  expect(fake.calls).toHaveLength(1);

  fake.rates = { ...fake.rates, USD: '5.9876' };
  // Another user of the agency, and super_admin: the service is not asked again.
  expect(await updateQuotes(DEMO.users.colaborador)).toBe(5.3412);
  expect(await updateQuotes(DEMO.users.superAdmin)).toBe(5.3412);
  expect(fake.calls).toHaveLength(1);

  // The interval over, the next call refreshes.
  await new Promise((resolve) => setTimeout(resolve, INTERVAL_SECONDS * 1000 + 500));
  expect(await updateQuotes(DEMO.users.colaborador)).toBe(5.9876);
  expect(fake.calls).toHaveLength(2);
});
