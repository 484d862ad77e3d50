import { IMPORT_KINDS, IMPORT_MESSAGES, IMPORT_UPLOAD, type Import, idParam, importTemplateParams } from '@app/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { AppError } from '../../errors';
import { attachmentDisposition, fileMissing, multipartFailure } from '../../multipart';
import { requestSession } from '../access/authorize';
import { createImport, importRejectsCsv, importTemplate, type ReceivedFile, receiveImportFile } from './imports.service';

/**
 * Spreadsheet uploads (multipart, streamed to storage) and the CSV downloads of imports: the
 * rejected rows and the template of each kind. The rest of an import is procedures.
 */
export function registerImportRoutes(app: FastifyInstance, deps: Deps) {
  for (const kind of IMPORT_KINDS) {
    app.put(`/api/uploads/${kind}`, async (req): Promise<Import> => {
      const user = await requestSession(deps, req);
      const file = await readSpreadsheet(deps, user.companyId, req);
      return createImport(deps, { companyId: user.companyId, userId: user.id }, kind, file);
    });
  }

  app.get('/api/imports/:id/rejects.csv', async (req, reply) => {
    const user = await requestSession(deps, req);
    const { id } = idParam.parse(req.params);
    const csv = await importRejectsCsv(deps.db, user.companyId, id);
    return sendCsv(reply, csv.filename).send(csv.stream);
  });

  app.get('/api/imports/template/:kind', async (req, reply) => {
    await requestSession(deps, req);
    const { kind } = importTemplateParams.parse(req.params);
    const template = importTemplate(kind);
    return sendCsv(reply, template.filename).send(template.content);
  });
}

const sendCsv = (reply: FastifyReply, filename: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(filename, 'attachment'))
    .header('cache-control', 'private, no-store');

/**
 * The form's one part, a file in the field `file`, streamed to storage as it arrives (never
 * buffered whole). Any other part, or a form the parser refuses, answers 400 and leaves nothing.
 */
async function readSpreadsheet(deps: Deps, companyId: number, req: FastifyRequest): Promise<ReceivedFile> {
  if (!req.isMultipart()) throw fileMissing();
  let received: ReceivedFile | undefined;
  try {
    // One byte over the limit still reaches the storage probe, which refuses it (413).
    for await (const part of req.parts({ limits: { fileSize: IMPORT_UPLOAD.maxBytes + 1, files: 1 } })) {
      if (part.type === 'file' && part.fieldname === 'file') {
        received = await receiveImportFile(deps.platform.storage, companyId, part.filename, part.file);
        continue;
      }
      if (part.type === 'file') part.file.resume();
      throw new AppError('VALIDATION', { errors: Object.fromEntries([[part.fieldname, ['não é permitido']]]) });
    }
  } catch (error) {
    if (received) await deps.platform.storage.delete(received.key);
    // A storage failure (disk full) is the server's, not the form's.
    throw (error as { syscall?: string }).syscall ? error : multipartFailure(error, IMPORT_MESSAGES.tooLarge);
  }
  if (!received) throw fileMissing();
  return received;
}
