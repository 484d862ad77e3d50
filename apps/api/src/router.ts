import { attendancesRouter } from './modules/attendances/attendances.procedures';
import { authRouter, profileRouter } from './modules/auth/auth.procedures';
import { billingRouter } from './modules/billing/billing.procedures';
import { clientsRouter, postalCodesRouter } from './modules/clients/clients.procedures';
import { companiesRouter } from './modules/companies/companies.procedures';
import { referenceListsRouter, systemListsRouter } from './modules/reference-lists/reference-lists.procedures';
import { usersRouter } from './modules/users/users.procedures';
import { router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  users: usersRouter,
  companies: companiesRouter,
  clients: clientsRouter,
  postalCodes: postalCodesRouter,
  attendances: attendancesRouter,
  billing: billingRouter,
  referenceLists: referenceListsRouter,
  systemLists: systemListsRouter,
});

export type AppRouter = typeof appRouter;
