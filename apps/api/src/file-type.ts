import type { FileType } from '@app/shared';

/** The type from the bytes themselves: the client's declared type and file name are not trusted. */
export function sniffFileType(data: Buffer): FileType | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}
