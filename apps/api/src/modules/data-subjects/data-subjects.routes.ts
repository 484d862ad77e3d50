import { idParam } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { documentCipherOf } from '../../document-numbers';
import { AppError } from '../../errors';
import { requestSession } from '../access/authorize';
import { exportPersonalData } from './data-subjects.service';

const emptyBody = z.object({}).strict();

/** A data subject's export as a PDF the person reads: a file, so not a procedure. Owner and administradores. */
export function registerDataSubjectRoutes(app: FastifyInstance, deps: Deps) {
  // A POST: each export is recorded (a GET never writes).
  app.post('/api/data-subjects/:id/export/pdf', async (req, reply) => {
    const user = await requestSession(deps, req);
    if (!['owner', 'administrador', 'super_admin'].includes(user.role)) throw new AppError('FORBIDDEN');
    const { id } = idParam.parse(req.params);
    // The body carries nothing, but must be one JSON object ({}), like every other write's.
    emptyBody.parse(req.body);
    const data = await exportPersonalData(
      deps.db,
      documentCipherOf(deps.config),
      { companyId: user.companyId, userId: user.id, ip: req.ip },
      id,
    );
    const pdf = await deps.platform.pdf.personalData(data);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="dados-do-titular-${id}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
