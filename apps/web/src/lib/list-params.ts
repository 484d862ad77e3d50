// Values of a list's address read outside React too (the route guards' prefetches), so the
// screens and their guards build the same query keys.
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The page in the address (1 when absent or not a number). */
export const readPage = (params: URLSearchParams, pageKey = 'page') => Math.max(1, Math.floor(Number(params.get(pageKey))) || 1);

/** A date filter of the address, when it is a YYYY-MM-DD date. */
export function readIsoDate(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key);
  return value && ISO_DATE.test(value) ? value : undefined;
}

/** A currency filter of the address, when it is a 3-letter code (USD). */
export function readCurrency(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key);
  return value && /^[A-Z]{3}$/.test(value) ? value : undefined;
}

/** A record id of the address (a user, a client), when it is one. */
export function readRecordId(params: URLSearchParams, key: string): number | undefined {
  const n = Number(params.get(key));
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
