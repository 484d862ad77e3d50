import { randomUUID } from 'node:crypto';
import {
  FILE_EXTENSIONS,
  fileTypeOfName,
  IMAGE_UPLOAD,
  imageUrl,
  SERVED_IMAGE_KEY_PATTERN,
  type UploadImageOutput,
  uploadedImageQuery,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { readFileOnly } from '../../multipart';
import type { StoredFile } from '../../platform/storage';
import { requestSession } from '../access/authorize';
import { assertDecodableImage, widthCopy } from './images';

/**
 * Multipart image upload (cover images, hotel photos) and the images served back, resized copies
 * included. An image URL carries a random UUID, so it works in <img> without a token and cannot be
 * guessed.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/uploads/image', async (req): Promise<UploadImageOutput> => {
    const user = await requestSession(deps, req);
    const file = await readFileOnly(req, IMAGE_UPLOAD);
    // The type was sniffed from the first bytes; the rest must decode too, or nothing is stored.
    await assertDecodableImage(file.data);
    const key = `images/${user.companyId}/${randomUUID()}.${FILE_EXTENSIONS[file.contentType]}`;
    await deps.platform.storage.put(key, file.data);
    return { url: imageUrl(key), key };
  });

  app.get('/api/uploads/images/:companyId/:file', async (req, reply) => {
    const { companyId, file } = req.params as { companyId: string; file: string };
    const { w } = uploadedImageQuery.parse(req.query);
    const key = `images/${companyId}/${file}`;
    const type = w ? 'image/webp' : fileTypeOfName(key);
    let stored: StoredFile | null = null;
    if (w) stored = await widthCopy(deps.platform.storage, key, w);
    else if (type && SERVED_IMAGE_KEY_PATTERN.test(key)) stored = await deps.platform.storage.get(key);
    if (!stored || !type) throw notFound();
    // A key is never rewritten, so the bytes behind a URL (and its copy of a width) never change.
    return reply
      .header('content-type', type)
      .header('content-length', stored.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.stream);
  });
}
