import { randomUUID } from 'node:crypto';
import {
  FILE_EXTENSIONS,
  FILE_MISSING_MESSAGE,
  fileTypeOfName,
  IMAGE_KEY_PATTERN,
  IMAGE_UPLOAD,
  imageUrl,
  type UploadImageOutput,
  z,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { readMultipart } from '../../multipart';
import { requestSession } from '../access/authorize';

const noFields = z.object({}).strict();

/**
 * Multipart image upload (cover images) and the images served back. An image URL carries a
 * random UUID, so it works in <img> without a token and cannot be guessed.
 */
export function registerUploadRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/uploads/image', async (req): Promise<UploadImageOutput> => {
    const user = await requestSession(deps, req);
    const { file, fields } = await readMultipart(req, IMAGE_UPLOAD);
    noFields.parse(fields);
    if (!file) throw new AppError('VALIDATION', { errors: { file: [FILE_MISSING_MESSAGE] } });
    const key = `images/${user.companyId}/${randomUUID()}.${FILE_EXTENSIONS[file.contentType]}`;
    await deps.platform.storage.put(key, file.data);
    return { url: imageUrl(key), key };
  });

  app.get('/api/uploads/images/:companyId/:file', async (req, reply) => {
    const { companyId, file } = req.params as { companyId: string; file: string };
    const key = `images/${companyId}/${file}`;
    const type = fileTypeOfName(key);
    const stored = IMAGE_KEY_PATTERN.test(key) && type ? await deps.platform.storage.get(key) : null;
    if (!stored || !type) throw notFound();
    // A key is never rewritten, so the bytes behind a URL never change.
    return reply
      .header('content-type', type)
      .header('content-length', stored.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.stream);
  });
}
