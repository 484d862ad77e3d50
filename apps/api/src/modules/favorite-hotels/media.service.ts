// A favourite hotel's photos: attaching an uploaded image (with its resized copies), caption, order
// and cover, removal. A hotel with photos always has exactly one cover, and their positions run
// 0, 1, 2... in order; every change to them holds the hotel's row lock, so two never interleave.
import { type Db, Prisma } from '@app/db';
import {
  CLIENT_FIELD_MESSAGES,
  type CreateMediaInput,
  fileTypeOfName,
  IMAGE_KEY_PATTERN,
  imageVariantKey,
  MEDIA_FIELD_MESSAGES,
  MEDIA_PER_HOTEL_MAX,
  type MediaVariant,
  type UpdateMediaInput,
} from '@app/shared';
import type { Deps } from '../../deps';
import { fieldError, notFound } from '../../errors';
import type { Storage } from '../../platform/storage';
import { resizeImage } from '../uploads/images';
import { favoriteHotelWhere, lockFavoriteHotel } from './favorite-hotels.where';
import { toMediaDto, variantKeys } from './media.dto';
import { mediaOrder, mediaSelect } from './media.select';
import { hotelMediaWhere, mediaWhere } from './media.where';

type Tx = Prisma.TransactionClient;

/** The stored files of a photo: its original and its resized copies. */
export function mediaFiles(m: { key: string; variants: unknown }): string[] {
  return [m.key, ...Object.values(variantKeys(m.variants))];
}

/**
 * Removes stored files once the rows pointing at them are gone. A failure is logged by the caller's
 * request and leaves an unreachable file behind, never a row without its file.
 */
export async function removeFiles(storage: Storage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key)));
}

async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An image key of the caller's agency, as POST /api/uploads/image answers it. */
const isOwnImageKey = (companyId: number, key: string) => IMAGE_KEY_PATTERN.test(key) && key.split('/')[1] === String(companyId);

/** An image already shown somewhere (a photo, an attendance's cover) is not attached again: removing one would break the other. */
async function keyInUse(db: Db, companyId: number, key: string): Promise<boolean> {
  const [photo, cover] = await Promise.all([
    db.media.findUnique({ where: { key }, select: { id: true } }),
    db.attendance.findFirst({ where: { companyId, coverImageKey: key }, select: { id: true } }),
  ]);
  return !!photo || !!cover;
}

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/** Rewrites the positions of a hotel's photos as 0, 1, 2... in the given order (only those that change). */
async function renumber(tx: Tx, photos: { id: number; position: number }[]) {
  for (const [index, photo] of photos.entries()) {
    if (photo.position !== index) await tx.media.update({ where: { id: photo.id }, data: { position: index } });
  }
}

/** The hotel's photos in order, read under its lock. */
const orderedPhotos = (tx: Tx, companyId: number, hotelId: number) =>
  tx.media.findMany({
    where: hotelMediaWhere(companyId, hotelId),
    orderBy: mediaOrder,
    select: { id: true, position: true, isCover: true },
  });

/**
 * POST /api/media: the uploaded image becomes the hotel's last photo (its cover when it is the
 * first). The resized copies are made here, in the request (see resizeImage), and stored beside the
 * original before the row exists; a failed insert takes them away again.
 */
export async function attachMedia(s: Deps, companyId: number, input: CreateMediaInput) {
  const hotel = await s.db.favoriteHotel.findFirst({ where: favoriteHotelWhere(companyId, input.favorite_hotel_id), select: { id: true } });
  if (!hotel) throw notFound();
  const { key } = input;
  const contentType = fileTypeOfName(key);
  const data = isOwnImageKey(companyId, key) && contentType ? await readStored(s.platform.storage, key) : null;
  if (!data || !contentType) throw fieldError('key', CLIENT_FIELD_MESSAGES.notFound);
  if (await keyInUse(s.db, companyId, key)) throw fieldError('key', MEDIA_FIELD_MESSAGES.keyInUse);
  if ((await s.db.media.count({ where: hotelMediaWhere(companyId, hotel.id) })) >= MEDIA_PER_HOTEL_MAX) {
    throw fieldError('favorite_hotel_id', MEDIA_FIELD_MESSAGES.tooMany);
  }

  const resized = await resizeImage(data);
  const variants: Partial<Record<MediaVariant, string>> = {};
  for (const [name, copy] of Object.entries(resized.variants) as [MediaVariant, Buffer][]) {
    const variantKey = imageVariantKey(key, name);
    await s.platform.storage.put(variantKey, copy);
    variants[name] = variantKey;
  }
  try {
    const created = await s.db.$transaction(async (tx) => {
      if (!(await lockFavoriteHotel(tx, companyId, hotel.id))) throw notFound();
      const count = await tx.media.count({ where: hotelMediaWhere(companyId, hotel.id) });
      if (count >= MEDIA_PER_HOTEL_MAX) throw fieldError('favorite_hotel_id', MEDIA_FIELD_MESSAGES.tooMany);
      return tx.media.create({
        data: {
          companyId,
          favoriteHotelId: hotel.id,
          key,
          variants,
          contentType,
          size: data.length,
          width: resized.width,
          height: resized.height,
          caption: input.caption ?? null,
          position: count,
          isCover: count === 0,
        },
        select: mediaSelect,
      });
    });
    return { media: toMediaDto(created) };
  } catch (error) {
    // The same key attached by a request that won the race: the copies (same names, same bytes) are its own now.
    if (isUniqueViolation(error)) throw fieldError('key', MEDIA_FIELD_MESSAGES.keyInUse);
    await removeFiles(s.platform.storage, Object.values(variants));
    throw error;
  }
}

/**
 * Finds the caller's photo and locks its hotel, then reads the photo again under the lock (a
 * removal that committed while this waited leaves nothing to change: 404).
 */
async function lockedPhoto(tx: Tx, companyId: number, id: number) {
  const found = await tx.media.findFirst({ where: mediaWhere(companyId, id), select: { favoriteHotelId: true } });
  if (!found) throw notFound();
  if (found.favoriteHotelId !== null) await lockFavoriteHotel(tx, companyId, found.favoriteHotelId);
  const photo = await tx.media.findFirst({
    where: mediaWhere(companyId, id),
    select: { id: true, favoriteHotelId: true, position: true, isCover: true, key: true, variants: true },
  });
  if (!photo) throw notFound();
  return photo;
}

/** PUT /api/media/{id}: caption, place in the order (the others move along), cover (the previous one stops being it). */
export async function updateMedia(db: Db, companyId: number, input: UpdateMediaInput) {
  const updated = await db.$transaction(async (tx) => {
    const photo = await lockedPhoto(tx, companyId, input.id);
    const hotelId = photo.favoriteHotelId;
    if (input.caption !== undefined) await tx.media.update({ where: { id: photo.id }, data: { caption: input.caption } });
    if (input.position !== undefined && hotelId !== null) {
      const photos = await orderedPhotos(tx, companyId, hotelId);
      const others = photos.filter((p) => p.id !== photo.id);
      const moved = photos.find((p) => p.id === photo.id);
      if (moved) others.splice(Math.min(input.position, others.length), 0, moved);
      await renumber(tx, others);
    }
    if (input.is_cover && !photo.isCover && hotelId !== null) {
      await tx.media.updateMany({ where: { ...hotelMediaWhere(companyId, hotelId), isCover: true }, data: { isCover: false } });
      await tx.media.update({ where: { id: photo.id }, data: { isCover: true } });
    }
    return tx.media.findUniqueOrThrow({ where: { id: photo.id }, select: mediaSelect });
  });
  return { media: toMediaDto(updated) };
}

/**
 * DELETE /api/media/{id}: the row, then its files. The photos after it move up; when it was the
 * cover, the photo that followed it becomes the cover (the one before it when it was the last).
 */
export async function deleteMedia(s: Deps, companyId: number, id: number) {
  const removed = await s.db.$transaction(async (tx) => {
    const photo = await lockedPhoto(tx, companyId, id);
    await tx.media.delete({ where: { id: photo.id } });
    if (photo.favoriteHotelId !== null) {
      const rest = await orderedPhotos(tx, companyId, photo.favoriteHotelId);
      await renumber(tx, rest);
      const next = rest[Math.min(photo.position, rest.length - 1)];
      if (photo.isCover && next) await tx.media.update({ where: { id: next.id }, data: { isCover: true } });
    }
    return photo;
  });
  await removeFiles(s.platform.storage, mediaFiles(removed));
  return { id: removed.id, deleted: true as const };
}
