import { landingPdfInput } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { attachmentDisposition } from '../../multipart';
import { bearerClaims } from '../access/tokens';
import { consumeLandingRead } from '../landing-pages/landing-limits';
import { agencyCompanyOf, LANDING_ROBOTS_TAG, loadLandingPage } from '../landing-pages/landing-page.service';
import { pdfFileName } from './budget-documents.jobs';
import { agencyLogo } from './budget-logo';

/**
 * GET /pdf/{id}: the budget's PDF by its landing id, under the landing page's rules (a revoked
 * link, a draft or canceled budget: 404 with the invalid-link message; the same rate limit). A
 * bearer token of the budget's own agency previews it in any status (the agent's download).
 */
export function registerBudgetDocumentRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/pdf/:id', async (req, reply) => {
    reply.header('x-robots-tag', LANDING_ROBOTS_TAG);
    const input = landingPdfInput.parse({ ...(req.params as object), ...(req.query as object) });
    await consumeLandingRead(deps.platform, req.ip);
    const agencyCompanyId = await agencyCompanyOf(deps.db, bearerClaims(req.headers.authorization, deps.config.jwtSecret));
    const page = await loadLandingPage(deps.db, input.id, { proposalIds: input.proposals, agencyCompanyId });
    const pdf = await deps.platform.pdf.budget(page, () => agencyLogo(deps.platform.storage, page.agency.logo_url));
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', attachmentDisposition(pdfFileName(page.title), input.download === '1' ? 'attachment' : 'inline'))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
