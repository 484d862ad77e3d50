// Uploaded images served resized (GET /api/uploads/images/{company}/{file}?w=): a WebP of the asked
// width, made on the first request and kept in storage, the same bytes afterwards; only the fixed
// widths; an unknown file is not found.
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_WIDTHS, resizedImageUrl } from '@app/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';

const dataDir = mkdtempSync(join(tmpdir(), 'uploads-test-'));
const t = useTestApp({ DATA_DIR: dataDir });
let token = '';

beforeAll(async () => {
  token = await t.tokenFor(DEMO.users.owner);
});

/** A 1280 x 800 photo-like JPEG (noise, so it does not compress to nothing). */
const photo = () =>
  sharp({ create: { width: 1280, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg()
    .toBuffer();

async function uploaded(): Promise<{ url: string; key: string }> {
  const form = multipart({}, [{ filename: 'capa.jpg', contentType: 'image/jpeg', data: await photo() }]);
  const res = await t.call('POST', '/api/uploads/image', { token, body: form.body, headers: form.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const storedFiles = async () =>
  (await readdir(join(dataDir, 'uploads'), { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).map((f) => f.name);

describe('GET /api/uploads/images/... ?w=', () => {
  it('answers a WebP of the asked width (never enlarged), made once and kept beside the original', async () => {
    const { url, key } = await uploaded();
    const uuid = key.split('/').at(-1)?.split('.')[0] as string;
    for (const width of IMAGE_WIDTHS) {
      const res = await t.call('GET', resizedImageUrl(url, width));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const meta = await sharp(res.rawPayload).metadata();
      // Never enlarged: a width past the original's answers the original's size, as WebP.
      const expected = Math.min(width, 1280);
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        width: expected,
        height: Math.round((expected * 800) / 1280),
      });
      const again = await t.call('GET', resizedImageUrl(url, width));
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    }
    expect((await storedFiles()).filter((name) => name.startsWith(uuid)).sort()).toEqual(
      [`${uuid}.jpg`, ...IMAGE_WIDTHS.map((w) => `${uuid}.w${w}.webp`)].sort(),
    );
    // The original is still served as uploaded.
    const original = await t.call('GET', url);
    expect(original.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a width outside the fixed set (400, the error format) and answers 404 for a missing file', async () => {
    const { url } = await uploaded();
    for (const query of ['w=500', 'w=abc', 'w=', 'w=480&x=1']) {
      const res = await t.call('GET', `${url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION' });
    }
    expect((await t.call('GET', `${url}?w=500`)).json().errors).toHaveProperty('w');
    const missing = await t.call('GET', '/api/uploads/images/1/00000000-0000-0000-0000-000000000000.jpg?w=480');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    // Only originals are resized: a kept copy's own name is not an image to resize again.
    const copyOfCopy = await t.call('GET', `${url.replace('.jpg', '.w480.webp')}?w=480`);
    expect(copyOfCopy.statusCode).toBe(404);
  });
});
