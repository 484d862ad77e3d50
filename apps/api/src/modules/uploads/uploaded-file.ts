import type { FileType } from '@app/shared';

/**
 * A file read from a multipart body: its type sniffed from the bytes, its name cleaned. Kept apart
 * from the Fastify parser (multipart.ts) so that services can take one.
 */
export type UploadedFile = { filename: string; data: Buffer; contentType: FileType };
