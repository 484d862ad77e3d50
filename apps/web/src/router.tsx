// Every route of the spec's table. Each screen is its own chunk (route `lazy`), and each runs the
// navigation rules (guardLoader) of its meta before it renders; a list screen's first queries
// (meta `prefetch`) start in that guard, beside the session's calls and the chunk's loading.
import { HANDOFF_PATH } from '@app/shared/hosts';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from './components/PageLoader';
import { Root } from './components/Root';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { type Access, guardLoader, metaFor, notFoundLoader, type RouteMeta, type ScreenOptions } from './lib/gates';
import type { AppData } from './lib/trpc';
import { prefetchAttendances } from './screens/attendances/list-params';
import { prefetchBudgets } from './screens/budgets/list-params';
import { prefetchClients } from './screens/clients/list-params';

type ScreenModule = { default: ComponentType };

function screen(path: string, title: string, access: Access, load: () => Promise<ScreenModule>, opts: ScreenOptions = {}): RouteObject {
  const meta = metaFor(title, access, opts);
  return {
    path,
    handle: meta,
    lazy: async () => ({ Component: (await load()).default }),
  };
}

/** Screens inside the signed-in layout (sidebar, user menu). All require a session. */
const appScreens: RouteObject[] = [
  screen('/', 'Atendimentos', 'auth', () => import('./screens/attendances/AttendancesScreen'), { prefetch: prefetchAttendances }),
  screen('/atendimentos', 'Atendimentos', 'auth', () => import('./screens/attendances/AttendancesScreen'), {
    prefetch: prefetchAttendances,
  }),
  screen('/atendimento/:id', 'Atendimento', 'auth', () => import('./screens/attendances/AttendanceScreen')),
  screen('/atendimento-leader/:id?', 'Atendimento ou lead', 'auth', () => import('./screens/attendances/AttendanceLeaderScreen')),
  screen('/clientes/import', 'Importar clientes', 'auth', () => import('./screens/imports/ClientsImportScreen')),
  screen('/clientes/:id?', 'Clientes', 'auth', () => import('./screens/clients/ClientsScreen'), { prefetch: prefetchClients }),
  screen('/clientes-pessoa-interna/:id', 'Cliente', 'auth', () => import('./screens/clients/ClientDetailScreen')),
  screen('/usuarios', 'Usuários', 'auth', () => import('./screens/users/UsersScreen')),
  screen('/usuario-view/:id', 'Usuário', 'auth', () => import('./screens/users/UserViewScreen')),
  screen('/orcamentos', 'Orçamentos', 'auth', () => import('./screens/budgets/BudgetsScreen'), { prefetch: prefetchBudgets }),
  // Not in the spec's route table: the agency's templates (issue 34).
  screen('/modelos-de-orcamento', 'Modelos de orçamento', 'auth', () => import('./screens/budgets/BudgetTemplatesScreen')),
  screen('/novo-orcamento/:id?', 'Novo orçamento', 'auth', () => import('./screens/budgets/NewBudgetScreen')),
  // Same screen as the new budget.
  screen('/duplicate-orcamento/:id?', 'Duplicar orçamento', 'auth', () => import('./screens/budgets/NewBudgetScreen')),
  screen('/orcamento-infor/:id?', 'Informações do orçamento', 'auth', () => import('./screens/budgets/BudgetInfoScreen')),
  screen('/valor-total/:id', 'Valor total', 'auth', () => import('./screens/budgets/TotalValueScreen')),
  screen('/orcamento-reserva/:id', 'Reserva do orçamento', 'auth', () => import('./screens/budgets/BudgetReservationScreen')),
  screen(
    '/orcamento-timeline/:id/:proposal_id?/:service_id?',
    'Linha do tempo da proposta',
    'auth',
    () => import('./screens/budgets/ProposalTimelineScreen'),
  ),
  screen('/venda-fechada/:id', 'Venda fechada', 'auth', () => import('./screens/budgets/ClosedSaleScreen')),
  screen('/tarefas', 'Tarefas', 'auth', () => import('./screens/tasks/TasksScreen')),
  screen('/fornecedores/import', 'Importar fornecedores', 'auth', () => import('./screens/imports/SuppliersImportScreen')),
  screen('/fornecedores', 'Fornecedores', 'auth', () => import('./screens/suppliers/SuppliersScreen')),
  screen('/fornecedor/:id/:type', 'Fornecedor', 'auth', () => import('./screens/suppliers/SupplierScreen')),
  // Owner only; always reachable, even when the account is restricted or the trial ended.
  screen('/seu-plano', 'Seu plano', 'auth', () => import('./screens/billing/YourPlanScreen'), { requiresOwner: true }),
  screen('/relatorio-de-acessos', 'Relatório de acessos', 'auth', () => import('./screens/access-logs/AccessReportScreen'), {
    requiresOwner: true,
  }),
  screen('/painel', 'Painel da agência', 'auth', () => import('./screens/dashboard/AgencyDashboardScreen')),
  screen('/contas-a-receber', 'Contas a receber', 'auth', () => import('./screens/finance/ReceivablesScreen')),
  screen('/contas-a-pagar', 'Contas a pagar', 'auth', () => import('./screens/finance/PayablesScreen')),
  screen('/comissoes', 'Comissões', 'auth', () => import('./screens/finance/CommissionsScreen')),
  screen('/notas-fiscais', 'Notas fiscais', 'auth', () => import('./screens/nfse/NfseListScreen')),
  screen('/perfil', 'Meu perfil', 'auth', () => import('./screens/profile/ProfileScreen')),
  screen('/hoteis', 'Hotéis favoritos', 'auth', () => import('./screens/hotels/HotelsScreen')),
  screen('/hotel/:id', 'Hotel favorito', 'auth', () => import('./screens/hotels/HotelScreen')),
  screen('/servicos', 'Serviços', 'auth', () => import('./screens/services/ServicesScreen')),
  screen('/hospedagem/:id', 'Parametrização de hospedagem', 'auth', () => import('./screens/parameterization/AccommodationScreen')),
  screen('/aereo/:id', 'Parametrização de aéreo', 'auth', () => import('./screens/parameterization/AirScreen')),
  screen('/localidade/:id', 'Parametrização de localidade', 'auth', () => import('./screens/parameterization/LocalityScreen')),
  screen('/locacao/:id', 'Parametrização de locação', 'auth', () => import('./screens/parameterization/RentalScreen')),
  screen('/cruzeiro/:id', 'Parametrização de cruzeiro', 'auth', () => import('./screens/parameterization/CruiseScreen')),
  screen('/checklist/:id', 'Parametrização de checklist', 'auth', () => import('./screens/parameterization/ChecklistScreen')),
  screen('/financeiro/:id', 'Parametrização financeira', 'auth', () => import('./screens/parameterization/FinancialScreen')),
  // The system company's screens (the spec names no route for them).
  screen('/sistema/agencias', 'Agências', 'auth', () => import('./screens/system/AgenciesScreen'), { requiresSuperAdmin: true }),
  screen('/sistema/planos', 'Planos', 'auth', () => import('./screens/system/PlansScreen'), { requiresSuperAdmin: true }),
  screen('/sistema/filas', 'Filas', 'auth', () => import('./screens/system/QueuesScreen'), { requiresSuperAdmin: true }),
];

/** Screens without the signed-in layout. */
const standaloneScreens: RouteObject[] = [
  screen('/login', 'Entrar', 'unauth', () => import('./screens/auth/LoginScreen')),
  screen('/recuperar-senha', 'Recuperar senha', 'unauth', () => import('./screens/auth/RecoverPasswordScreen')),
  screen('/definir-senha/:token', 'Definir nova senha', 'unauth', () => import('./screens/auth/SetPasswordScreen')),
  screen('/registration/activate-user/:token', 'Confirmar cadastro', 'public', () => import('./screens/registration/ActivateUserScreen')),
  screen('/registration/deny-user/:token', 'Recusar cadastro', 'public', () => import('./screens/registration/DenyUserScreen')),
  // A session handed over from another host: its guard trades the code and moves on (nothing renders).
  { path: HANDOFF_PATH, handle: metaFor('Entrando', 'public'), Component: PageLoader },
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        id: 'app-layout',
        lazy: async () => ({ Component: (await import('./components/layout/AppLayout')).default }),
        children: appScreens,
      },
      ...standaloneScreens,
      // A path matching no route: notification 'Página não encontrada' and back to the previous path.
      { path: '*', loader: notFoundLoader, Component: () => null },
    ],
  },
];

/** Each screen's guard runs with the app's data layer (loaders live outside React). */
function withGuards(list: RouteObject[], data: AppData): RouteObject[] {
  return list.map((route) => {
    if (route.index) return route;
    const meta = route.handle as RouteMeta | undefined;
    return {
      ...route,
      ...(meta ? { loader: guardLoader(meta, data) } : {}),
      ...(route.children ? { children: withGuards(route.children, data) } : {}),
    };
  });
}

export function createAppRouter(data: AppData) {
  return createBrowserRouter(withGuards(routes, data));
}
