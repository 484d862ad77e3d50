import type { Readable } from 'node:stream';
import { FILE_EXTENSIONS, FILE_MISSING_MESSAGE, type FileType, type UploadRule, z } from '@app/shared';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { sniffFileType } from './file-type';
import { assertNoNulBytes } from './input-guard';
import type { UploadedFile } from './modules/uploads/uploaded-file';

/** The answer to a multipart write without its file (or with a body that is not a form). */
export const fileMissing = () => new AppError('VALIDATION', { errors: { file: [FILE_MISSING_MESSAGE] } });

/**
 * Reads a multipart body: at most one file, in the field `file`, plus text fields. The file's
 * size and sniffed type are checked here; the text fields are left to the caller's schema.
 */
export async function readMultipart(
  req: FastifyRequest,
  limits: UploadRule,
): Promise<{ file?: UploadedFile; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw fileMissing();
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: limits.maxBytes, files: 1 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const data = await part.toBuffer();
      if (part.fieldname !== 'file') throw new AppError('VALIDATION', { errors: { [part.fieldname]: ['não é permitido'] } });
      const contentType = sniffFileType(data);
      if (!contentType || !limits.types.includes(contentType)) {
        throw new AppError('VALIDATION', { errors: { file: [limits.typeMessage] } });
      }
      file = { filename: cleanFilename(part.filename, contentType), data, contentType };
    }
  } catch (error) {
    throw multipartFailure(error, limits.sizeMessage);
  }
  assertNoNulBytes(fields);
  return { file, fields };
}

/** What answers an error thrown while a multipart body is read (`sizeMessage`: the route's file size limit). */
export function multipartFailure(error: unknown, sizeMessage: string): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('PAYLOAD_TOO_LARGE', { message: sizeMessage, errors: { file: [sizeMessage] } });
  if (code === 'FST_FILES_LIMIT') return new AppError('VALIDATION', { errors: { file: ['envie apenas um arquivo'] } });
  if (error instanceof AppError || isClientError(error)) return error;
  // Anything else here is the parser refusing the body itself (no or wrong boundary, a
  // truncated or unterminated part): the client's fault, and nothing was stored yet.
  return fileMissing();
}

const noFields = z.object({}).strict();

/** A multipart body that carries its file and nothing else (any text field is refused). */
export async function readFileOnly(req: FastifyRequest, limits: UploadRule): Promise<UploadedFile> {
  const { file, fields } = await readMultipart(req, limits);
  noFields.parse(fields);
  if (!file) throw fileMissing();
  return file;
}

/** The multipart plugin's own 4xx errors (parts or fields over the limits, a `__proto__` field). */
const isClientError = (error: unknown) => {
  const status = (error as { statusCode?: number }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/** A display name safe for headers and file systems, with the extension of the real type. */
function cleanFilename(name: string | undefined, type: FileType): string {
  const ext = FILE_EXTENSIONS[type];
  const printable = [...(name ?? '').replace(/\.[^.]*$/, '')].filter((c) => c >= ' ' && c !== '\u007f' && !'"\\/'.includes(c));
  const base = printable.join('').trim().slice(0, 120);
  return `${base || 'arquivo'}.${ext}`;
}

/**
 * A private download of a stored file, under its (UTF-8) file name; never cached. `inline` opens it
 * in the browser instead of saving it.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { stream: Readable; size: number; contentType: string; filename: string },
  kind: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', attachmentDisposition(file.filename, kind))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

/** Content-Disposition for a download with any (UTF-8) file name. */
export function attachmentDisposition(filename: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `${kind}; filename="${ascii || 'arquivo'}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
