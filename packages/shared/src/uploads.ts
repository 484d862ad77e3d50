// POST /api/uploads/image (multipart field `file`); what each upload accepts is in files.ts.
import { RECORD_ID_PATTERN } from './constants';
import { FILE_EXTENSIONS, IMAGE_UPLOAD } from './files';
import { IMAGE_WIDTHS, type ImageWidth } from './image-widths';
import { MEDIA_VARIANTS, type MediaVariant } from './media';
import { z } from './zod';

export const uploadImageOutput = z.object({
  /** Where the image is served (an unguessable address, usable in <img>). */
  url: z.string(),
  /** What to store on the resource (e.g. an attendance's cover_image_key). */
  key: z.string(),
});
export type UploadImageOutput = z.infer<typeof uploadImageOutput>;

const IMAGE_FOLDER = `^images/${RECORD_ID_PATTERN.source.slice(1, -1)}/[0-9a-f-]{36}`;
const IMAGE_EXTENSIONS = IMAGE_UPLOAD.types.map((type) => FILE_EXTENSIONS[type]).join('|');

/** Image keys are `images/<company id>/<uuid>.<ext>`; the URL path mirrors the key, the id spelled one way. */
export const IMAGE_KEY_PATTERN = new RegExp(`${IMAGE_FOLDER}\\.(${IMAGE_EXTENSIONS})$`);
export const imageUrl = (key: string) => `/api/uploads/${key}`;

/** A resized copy of an uploaded image: `images/<company id>/<uuid>.<variant>.webp`, beside its original. */
export const imageVariantKey = (key: string, variant: MediaVariant) => key.replace(/\.[a-z]+$/, `.${variant}.webp`);

/** GET /api/uploads/images/{company}/{file}?w=: the original, or (w) a WebP copy that wide, made once and kept. */
export const uploadedImageQuery = z
  .object({
    w: z
      .enum(IMAGE_WIDTHS.map(String) as [string, ...string[]])
      .transform((w) => Number(w) as ImageWidth)
      .optional(),
  })
  .strict();

/** The kept copy of an original image resized to `width`: `images/<company id>/<uuid>.w<width>.webp`. */
export const imageWidthKey = (key: string, width: ImageWidth) => key.replace(/\.[a-z]+$/, `.w${width}.webp`);

/** What GET /api/uploads/images/... serves: originals and their resized copies. */
export const SERVED_IMAGE_KEY_PATTERN = new RegExp(
  `${IMAGE_FOLDER}\\.((${IMAGE_EXTENSIONS})|(${Object.keys(MEDIA_VARIANTS).join('|')})\\.webp)$`,
);
