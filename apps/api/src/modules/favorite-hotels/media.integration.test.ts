// A favourite hotel's photos through HTTP: upload, attach (resized copies made and served), order,
// cover, caption, removal with the files, refused uploads leaving nothing behind, another agency's
// photos not found.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FavoriteHotel, IMAGE_UPLOAD_ERROR, MEDIA_FIELD_MESSAGES, MEDIA_PER_HOTEL_MAX, type Media } from '@app/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';

const dataDir = mkdtempSync(join(tmpdir(), 'media-test-'));
const t = useTestApp({ DATA_DIR: dataDir });
const tokens = { colab: '', owner: '', outra: '' };

beforeAll(async () => {
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
});

/** Every stored file, relative to the uploads folder. */
async function storedFiles(): Promise<string[]> {
  const root = join(dataDir, 'uploads');
  const files = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return files
    .filter((f) => !f.isDirectory())
    .map((f) => join(f.parentPath, f.name).slice(root.length + 1))
    .sort();
}

/** A photo-like image (noise, so it does not compress to nothing). */
const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .toFormat(format)
    .toBuffer();

const TYPES = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;

async function upload(data: Buffer, filename: string, contentType: string, token = tokens.colab) {
  const form = multipart({}, [{ filename, contentType, data }]);
  return t.call('POST', '/api/uploads/image', { token, body: form.body, headers: form.headers });
}

async function uploadedKey(data: Buffer, format: keyof typeof TYPES, token = tokens.colab): Promise<string> {
  const res = await upload(data, `foto.${format}`, TYPES[format], token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key;
}

async function createHotel(name: string, token = tokens.colab): Promise<number> {
  const res = await t.call('POST', '/api/favorite-hotels', { token, body: { name, location: 'Florianópolis, SC', stars: 4 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().favorite_hotel.id;
}

async function attach(favoriteHotelId: number, key: string, caption?: string, token = tokens.colab): Promise<Media> {
  const res = await t.call('POST', '/api/media', {
    token,
    body: { favorite_hotel_id: favoriteHotelId, key, ...(caption ? { caption } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().media;
}

async function hotel(id: number, token = tokens.colab): Promise<FavoriteHotel> {
  const res = await t.call('GET', `/api/favorite-hotels/${id}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().favorite_hotel;
}

const order = (h: FavoriteHotel) => h.media.map((m) => [m.id, m.position, m.is_cover]);

async function imageAt(url: string) {
  const res = await t.call('GET', url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 100)}`).toBe(200);
  return { type: res.headers['content-type'], meta: await sharp(res.rawPayload).metadata() };
}

async function listItem(id: number) {
  const res = await t.call('GET', '/api/favorite-hotels?per_page=100', { token: tokens.colab });
  return (res.json().favorite_hotels as { id: number; cover_thumb_url: string | null; media_count: number }[]).find((h) => h.id === id);
}

describe('photos of a hotel', () => {
  const photos: Media[] = [];
  let hotelId = 0;

  it('attaches three uploaded images in order, the first as cover, with resized WebP copies served', async () => {
    hotelId = await createHotel('Pousada dos Sonhos');
    const big = await uploadedKey(await photo(2400, 1600, 'jpeg'), 'jpeg');
    const medium = await uploadedKey(await photo(1000, 800, 'png'), 'png');
    const small = await uploadedKey(await photo(300, 200, 'webp'), 'webp');
    photos.push(await attach(hotelId, big, 'Fachada'));
    photos.push(await attach(hotelId, medium));
    photos.push(await attach(hotelId, small, 'Piscina'));
    const [first, second, third] = photos as [Media, Media, Media];
    expect(first).toMatchObject({
      favorite_hotel_id: hotelId,
      key: big,
      url: `/api/uploads/${big}`,
      content_type: 'image/jpeg',
      width: 2400,
      height: 1600,
      caption: 'Fachada',
      position: 0,
      is_cover: true,
    });
    expect(second).toMatchObject({ position: 1, is_cover: false, caption: null, content_type: 'image/png' });
    expect(third).toMatchObject({ position: 2, is_cover: false, caption: 'Piscina', width: 300, height: 200 });

    // thumb ~400 px wide and landing ~1600 px wide, WebP, never enlarged.
    expect(first.thumb_url).toBe(`/api/uploads/${big.replace(/\.jpg$/, '.thumb.webp')}`);
    const thumb = await imageAt(first.thumb_url);
    expect([thumb.type, thumb.meta.format, thumb.meta.width, thumb.meta.height]).toEqual(['image/webp', 'webp', 400, 267]);
    const landing = await imageAt(first.landing_url);
    expect([landing.meta.format, landing.meta.width]).toEqual(['webp', 1600]);
    expect((await imageAt(second.thumb_url)).meta.width).toBe(400);
    expect((await imageAt(third.thumb_url)).meta.width).toBe(300);
    expect((await imageAt(third.landing_url)).meta.width).toBe(300);
    expect((await imageAt(first.url)).type).toBe('image/jpeg');

    const read = await hotel(hotelId);
    expect(read.media.map((m) => m.id)).toEqual(photos.map((p) => p.id));
    expect(read).toMatchObject({ media_count: 3, cover_url: first.url, cover_thumb_url: first.thumb_url });
    expect(await listItem(hotelId)).toMatchObject({ cover_thumb_url: first.thumb_url, media_count: 3 });
  });

  it('moves a photo in the order, the others shifting; a place past the end moves it last', async () => {
    const [first, second, third] = photos as [Media, Media, Media];
    const res = await t.call('PUT', `/api/media/${third.id}`, { token: tokens.colab, body: { position: 0 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media).toMatchObject({ id: third.id, position: 0, is_cover: false });
    expect(order(await hotel(hotelId))).toEqual([
      [third.id, 0, false],
      [first.id, 1, true],
      [second.id, 2, false],
    ]);
    await t.call('PUT', `/api/media/${third.id}`, { token: tokens.colab, body: { position: 50 } });
    expect(order(await hotel(hotelId))).toEqual([
      [first.id, 0, true],
      [second.id, 1, false],
      [third.id, 2, false],
    ]);
    await t.call('PUT', `/api/media/${first.id}`, { token: tokens.colab, body: { position: 1 } });
    expect(order(await hotel(hotelId)).map(([id]) => id)).toEqual([second.id, first.id, third.id]);
  });

  it('sets another photo as the cover (one cover per hotel; the list shows it) and edits a caption', async () => {
    const [first, second, third] = photos as [Media, Media, Media];
    const res = await t.call('PUT', `/api/media/${third.id}`, { token: tokens.owner, body: { is_cover: true, caption: ' Vista do mar ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media).toMatchObject({ id: third.id, is_cover: true, caption: 'Vista do mar' });
    const read = await hotel(hotelId);
    expect(read.media.filter((m) => m.is_cover).map((m) => m.id)).toEqual([third.id]);
    expect(read).toMatchObject({ cover_url: third.url, cover_thumb_url: third.thumb_url });
    expect(await listItem(hotelId)).toMatchObject({ cover_thumb_url: third.thumb_url });
    // Setting the cover again changes nothing; clearing a caption takes null.
    await t.call('PUT', `/api/media/${third.id}`, { token: tokens.colab, body: { is_cover: true } });
    await t.call('PUT', `/api/media/${first.id}`, { token: tokens.colab, body: { caption: null } });
    const again = await hotel(hotelId);
    expect(again.media.filter((m) => m.is_cover).map((m) => m.id)).toEqual([third.id]);
    expect(again.media.find((m) => m.id === first.id)?.caption).toBeNull();
    expect(again.media.find((m) => m.id === second.id)?.is_cover).toBe(false);
    // Only the cover can be set: is_cover false is refused.
    const unset = await t.call('PUT', `/api/media/${third.id}`, { token: tokens.colab, body: { is_cover: false } });
    expect(unset.statusCode).toBe(400);
  });

  it('deletes a photo with its files; the next one becomes the cover and the order closes up', async () => {
    const [first, second, third] = photos as [Media, Media, Media];
    // Order now: second, first, third (cover).
    const res = await t.call('DELETE', `/api/media/${third.id}`, { token: tokens.colab });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: third.id, deleted: true });
    for (const url of [third.url, third.thumb_url, third.landing_url]) expect((await t.call('GET', url)).statusCode).toBe(404);
    // It was the last: the one before it becomes the cover.
    expect(order(await hotel(hotelId))).toEqual([
      [second.id, 0, false],
      [first.id, 1, true],
    ]);
    await t.call('DELETE', `/api/media/${first.id}`, { token: tokens.colab });
    expect(order(await hotel(hotelId))).toEqual([[second.id, 0, true]]);
    expect(await listItem(hotelId)).toMatchObject({ cover_thumb_url: second.thumb_url, media_count: 1 });
    expect((await t.call('DELETE', `/api/media/${first.id}`, { token: tokens.colab })).statusCode).toBe(404);
  });

  it('deleting the hotel deletes its photos and their files', async () => {
    const id = await createHotel('Hotel Efêmero');
    const m = await attach(id, await uploadedKey(await photo(800, 600, 'jpeg'), 'jpeg'));
    const before = await storedFiles();
    expect(before).toEqual(expect.arrayContaining([m.key, m.key.replace('.jpg', '.thumb.webp'), m.key.replace('.jpg', '.landing.webp')]));
    expect((await t.call('DELETE', `/api/favorite-hotels/${id}`, { token: tokens.colab })).statusCode).toBe(200);
    expect(await t.deps.db.media.count({ where: { favoriteHotelId: id } })).toBe(0);
    const after = await storedFiles();
    expect(after.filter((f) => f.startsWith(m.key.replace('.jpg', '')))).toEqual([]);
    expect(after.length).toBe(before.length - 3);
  });
});

describe('what can be attached', () => {
  it("refuses a key that is not one of the agency's uploads, or is already in use", async () => {
    const hotelId = await createHotel('Hotel das Chaves');
    const outraKey = await uploadedKey(await photo(100, 100, 'png'), 'png', tokens.outra);
    const ownKey = await uploadedKey(await photo(100, 100, 'png'), 'png');
    const post = (body: Record<string, unknown>) => t.call('POST', '/api/media', { token: tokens.colab, body });
    const errorsOf = async (key: string) => {
      const res = await post({ favorite_hotel_id: hotelId, key });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await errorsOf(outraKey)).toEqual({ key: ['não foi encontrado'] });
    expect(await errorsOf(ownKey.replace(/[0-9a-f]{8}-/, '00000000-'))).toEqual({ key: ['não foi encontrado'] });
    expect(await errorsOf('images/1/../../etc/passwd')).toEqual({ key: ['não foi encontrado'] });
    const attached = await attach(hotelId, ownKey);
    expect(await errorsOf(ownKey)).toEqual({ key: ['já está em uso'] });
    // A resized copy is not an upload.
    expect(await errorsOf(attached.thumb_url.replace('/api/uploads/', ''))).toEqual({ key: ['não foi encontrado'] });
    expect(await t.deps.db.media.count({ where: { favoriteHotelId: hotelId } })).toBe(1);
  });

  it('refuses a photo past the most one hotel may hold', async () => {
    const hotelId = await createHotel('Hotel Lotado');
    const { companyId } = await t.deps.db.favoriteHotel.findUniqueOrThrow({ where: { id: hotelId } });
    await t.deps.db.media.createMany({
      data: Array.from({ length: MEDIA_PER_HOTEL_MAX }, (_, i) => ({
        companyId,
        favoriteHotelId: hotelId,
        key: `images/${companyId}/${randomUUID()}.png`,
        contentType: 'image/png',
        size: 1,
        position: i,
        isCover: i === 0,
      })),
    });
    const key = await uploadedKey(await photo(100, 100, 'png'), 'png');
    const res = await t.call('POST', '/api/media', { token: tokens.colab, body: { favorite_hotel_id: hotelId, key } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ favorite_hotel_id: [MEDIA_FIELD_MESSAGES.tooMany] });
    expect(await t.deps.db.media.count({ where: { favoriteHotelId: hotelId } })).toBe(MEDIA_PER_HOTEL_MAX);
  });

  it("answers 404 for another agency's hotel and photos, changing nothing", async () => {
    const hotelId = await createHotel('Hotel Guardado');
    const m = await attach(hotelId, await uploadedKey(await photo(100, 100, 'png'), 'png'));
    const outraKey = await uploadedKey(await photo(100, 100, 'png'), 'png', tokens.outra);
    const rowsBefore = await t.deps.db.media.findMany({ orderBy: { id: 'asc' } });
    const filesBefore = await storedFiles();

    const attachToTheirs = await t.call('POST', '/api/media', { token: tokens.outra, body: { favorite_hotel_id: hotelId, key: outraKey } });
    expect(attachToTheirs.statusCode).toBe(404);
    const missing = await t.call('POST', '/api/media', { token: tokens.outra, body: { favorite_hotel_id: 2_000_000_000, key: outraKey } });
    expect(missing.statusCode).toBe(404);
    const put = await t.call('PUT', `/api/media/${m.id}`, {
      token: tokens.outra,
      body: { caption: 'Roubada', position: 3, is_cover: true },
    });
    expect(put.statusCode).toBe(404);
    const withoutRequestId = (body: string) => ({ ...JSON.parse(body), request_id: undefined });
    const putMissing = await t.call('PUT', '/api/media/2000000000', { token: tokens.outra, body: { caption: 'x' } });
    expect(withoutRequestId(put.body)).toEqual(withoutRequestId(putMissing.body));
    expect((await t.call('DELETE', `/api/media/${m.id}`, { token: tokens.outra })).statusCode).toBe(404);

    expect(await t.deps.db.media.findMany({ orderBy: { id: 'asc' } })).toEqual(rowsBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    expect((await t.call('GET', m.thumb_url)).statusCode).toBe(200);
  });
});

describe('POST /api/uploads/image refusals', () => {
  it('refuses a wrong type, an oversized file and a fake or broken image, storing nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = await t.deps.db.media.count();

    const gif = await upload(FILES.gif, 'animacao.gif', 'image/gif');
    expect(gif.statusCode).toBe(400);
    expect(gif.json().errors).toEqual({ file: ['Formato de imagem não suportado (use JPEG, PNG ou WebP)'] });

    const big = await upload(Buffer.concat([await photo(64, 64, 'jpeg'), Buffer.alloc(5 * 1024 * 1024)]), 'grande.jpg', 'image/jpeg');
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual({ file: ['A imagem deve ter no máximo 5 MB'] });

    // Text named .jpg: its bytes are no image at all.
    const text = await upload(Buffer.from('isto não é uma foto, é só texto\n'.repeat(20)), 'foto.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({ file: ['Formato de imagem não suportado (use JPEG, PNG ou WebP)'] });

    // A JPEG signature followed by anything else, and a cut-off JPEG: they claim the type but do not decode.
    const jpeg = await photo(400, 300, 'jpeg');
    for (const fake of [
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('texto qualquer '.repeat(50))]),
      jpeg.subarray(0, jpeg.length / 2),
    ]) {
      const res = await upload(fake, 'foto.jpg', 'image/jpeg');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'VALIDATION',
        message: IMAGE_UPLOAD_ERROR,
        errors: { file: [IMAGE_UPLOAD_ERROR] },
      });
    }

    // A tiny file claiming a canvas far too large to decode.
    const bomb = await sharp({ create: { width: 9000, height: 9000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const bombRes = await upload(bomb, 'enorme.png', 'image/png');
    expect(bombRes.statusCode).toBe(400);
    expect(bombRes.json().message).toBe(IMAGE_UPLOAD_ERROR);

    expect(await storedFiles()).toEqual(filesBefore);
    expect(await t.deps.db.media.count()).toBe(rowsBefore);
  });
});
