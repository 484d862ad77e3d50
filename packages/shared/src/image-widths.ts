// The widths an uploaded image is also served at (GET /api/uploads/images/...?w=), and the srcset the
// customer's landing page (its script and its server-rendered hero alike) builds from them. Zod-free:
// the landing entry imports it.

/** A phone's cover at 1x and 2x, a large phone's at 3x, the page's 720 px column at 2x. */
export const IMAGE_WIDTHS = [480, 720, 1080, 1440] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An uploaded image's URL (imageUrl) resized to `width` (WebP, never enlarged). */
export const resizedImageUrl = (url: string, width: ImageWidth) => `${url}?w=${width}`;

/** The srcset of an uploaded image: each of its served widths. */
export const imageSrcSet = (url: string) => IMAGE_WIDTHS.map((w) => `${resizedImageUrl(url, w)} ${w}w`).join(', ');

/** The landing page's cover spans the screen, up to the page's 720 px column. */
export const LANDING_COVER_SIZES = '(min-width: 720px) 720px, 100vw';
