import { type Client, DOCUMENT_UPLOAD, downloadAttachmentInput, FILE_MISSING_MESSAGE, idParam, z } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { attachmentDisposition, readMultipart } from '../../multipart';
import { requestSession } from '../access/authorize';
import { addClientAttachment, clientAttachmentFile } from './clients.service';

const noFields = z.object({}).strict();

/** Client files: multipart upload of an attachment and its download (binary answers, so not procedures). */
export function registerClientRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/clients/:id/attachments', async (req): Promise<Client> => {
    const user = await requestSession(deps, req);
    const { id } = idParam.parse(req.params);
    const { file, fields } = await readMultipart(req, DOCUMENT_UPLOAD);
    noFields.parse(fields);
    if (!file) throw new AppError('VALIDATION', { errors: { file: [FILE_MISSING_MESSAGE] } });
    return addClientAttachment(deps, user.companyId, id, file);
  });

  app.post('/api/clients/download_attachment', async (req, reply) => {
    const user = await requestSession(deps, req);
    const { attachment_id } = downloadAttachmentInput.parse(req.body ?? {});
    const file = await clientAttachmentFile(deps, user.companyId, attachment_id);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
}
