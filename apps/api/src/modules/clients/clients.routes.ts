import { type Client, DOCUMENT_UPLOAD, downloadAttachmentInput, idParam } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { readFileOnly, sendAttachment } from '../../multipart';
import { requestSession } from '../access/authorize';
import { registerUnsubscribeRoutes } from '../marketing-consent/unsubscribe.routes';
import { addClientAttachment, clientAttachmentFile } from './clients.service';

/** Client files: multipart upload of an attachment and its download (binary answers, so not procedures). */
export function registerClientRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/clients/:id/attachments', async (req): Promise<Client> => {
    const user = await requestSession(deps, req);
    const { id } = idParam.parse(req.params);
    return addClientAttachment(deps, user.companyId, id, await readFileOnly(req, DOCUMENT_UPLOAD));
  });

  app.post('/api/clients/download_attachment', async (req, reply) => {
    const user = await requestSession(deps, req);
    const { attachment_id } = downloadAttachmentInput.parse(req.body ?? {});
    return sendAttachment(reply, await clientAttachmentFile(deps, user.companyId, attachment_id));
  });

  registerUnsubscribeRoutes(app, deps);
}
