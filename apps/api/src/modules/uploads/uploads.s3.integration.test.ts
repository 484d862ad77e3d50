// With STORAGE_DRIVER=s3 the upload routes keep their files in the bucket (a real S3-compatible
// server over HTTP), not on the API machine's disk: an image uploaded, read back whole and resized.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resizedImageUrl } from '@app/shared';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../../test/s3-server';

const s3 = await startS3Server();
const bucket = await s3.createBucket();
// Registered before the app's own hooks, so the server closes after the app.
afterAll(() => s3.close());

const dataDir = mkdtempSync(join(tmpdir(), 'uploads-s3-test-'));
const t = useTestApp({
  DATA_DIR: dataDir,
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: s3.url,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
  S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
});
let token = '';

beforeAll(async () => {
  token = await t.tokenFor(DEMO.users.owner);
});

const bucketKeys = async () =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key).sort();

describe('uploads with STORAGE_DRIVER=s3', () => {
  it('stores an uploaded image in the bucket and serves it back, original and resized; a missing one is 404', async () => {
    expect(t.platform.storage.kind).toBe('s3');
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const form = multipart({}, [{ filename: 'capa.jpg', contentType: 'image/jpeg', data: jpeg }]);
    const uploaded = await t.call('POST', '/api/uploads/image', { token, body: form.body, headers: form.headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { url, key } = uploaded.json() as { url: string; key: string };
    expect(await bucketKeys()).toEqual([key]);

    const original = await t.call('GET', url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(Number(original.headers['content-length'])).toBe(jpeg.length);
    expect(original.rawPayload.equals(jpeg)).toBe(true);

    const resized = await t.call('GET', resizedImageUrl(url, 480));
    expect(resized.statusCode).toBe(200);
    expect((await sharp(resized.rawPayload).metadata()).width).toBe(480);
    expect(await bucketKeys()).toEqual([key, key.replace('.jpg', '.w480.webp')].sort());
    // Nothing went to the API machine's disk.
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

    // A key the bucket does not have (NoSuchKey) is the routes' 404.
    const missing = await t.call('GET', url.replace(/[^/]+\.jpg$/, '00000000-0000-0000-0000-000000000000.jpg'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
