import type { Storage } from '../../platform/storage';

const UPLOADS_PREFIX = '/api/uploads/';

/**
 * The agency's logo for the PDF: its uploaded image (logo_url is `/api/uploads/<key>`) read from
 * storage and made a small PNG (pdfkit draws PNG and JPEG only). No logo, or one that no longer
 * reads, gives null: the PDF then shows the agency's name.
 */
export async function agencyLogo(storage: Storage, logoUrl: string | null): Promise<Buffer | null> {
  if (!logoUrl?.startsWith(UPLOADS_PREFIX)) return null;
  const file = await storage.get(logoUrl.slice(UPLOADS_PREFIX.length));
  if (!file) return null;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    const { default: sharp } = await import('sharp');
    return await sharp(Buffer.concat(chunks), { failOn: 'warning' }).resize({ height: 160, withoutEnlargement: true }).png().toBuffer();
  } catch {
    return null;
  }
}
