import type { FeatureKey, Role } from '@app/shared/constants';
import { REFERENCE_GROUPS, type ReferenceGroup } from '@app/shared/reference-lists';
import {
  IconBed,
  IconBriefcase,
  IconBuilding,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconCar,
  IconCash,
  IconChartBar,
  IconChecklist,
  IconCoins,
  IconCreditCard,
  IconFileCertificate,
  IconFileInvoice,
  IconHeadset,
  IconLayoutDashboard,
  IconListCheck,
  IconMapPin,
  IconPackages,
  IconPlane,
  IconReceipt,
  IconReportMoney,
  IconShip,
  IconStack2,
  IconTemplate,
  IconUserCog,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

export type NavItem = {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;
  /** Other path prefixes that belong to the same section. */
  also?: string[];
  roles?: Role[];
  /** The plan feature it needs (hidden until the features are known). */
  feature?: FeatureKey;
  /** The heading of the section it opens (the first item of a section carries it). */
  section?: string;
};

const PARAMETERIZATION_ICONS: Record<ReferenceGroup, NavItem['icon']> = {
  hospedagem: IconBuilding,
  aereo: IconPlane,
  localidade: IconMapPin,
  locacao: IconCar,
  cruzeiro: IconShip,
  checklist: IconListCheck,
  financeiro: IconCash,
};

/** The parameterization screens; a link opens the first list (tab) of its group. */
const PARAMETERIZATION_ITEMS: NavItem[] = (Object.keys(REFERENCE_GROUPS) as ReferenceGroup[]).map((group, index) => ({
  label: REFERENCE_GROUPS[group].label,
  to: `/${group}/1`,
  icon: PARAMETERIZATION_ICONS[group],
  also: [`/${group}/`],
  ...(index === 0 ? { section: 'Parametrização' } : {}),
}));

/** What customers owe the agency and what it owes suppliers: for its owner and administrators. */
const FINANCE_ITEMS: NavItem[] = [
  { label: 'Painel da agência', to: '/painel', icon: IconLayoutDashboard, roles: ['owner', 'administrador'], section: 'Financeiro' },
  { label: 'Contas a receber', to: '/contas-a-receber', icon: IconReportMoney, roles: ['owner', 'administrador'] },
  { label: 'Contas a pagar', to: '/contas-a-pagar', icon: IconReceipt, roles: ['owner', 'administrador'] },
  { label: 'Comissões', to: '/comissoes', icon: IconCoins, roles: ['owner', 'administrador'] },
  { label: 'Notas fiscais', to: '/notas-fiscais', icon: IconFileCertificate, roles: ['owner', 'administrador'], feature: 'nfse' },
];

/** The system company's screens: its staff administer the agencies, the plans and the job queue. */
const SYSTEM_ITEMS: NavItem[] = [
  { label: 'Agências', to: '/sistema/agencias', icon: IconBuildingSkyscraper, roles: ['super_admin'], section: 'Sistema' },
  { label: 'Planos', to: '/sistema/planos', icon: IconPackages, roles: ['super_admin'] },
  { label: 'Filas', to: '/sistema/filas', icon: IconStack2, roles: ['super_admin'] },
];

export const NAV_ITEMS: NavItem[] = [
  { label: 'Atendimentos', to: '/', icon: IconHeadset, also: ['/atendimentos', '/atendimento/', '/atendimento-leader'] },
  { label: 'Clientes', to: '/clientes', icon: IconUsersGroup, also: ['/clientes-pessoa-interna/'] },
  {
    label: 'Orçamentos',
    to: '/orcamentos',
    icon: IconFileInvoice,
    also: ['/novo-orcamento', '/duplicate-orcamento', '/orcamento-', '/valor-total/', '/venda-fechada/'],
  },
  { label: 'Modelos de orçamento', to: '/modelos-de-orcamento', icon: IconTemplate },
  { label: 'Tarefas', to: '/tarefas', icon: IconChecklist },
  { label: 'Fornecedores', to: '/fornecedores', icon: IconBuildingStore, also: ['/fornecedor/'] },
  { label: 'Hotéis favoritos', to: '/hoteis', icon: IconBed, also: ['/hotel/'] },
  { label: 'Serviços', to: '/servicos', icon: IconBriefcase },
  { label: 'Usuários', to: '/usuarios', icon: IconUserCog, also: ['/usuario-view/'] },
  { label: 'Seu plano', to: '/seu-plano', icon: IconCreditCard, roles: ['owner'] },
  { label: 'Relatório de acessos', to: '/relatorio-de-acessos', icon: IconChartBar, roles: ['owner'] },
  ...FINANCE_ITEMS,
  ...SYSTEM_ITEMS,
  ...PARAMETERIZATION_ITEMS,
];

export function isActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/' ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  return (item.also ?? []).some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}
