import { type Consolidated, consolidatedFieldsInput, DOCUMENT_UPLOAD, idParam } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { fileMissing, readMultipart, sendAttachment } from '../../multipart';
import { requestSession } from '../access/authorize';
import { consolidatedFile, updateConsolidated } from './consolidated.service';

/** The consolidated document: multipart update and authenticated download (not JSON, so not procedures). */
export function registerAttendanceRoutes(app: FastifyInstance, deps: Deps) {
  app.patch('/api/attendances/consolidated/:id', async (req): Promise<Consolidated> => {
    const user = await requestSession(deps, req);
    const { id } = idParam.parse(req.params);
    const { file, fields } = await readMultipart(req, DOCUMENT_UPLOAD);
    const { notes } = consolidatedFieldsInput.parse(fields);
    if (!file && notes === undefined) throw fileMissing();
    // An empty notes field in a form clears the notes.
    return updateConsolidated(deps, user.companyId, user, id, { notes: notes === '' ? null : notes, file });
  });

  app.get('/api/attendances/consolidated/:id/file', async (req, reply) => {
    const user = await requestSession(deps, req);
    const { id } = idParam.parse(req.params);
    return sendAttachment(reply, await consolidatedFile(deps, user.companyId, id));
  });
}
