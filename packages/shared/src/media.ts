// Photos (media) of a favourite hotel: the contracts of /api/media. The file itself is sent first to
// POST /api/uploads/image; its key is then attached here.
import { idParam, recordIdField } from './pagination';
import { z } from './zod';

/** How many photos one hotel may hold. */
export const MEDIA_PER_HOTEL_MAX = 50;
export const MEDIA_CAPTION_MAX = 300;

/**
 * The resized copies made of every photo (WebP, never enlarged): `thumb` for lists and galleries,
 * `landing` for the customer's landing page.
 */
export const MEDIA_VARIANTS = { thumb: { width: 400 }, landing: { width: 1600 } } as const;
export type MediaVariant = keyof typeof MEDIA_VARIANTS;

export const MEDIA_FIELD_MESSAGES = {
  /** Read after the field name ('key já está em uso'). */
  keyInUse: 'já está em uso',
  /** A whole sentence: the gallery shows it as the upload's failure. */
  tooMany: `O hotel já tem o máximo de ${MEDIA_PER_HOTEL_MAX} fotos`,
} as const;

const captionField = z.string().trim().max(MEDIA_CAPTION_MAX).nullable().optional();

/** POST /api/media: attaches an uploaded image to a hotel, after its other photos. */
export const createMediaInput = z
  .object({
    favorite_hotel_id: recordIdField(),
    /** The `key` answered by POST /api/uploads/image (an image of the caller's agency, not attached yet). */
    key: z.string().max(200),
    caption: captionField,
  })
  .strict();
export type CreateMediaInput = z.infer<typeof createMediaInput>;

/** PUT /api/media/{id}: any of caption, place in the order, cover. */
export const updateMediaInput = idParam
  .extend({
    caption: captionField,
    /** The photo's place in the hotel's order, from 0; a place past the last moves it to the end. */
    position: z.number().int().min(0).max(MEDIA_PER_HOTEL_MAX).optional(),
    /** true makes this photo the hotel's cover (the previous cover stops being one). */
    is_cover: z.literal(true).optional(),
  })
  .strict();
export type UpdateMediaInput = z.infer<typeof updateMediaInput>;

export const mediaSchema = z.object({
  id: z.number().int(),
  favorite_hotel_id: z.number().int().nullable(),
  /** The original's storage key. */
  key: z.string(),
  /** The original as uploaded. */
  url: z.string(),
  /** ~400 px wide WebP (the original when no copy was made). */
  thumb_url: z.string(),
  /** ~1600 px wide WebP (the original when no copy was made). */
  landing_url: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  caption: z.string().nullable(),
  position: z.number().int(),
  is_cover: z.boolean(),
  created_at: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

export const mediaOutput = z.object({ media: mediaSchema });

/** DELETE /api/media/{id}: the id of the photo that is gone. */
export const mediaDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });
