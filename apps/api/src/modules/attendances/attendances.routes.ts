import {
  CONSOLIDATED_CONTENT_TYPES,
  CONSOLIDATED_FILE_MAX_BYTES,
  type Consolidated,
  consolidatedFieldsInput,
  idParam,
  UPLOAD_MESSAGES,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { authenticate, type Deps } from '../../trpc';
import { attachmentDisposition, readMultipart } from '../uploads/multipart';
import { consolidatedFile, updateConsolidated } from './consolidated.service';

/** The consolidated document: multipart update and authenticated download (not JSON, so not procedures). */
export function registerAttendanceRoutes(app: FastifyInstance, deps: Deps) {
  const files = { db: deps.db, storage: deps.platform.storage };

  app.patch('/api/attendances/consolidated/:id', async (req): Promise<Consolidated> => {
    const user = await authenticate(deps, req.headers.authorization);
    const { id } = idParam.parse(req.params);
    const { file, fields } = await readMultipart(req, {
      maxBytes: CONSOLIDATED_FILE_MAX_BYTES,
      types: CONSOLIDATED_CONTENT_TYPES,
      typeMessage: UPLOAD_MESSAGES.fileType,
      sizeMessage: UPLOAD_MESSAGES.fileTooLarge,
    });
    const { notes } = consolidatedFieldsInput.parse(fields);
    if (!file && notes === undefined) throw new AppError('VALIDATION', { errors: { file: [UPLOAD_MESSAGES.fileMissing] } });
    // An empty notes field in a form clears the notes.
    return updateConsolidated(files, user.companyId, user, id, { notes: notes === '' ? null : notes, file });
  });

  app.get('/api/attendances/consolidated/:id/file', async (req, reply) => {
    const user = await authenticate(deps, req.headers.authorization);
    const { id } = idParam.parse(req.params);
    const file = await consolidatedFile(files, user.companyId, id);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', attachmentDisposition(file.filename))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
}
