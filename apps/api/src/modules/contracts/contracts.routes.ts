// Plain routes of contracts (not JSON, so not procedures): the signed copy's multipart upload, the
// PDF behind a signed link, and the signature provider's callback (verified on its raw body).
import { CONTRACT_UPLOAD, type Contract, contractFileInput, uploadContractFields } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { fileMissing, readMultipart, sendAttachment } from '../../multipart';
import { requestSession } from '../access/authorize';
import { contractFileByLink, uploadSignedCopy } from './contracts.service';
import { receiveSignatureCallback, SIGNATURE_CALLBACK_PATH } from './signature.service';

const CALLBACK_BODY_LIMIT = 64 * 1024;

export function registerContractRoutes(app: FastifyInstance, deps: Deps) {
  app.post('/api/contracts/upload', async (req): Promise<Contract> => {
    const user = await requestSession(deps, req);
    // The file is read and checked (PDF, size) before anything is looked up or stored.
    const { file, fields } = await readMultipart(req, CONTRACT_UPLOAD);
    const { contract_id } = uploadContractFields.parse(fields);
    if (!file) throw fileMissing();
    return uploadSignedCopy(deps, user.companyId, contract_id, file);
  });

  app.get('/api/contracts/file/:id', async (req, reply) => {
    reply.header('x-robots-tag', 'noindex, nofollow');
    const link = contractFileInput.parse({ ...(req.params as object), ...(req.query as object) });
    const file = await contractFileByLink(deps, link);
    return sendAttachment(reply, { ...file, contentType: 'application/pdf' }, 'inline');
  });

  void app.register(async (scope) => {
    // The HMAC is computed over the exact bytes the provider sent, so nothing parses them first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(SIGNATURE_CALLBACK_PATH, async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const hmac = req.headers['content-hmac'];
      const outcome = await receiveSignatureCallback(deps, raw, {
        hmac: typeof hmac === 'string' ? hmac : undefined,
        contentType: req.headers['content-type'],
      });
      return { received: true, outcome };
    });
  });
}
