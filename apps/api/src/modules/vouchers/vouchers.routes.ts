import { uploadVoucherFieldsInput, VOUCHER_UPLOAD, type Voucher, voucherFileInput } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { fileMissing, readMultipart, sendAttachment } from '../../multipart';
import { requestSession } from '../access/authorize';
import { uploadVoucher, voucherFile } from './vouchers.service';

/** A voucher's upload (multipart) and its file behind a signed link (binary): not JSON, so not procedures. */
export function registerVoucherRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/vouchers/upload', async (req): Promise<Voucher> => {
    const user = await requestSession(deps, req);
    // The file's type and size are checked while reading, before anything is stored.
    const { file, fields } = await readMultipart(req, VOUCHER_UPLOAD);
    const input = uploadVoucherFieldsInput.parse(fields);
    if (!file) throw fileMissing();
    return uploadVoucher(deps, { companyId: user.companyId, userId: user.id }, input, file);
  });

  // No session: the link's signature is the capability (the client opens it from the e-mail or WhatsApp).
  app.get('/api/vouchers/file/:id', async (req, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    const { id, expires, signature } = voucherFileInput.parse({ ...(req.params as object), ...(req.query as object) });
    return sendAttachment(reply, await voucherFile(deps, id, { expires, signature }), 'inline');
  });
}
