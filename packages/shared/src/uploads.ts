// POST /api/uploads/image (multipart field `file`) and the other files kept on the storage port.
import { z } from './zod';

export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

export const UPLOAD_MESSAGES = {
  fileMissing: 'Envie um arquivo no campo file',
  imageType: 'Formato de imagem não suportado (use JPEG, PNG ou WebP)',
  imageTooLarge: 'A imagem deve ter no máximo 5 MB',
  fileType: 'Tipo de arquivo não suportado (use PDF, JPEG, PNG ou WebP)',
  fileTooLarge: 'O arquivo deve ter no máximo 10 MB',
} as const;

export const uploadImageOutput = z.object({
  /** Where the image is served (an unguessable address, usable in <img>). */
  url: z.string(),
  /** What to store on the resource (e.g. an attendance's cover_image_key). */
  key: z.string(),
});
export type UploadImageOutput = z.infer<typeof uploadImageOutput>;

/** Image keys are `images/<company id>/<uuid>.<ext>`; the URL path mirrors the key. */
export const IMAGE_KEY_PATTERN = /^images\/\d+\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
export const imageUrl = (key: string) => `/api/uploads/${key}`;
