import { idParam } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { sendAttachment } from '../../multipart';
import { requestSession } from '../access/authorize';
import { agencyExportFile } from './agency-exports.service';

/** The finished export's zip: a file, so not a procedure. The owner only, with the bearer token. */
export function registerAgencyExportRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/api/companies/exports/:id/download', async (req, reply) => {
    const user = await requestSession(deps, req);
    if (user.role !== 'owner') throw new AppError('FORBIDDEN');
    const { id } = idParam.parse(req.params);
    return sendAttachment(reply, await agencyExportFile({ db: deps.db, storage: deps.platform.storage }, user.companyId, id));
  });
}
