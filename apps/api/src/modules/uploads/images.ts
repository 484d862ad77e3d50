// Decoding and resizing uploaded images (sharp, libvips). The work runs on libuv's thread pool, not
// on the event loop, so a request resizing a photo does not hold up the others.
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { IMAGE_KEY_PATTERN, IMAGE_UPLOAD_ERROR, type ImageWidth, imageWidthKey, MEDIA_VARIANTS, type MediaVariant } from '@app/shared';
import { AppError } from '../../errors';
import type { Storage, StoredFile } from '../../platform/storage';

/**
 * Images larger than this many pixels are refused: a small file can claim a huge canvas (a PNG of
 * one colour at 20000 x 20000 px is a few hundred KB) and would take gigabytes to decode. 50 MP
 * fits any camera photo that fits the 5 MB limit.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** A photo's resized copies are WebP at this quality. */
const WEBP_QUALITY = 80;

/** The answer to bytes that claim an image type but do not decode: the spec's upload failure text. */
export const undecodableImage = () => new AppError('VALIDATION', { message: IMAGE_UPLOAD_ERROR, errors: { file: [IMAGE_UPLOAD_ERROR] } });

/**
 * Every warning fails (a truncated JPEG is one), and no canvas over the pixel limit is opened.
 * sharp (libvips, ~16 MB resident) loads with the first image, not with the process.
 */
async function open(data: Buffer) {
  const { default: sharp } = await import('sharp');
  return sharp(data, { failOn: 'warning', limitInputPixels: IMAGE_MAX_PIXELS });
}

/**
 * Decodes every pixel of an uploaded image (the header alone would pass a truncated or forged
 * file); throws the upload failure (400) when the bytes are not a whole image.
 */
export async function assertDecodableImage(data: Buffer): Promise<void> {
  try {
    await (await open(data)).stats();
  } catch {
    throw undecodableImage();
  }
}

export type ResizedImage = {
  /** The original's size as shown (after its EXIF orientation). */
  width: number;
  height: number;
  variants: Record<MediaVariant, Buffer>;
};

/** The resized copies of a photo (MEDIA_VARIANTS: WebP, turned upright, never enlarged). */
export async function resizeImage(data: Buffer): Promise<ResizedImage> {
  try {
    const image = (await open(data)).rotate();
    const { autoOrient } = await image.metadata();
    const entries = await Promise.all(
      (Object.keys(MEDIA_VARIANTS) as MediaVariant[]).map(async (name) => {
        const copy = await image
          .clone()
          .resize({ width: MEDIA_VARIANTS[name].width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer();
        return [name, copy] as const;
      }),
    );
    return { width: autoOrient.width, height: autoOrient.height, variants: Object.fromEntries(entries) as Record<MediaVariant, Buffer> };
  } catch {
    throw undecodableImage();
  }
}

/**
 * The original image behind `key` resized to `width` (WebP, turned upright, never enlarged): made on
 * its first request and kept in storage beside the original, read from there afterwards. Null when
 * `key` is not an original image or there is none.
 */
export async function widthCopy(storage: Storage, key: string, width: ImageWidth): Promise<StoredFile | null> {
  if (!IMAGE_KEY_PATTERN.test(key)) return null;
  const copyKey = imageWidthKey(key, width);
  const kept = await storage.get(copyKey);
  if (kept) return kept;
  const original = await storage.get(key);
  if (!original) return null;
  const copy = await (await open(await buffer(original.stream)))
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY })
    .toBuffer();
  // Two first requests at once write the same bytes; the storage renames each into place whole.
  await storage.put(copyKey, copy);
  return { stream: Readable.from(copy), size: copy.length };
}
