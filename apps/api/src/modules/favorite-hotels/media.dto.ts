import { imageUrl, MEDIA_VARIANTS, type Media, type MediaVariant } from '@app/shared';
import type { MediaRow } from './media.select';

/** The storage keys of a photo's resized copies, as media.variants holds them ({ thumb: key, ... }). */
export function variantKeys(variants: unknown): Partial<Record<MediaVariant, string>> {
  if (!variants || typeof variants !== 'object') return {};
  const stored = variants as Record<string, unknown>;
  return Object.fromEntries(
    (Object.keys(MEDIA_VARIANTS) as MediaVariant[]).flatMap((name) => (typeof stored[name] === 'string' ? [[name, stored[name]]] : [])),
  );
}

export function toMediaDto(m: MediaRow): Media {
  const variants = variantKeys(m.variants);
  return {
    id: m.id,
    favorite_hotel_id: m.favoriteHotelId,
    key: m.key,
    url: imageUrl(m.key),
    thumb_url: imageUrl(variants.thumb ?? m.key),
    landing_url: imageUrl(variants.landing ?? m.key),
    content_type: m.contentType,
    size: m.size,
    width: m.width,
    height: m.height,
    caption: m.caption,
    position: m.position,
    is_cover: m.isCover,
    created_at: m.createdAt.toISOString(),
  };
}
