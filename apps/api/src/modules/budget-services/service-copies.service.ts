// A service copied from any budget of the agency into a proposal (/api/service-copies): found by
// its title or its budget's title and destination, then created through createService (the same
// checks and quote as a service typed by hand), its dates moved to the new trip.
import { type Db, qb, queryRows, sql } from '@app/db';
import {
  buildPagination,
  CLIENT_FIELD_MESSAGES,
  type CopyServiceInput,
  createServiceInput,
  datesToDays,
  type ListServiceCopySourcesInput,
  type ServiceCopySource,
  serviceFromTemplate,
  templateAnchor,
  templateServiceSchema,
} from '@app/shared';
import { fieldError } from '../../errors';
import { budgetProposalWhere } from '../budgets/budgets.where';
import { serviceContent, serviceContentSelect } from '../budgets/service-content.select';
import { createService, type ServiceCaller } from './services.service';
import { serviceCopySourceFilter, serviceWhere } from './services.where';

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/** GET /api/service-copies: the agency's active services to copy from, newest first. */
export async function listServiceCopySources(db: Db, companyId: number, input: ListServiceCopySourcesInput) {
  const where = serviceCopySourceFilter(companyId, input);
  const from = () => qb.selectFrom('services as s').innerJoin('budgets as b', 'b.id', 's.budget_id');
  const [rows, [total]] = await Promise.all([
    queryRows(
      db,
      from()
        .select([
          's.id',
          's.type',
          's.title',
          's.start_date',
          's.end_date',
          'b.id as budget_id',
          'b.title as budget_title',
          'b.destination as budget_destination',
          'b.start_date as budget_start_date',
        ])
        .where(where)
        .orderBy('s.id', 'desc')
        .limit(input.per_page)
        .offset((input.page - 1) * input.per_page),
    ),
    queryRows(db, from().select(sql<number>`count(*)::int`.as('count')).where(where)),
  ]);
  const services: ServiceCopySource[] = rows.map((r) => ({
    id: r.id,
    type: r.type as ServiceCopySource['type'],
    title: r.title,
    start_date: isoDate(r.start_date),
    end_date: isoDate(r.end_date),
    budget: { id: r.budget_id, title: r.budget_title, destination: r.budget_destination, start_date: isoDate(r.budget_start_date) },
  }));
  return { services, pagination: buildPagination(input.page, input.per_page, total?.count ?? 0) };
}

/**
 * POST /api/service-copies: the service, with its prices, passengers and details, created at the
 * end of the proposal. Its dates move by as many days as the trips' starts are apart (kept when
 * either budget has no start); quoted anew for the new budget.
 */
export async function copyService(db: Db, caller: ServiceCaller, input: CopyServiceInput) {
  const [source, target] = await Promise.all([
    db.service.findFirst({
      where: { ...serviceWhere(caller.companyId, input.service_id), status: 'active' },
      select: { ...serviceContentSelect, budget: { select: { startDate: true } } },
    }),
    db.proposal.findFirst({
      where: budgetProposalWhere(caller.companyId, input.proposal_id),
      select: { budget: { select: { startDate: true } } },
    }),
  ]);
  if (!source) throw fieldError('service_id', CLIENT_FIELD_MESSAGES.notFound);
  if (!target) throw fieldError('proposal_id', CLIENT_FIELD_MESSAGES.notFound);
  const dated = serviceContent(source);
  const anchor = templateAnchor(isoDate(source.budget.startDate), [dated]);
  // The same arithmetic as a template's: days from the source trip's start, placed on the new one's.
  const moved = serviceFromTemplate(
    templateServiceSchema.parse(datesToDays(dated, anchor)),
    isoDate(target.budget.startDate) ?? anchor,
    null,
  );
  const parsed = createServiceInput.safeParse({ ...moved, proposal_id: input.proposal_id });
  if (!parsed.success) throw fieldError('service_id', 'este serviço não pode ser copiado: abra-o e corrija-o antes');
  return createService(db, caller, parsed.data);
}
