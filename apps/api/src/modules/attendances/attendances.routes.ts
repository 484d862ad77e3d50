import { type Consolidated, consolidatedFieldsInput, DOCUMENT_UPLOAD, idParam, versionField, versionFromIfMatch, z } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { fileMissing, readMultipart, sendAttachment } from '../../multipart';
import { requestSession } from '../access/authorize';
import { consolidatedFile, updateConsolidated } from './consolidated.service';

/** The attendance's version a consolidated update was based on: the `If-Match` header, as on every REST write. */
const ifMatch = z.object(versionField);

/** The consolidated document: multipart update and authenticated download (not JSON, so not procedures). */
export function registerAttendanceRoutes(app: FastifyInstance, deps: Deps) {
  app.patch('/api/attendances/consolidated/:id', async (req): Promise<Consolidated> => {
    const user = await requestSession(deps, req);
    const { id } = idParam.parse(req.params);
    const header = req.headers['if-match'];
    const { version } = ifMatch.parse({
      version: header === undefined || header === '*' ? undefined : (versionFromIfMatch(header) ?? header),
    });
    const { file, fields } = await readMultipart(req, DOCUMENT_UPLOAD);
    const { notes } = consolidatedFieldsInput.parse(fields);
    if (!file && notes === undefined) throw fileMissing();
    // An empty notes field in a form clears the notes.
    return updateConsolidated(deps, user.companyId, user, id, { notes: notes === '' ? null : notes, file, version });
  });

  app.get('/api/attendances/consolidated/:id/file', async (req, reply) => {
    const user = await requestSession(deps, req);
    const { id } = idParam.parse(req.params);
    return sendAttachment(reply, await consolidatedFile(deps, user.companyId, id));
  });
}
