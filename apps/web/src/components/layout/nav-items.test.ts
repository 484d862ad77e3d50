import { describe, expect, it } from 'vitest';
import { isActive, NAV_ITEMS } from './nav-items';

const item = (label: string) => NAV_ITEMS.find((i) => i.label === label) as (typeof NAV_ITEMS)[number];

describe('sidebar active item', () => {
  it('marks the section of detail screens', () => {
    expect(isActive(item('Atendimentos'), '/')).toBe(true);
    expect(isActive(item('Atendimentos'), '/atendimento/3')).toBe(true);
    expect(isActive(item('Atendimentos'), '/usuarios')).toBe(false);
    expect(isActive(item('Usuários'), '/usuario-view/9')).toBe(true);
    expect(isActive(item('Orçamentos'), '/orcamento-timeline/1/2')).toBe(true);
    expect(isActive(item('Clientes'), '/clientes/import')).toBe(true);
    // A parameterization screen stays marked on any of its tabs.
    expect(isActive(item('Aéreo'), '/aereo/3')).toBe(true);
    expect(isActive(item('Aéreo'), '/cruzeiro/1')).toBe(false);
  });
});
