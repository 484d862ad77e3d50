import type { Role } from '@app/shared/constants';
import {
  IconBed,
  IconBriefcase,
  IconBuildingStore,
  IconChecklist,
  IconCreditCard,
  IconFileInvoice,
  IconHeadset,
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
};

export const NAV_ITEMS: NavItem[] = [
  { label: 'Atendimentos', to: '/', icon: IconHeadset, also: ['/atendimentos', '/atendimento/', '/atendimento-leader'] },
  { label: 'Clientes', to: '/clientes', icon: IconUsersGroup, also: ['/clientes-pessoa-interna/'] },
  {
    label: 'Orçamentos',
    to: '/orcamentos',
    icon: IconFileInvoice,
    also: ['/novo-orcamento', '/duplicate-orcamento', '/orcamento-', '/valor-total/', '/venda-fechada/'],
  },
  { label: 'Tarefas', to: '/tarefas', icon: IconChecklist },
  { label: 'Fornecedores', to: '/fornecedores', icon: IconBuildingStore, also: ['/fornecedor/'] },
  { label: 'Hotéis favoritos', to: '/hoteis', icon: IconBed, also: ['/hotel/'] },
  { label: 'Serviços', to: '/servicos', icon: IconBriefcase },
  { label: 'Usuários', to: '/usuarios', icon: IconUserCog, also: ['/usuario-view/'] },
  { label: 'Seu plano', to: '/seu-plano', icon: IconCreditCard, roles: ['owner'] },
];

export function isActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/' ? pathname === '/' : pathname === item.to || pathname.startsWith(`${item.to}/`)) return true;
  return (item.also ?? []).some((prefix) => pathname === prefix || pathname.startsWith(prefix));
}
