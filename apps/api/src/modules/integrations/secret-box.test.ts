import { describe, expect, it } from 'vitest';
import { requestedWaitMs } from './pipedrive.client';
import { secretBox } from './secret-box';

describe('the box of the integration credentials (AES-256-GCM)', () => {
  const box = secretBox('a-key-of-at-least-thirty-two-characters!');

  it('opens what it sealed, never shows the secret, and seals it differently each time', () => {
    const sealed = box.seal('0123456789abcdef0123456789abcdef01234567');
    expect(sealed).not.toContain('0123456789abcdef');
    expect(box.open(sealed)).toBe('0123456789abcdef0123456789abcdef01234567');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered seal and a seal of another key', () => {
    const sealed = box.seal('segredo');
    const [v, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const bytes = Buffer.from(data, 'base64url');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    const flipped = bytes.toString('base64url');
    expect(() => box.open([v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => secretBox('another-key-of-at-least-thirty-two-chars').open(sealed)).toThrow();
    expect(() => box.open('not-sealed')).toThrow();
  });
});

describe("the wait Pipedrive's rate-limit headers ask for", () => {
  it('is retry-after (seconds or a date), else the reset once nothing remains', () => {
    expect(requestedWaitMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    const at = new Date(Date.now() + 5000).toUTCString();
    expect(requestedWaitMs(new Headers({ 'retry-after': at }))).toBeGreaterThan(3000);
    expect(requestedWaitMs(new Headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '3' }))).toBe(3000);
    expect(requestedWaitMs(new Headers({ 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '3' }))).toBeNull();
    expect(requestedWaitMs(new Headers())).toBeNull();
  });
});
