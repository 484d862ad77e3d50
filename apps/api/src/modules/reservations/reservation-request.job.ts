import { type BudgetServiceType, firstName, SERVICE_TYPE_DECLARATIONS } from '@app/shared';
import { z } from 'zod';
import type { JobDefinition } from '../../platform/jobs';
import { agencyContactSelect, toAgencyContact } from '../landing-pages/landing-pages.dto';
import { deliverSaleMailing } from '../sales/sale-mailings';
import { readSnapshot } from '../sales/sales.dto';
import { frozenServiceOf } from './reservations.dto';

const isoDate = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

/**
 * The reservation request e-mail to the supplier, as the reservation is when the job runs. The
 * mailing is claimed (sent_at) before the mail goes out and released when sending fails, so a
 * retried or repeated job never mails twice. A reservation canceled since the request sends nothing
 * (the claim is released: the mailing stays unsent).
 */
export const reservationRequestJob: JobDefinition<{ mailing_id: number }> = {
  name: 'reservations.request-mail',
  payload: z.strictObject({ mailing_id: z.number().int().positive() }),
  async handle({ mailing_id }, { db, mailer, config, log }, run) {
    await deliverSaleMailing({ db, mailer }, run, mailing_id, 'reservation_request', async () => {
      const mailing = await db.saleMailing.findUniqueOrThrow({
        where: { id: mailing_id },
        select: {
          recipients: true,
          message: true,
          companyId: true,
          userId: true,
          budget: {
            select: {
              client: { select: { name: true } },
              owner: { select: { name: true, email: true, phone: true } },
              paxes: { select: { name: true, ageGroup: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
              company: { select: agencyContactSelect },
            },
          },
          reservation: {
            select: {
              status: true,
              serviceId: true,
              currency: true,
              amountCents: true,
              locator: true,
              supplier: { select: { name: true } },
              sale: { select: { snapshot: true } },
              service: {
                select: {
                  type: true,
                  title: true,
                  description: true,
                  startDate: true,
                  startTime: true,
                  endDate: true,
                  endTime: true,
                  adultNumber: true,
                  childNumber: true,
                  infantNumber: true,
                },
              },
            },
          },
        },
      });
      const r = mailing.reservation;
      if (!r || r.status === 'canceled') {
        log.error({ mailing_id }, 'reservation request not sent: the reservation was canceled');
        return null;
      }
      // The service as sold; the live row only for a reservation without a sale.
      const sold = frozenServiceOf(r.sale ? readSnapshot(r.sale.snapshot) : null, r.serviceId);
      const live = r.service;
      const service = sold ?? {
        type: live?.type ?? 'other',
        title: live?.title ?? '',
        description: live?.description ?? null,
        start_date: isoDate(live?.startDate ?? null),
        start_time: live?.startTime ?? null,
        end_date: isoDate(live?.endDate ?? null),
        end_time: live?.endTime ?? null,
        adult_number: live?.adultNumber ?? 0,
        child_number: live?.childNumber ?? 0,
        infant_number: live?.infantNumber ?? 0,
      };
      const sender = mailing.userId
        ? await db.user.findFirst({
            where: { id: mailing.userId, companyId: mailing.companyId },
            select: { name: true, email: true, phone: true },
          })
        : null;
      const agent = sender ?? mailing.budget.owner;
      return (await import('./reservations.mails')).reservationRequestMail(config.appUrl, {
        to: mailing.recipients,
        agency: toAgencyContact(mailing.budget.company),
        agent: { name: firstName(agent.name), email: agent.email, phone: agent.phone },
        supplierName: r.supplier?.name ?? null,
        clientName: mailing.budget.client.name,
        passengers: mailing.budget.paxes.map((p) => ({ name: p.name, age_group: p.ageGroup })),
        service: { ...service, type_label: SERVICE_TYPE_DECLARATIONS[service.type as BudgetServiceType]?.label ?? service.type },
        amount: { currency: r.currency, cents: r.amountCents },
        locator: r.locator,
        message: mailing.message,
      });
    });
  },
};
