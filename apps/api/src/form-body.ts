// application/x-www-form-urlencoded bodies, Rails-style: `group[field]=v` becomes
// { group: { field: 'v' } }. Only what the access-log beacon sends is understood (one level of
// brackets); the route's schema refuses anything else, so no general qs parser is needed.

const BRACKETED = /^([^[\]]+)\[([^[\]]+)\]$/;

/** Own properties even for names like `__proto__`, so a body never reaches an object's prototype. */
function put(target: Record<string, unknown>, key: string, value: unknown) {
  // A repeated field becomes a list, which no schema field of a form accepts.
  const next = Object.hasOwn(target, key) ? [target[key], value].flat() : value;
  Object.defineProperty(target, key, { value: next, enumerable: true, writable: true, configurable: true });
}

export function parseFormBody(text: string): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const bracketed = BRACKETED.exec(key);
    if (!bracketed) {
      put(body, key, value);
      continue;
    }
    const [, outer, inner] = bracketed as unknown as [string, string, string];
    const existing = Object.hasOwn(body, outer) ? body[outer] : undefined;
    const isGroup = existing !== null && typeof existing === 'object' && !Array.isArray(existing);
    const group = isGroup ? (existing as Record<string, unknown>) : {};
    if (!isGroup) put(body, outer, group);
    put(group, inner, value);
  }
  return body;
}
