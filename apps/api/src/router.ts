import { accessLogsRouter } from './modules/access-logs/access-logs.procedures';
import { agencyDashboardRouter } from './modules/agency-dashboard/agency-dashboard.procedures';
import { agencyExportsRouter } from './modules/agency-exports/agency-exports.procedures';
import { attendancesRouter } from './modules/attendances/attendances.procedures';
import { authRouter, profileRouter } from './modules/auth/auth.procedures';
import { billingRouter } from './modules/billing/billing.procedures';
import { budgetDocumentsRouter } from './modules/budget-documents/budget-documents.procedures';
import { serviceCopiesRouter } from './modules/budget-services/service-copies.procedures';
import { servicesRouter } from './modules/budget-services/services.procedures';
import { budgetTemplatesRouter } from './modules/budgets/budget-templates.procedures';
import { budgetsRouter } from './modules/budgets/budgets.procedures';
import { clientsRouter, postalCodesRouter } from './modules/clients/clients.procedures';
import { closedSalesRouter } from './modules/closed-sales/closed-sales.procedures';
import { companiesRouter } from './modules/companies/companies.procedures';
import { companyClosuresRouter } from './modules/company-closures/company-closures.procedures';
import { contractsRouter, contractTemplatesRouter } from './modules/contracts/contracts.procedures';
import { currencyQuotesRouter } from './modules/currency-quotes/currency-quotes.procedures';
import { dataSubjectsRouter } from './modules/data-subjects/data-subjects.procedures';
import { presenceRouter } from './modules/events/presence.procedures';
import { favoriteHotelsRouter } from './modules/favorite-hotels/favorite-hotels.procedures';
import { mediaRouter } from './modules/favorite-hotels/media.procedures';
import { commissionsRouter, payablesRouter, receivablesRouter } from './modules/finance/finance.procedures';
import { flightsRouter } from './modules/flights/flights.procedures';
import { importsRouter } from './modules/imports/imports.procedures';
import { integrationsRouter } from './modules/integrations/integrations.procedures';
import { landingPagesRouter } from './modules/landing-pages/landing-pages.procedures';
import { nfseRouter } from './modules/nfse/nfse.procedures';
import { notificationsRouter } from './modules/notifications/notifications.procedures';
import { paymentMethodsRouter } from './modules/payment-methods/payment-methods.procedures';
import { personalDataRouter } from './modules/personal-data/personal-data.procedures';
import { proposalsRouter } from './modules/proposals/proposals.procedures';
import { queuesRouter } from './modules/queues/queues.procedures';
import { recommendationsRouter } from './modules/recommendations/recommendations.procedures';
import { referenceListsRouter, systemListsRouter } from './modules/reference-lists/reference-lists.procedures';
import { reservationsRouter } from './modules/reservations/reservations.procedures';
import { salesRouter } from './modules/sales/sales.procedures';
import { suppliersRouter } from './modules/suppliers/suppliers.procedures';
import { tasksRouter } from './modules/tasks/tasks.procedures';
import { usersRouter } from './modules/users/users.procedures';
import { vouchersRouter } from './modules/vouchers/vouchers.procedures';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  users: usersRouter,
  companies: companiesRouter,
  agencyExports: agencyExportsRouter,
  companyClosures: companyClosuresRouter,
  clients: clientsRouter,
  dataSubjects: dataSubjectsRouter,
  postalCodes: postalCodesRouter,
  flights: flightsRouter,
  attendances: attendancesRouter,
  billing: billingRouter,
  referenceLists: referenceListsRouter,
  systemLists: systemListsRouter,
  favoriteHotels: favoriteHotelsRouter,
  media: mediaRouter,
  suppliers: suppliersRouter,
  paymentMethods: paymentMethodsRouter,
  currencyQuotes: currencyQuotesRouter,
  budgets: budgetsRouter,
  budgetTemplates: budgetTemplatesRouter,
  presence: presenceRouter,
  proposals: proposalsRouter,
  services: servicesRouter,
  serviceCopies: serviceCopiesRouter,
  recommendations: recommendationsRouter,
  landingPages: landingPagesRouter,
  budgetDocuments: budgetDocumentsRouter,
  sales: salesRouter,
  closedSales: closedSalesRouter,
  reservations: reservationsRouter,
  receivables: receivablesRouter,
  payables: payablesRouter,
  commissions: commissionsRouter,
  agencyDashboard: agencyDashboardRouter,
  contractTemplates: contractTemplatesRouter,
  contracts: contractsRouter,
  vouchers: vouchersRouter,
  imports: importsRouter,
  tasks: tasksRouter,
  notifications: notificationsRouter,
  accessLogs: accessLogsRouter,
  personalData: personalDataRouter,
  queues: queuesRouter,
  integrations: integrationsRouter,
  nfse: nfseRouter,
});

export type AppRouter = typeof appRouter;
