// POST /api/uploads/image (multipart field `file`); what each upload accepts is in files.ts.
import { RECORD_ID_PATTERN } from './constants';
import { FILE_EXTENSIONS, IMAGE_UPLOAD } from './files';
import { z } from './zod';

export const uploadImageOutput = z.object({
  /** Where the image is served (an unguessable address, usable in <img>). */
  url: z.string(),
  /** What to store on the resource (e.g. an attendance's cover_image_key). */
  key: z.string(),
});
export type UploadImageOutput = z.infer<typeof uploadImageOutput>;

/** Image keys are `images/<company id>/<uuid>.<ext>`; the URL path mirrors the key, the id spelled one way. */
export const IMAGE_KEY_PATTERN = new RegExp(
  `^images/${RECORD_ID_PATTERN.source.slice(1, -1)}/[0-9a-f-]{36}\\.(${IMAGE_UPLOAD.types.map((type) => FILE_EXTENSIONS[type]).join('|')})$`,
);
export const imageUrl = (key: string) => `/api/uploads/${key}`;
