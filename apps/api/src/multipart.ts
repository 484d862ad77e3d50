import type { Readable } from 'node:stream';
import { FILE_EXTENSIONS, FILE_MISSING_MESSAGE, type FileType, type UploadRule, z } from '@app/shared';
import type {} from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { assertNoNulBytes } from './input-guard';
import type { UploadedFile } from './modules/uploads/uploaded-file';

/** The answer to a multipart write without its file (or with a body that is not a form). */
export const fileMissing = () => new AppError('VALIDATION', { errors: { file: [FILE_MISSING_MESSAGE] } });

/** The type from the bytes themselves: the client's declared type and file name are not trusted. */
export function sniffFileType(data: Buffer): FileType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

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
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', { message: limits.sizeMessage, errors: { file: [limits.sizeMessage] } });
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('VALIDATION', { errors: { file: ['envie apenas um arquivo'] } });
    if (error instanceof AppError || isClientError(error)) throw error;
    // Anything else here is the parser refusing the body itself (no or wrong boundary, a
    // truncated or unterminated part): the client's fault, and nothing was stored yet.
    throw fileMissing();
  }
  assertNoNulBytes(fields);
  return { file, fields };
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

/** A private download of a stored file, under its (UTF-8) file name; never cached. */
export function sendAttachment(reply: FastifyReply, file: { stream: Readable; size: number; contentType: string; filename: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.size)
    .header('content-disposition', attachmentDisposition(file.filename))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

/** Content-Disposition for a download with any (UTF-8) file name. */
function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii || 'arquivo'}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
