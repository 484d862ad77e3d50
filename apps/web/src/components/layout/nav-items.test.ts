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

  it("lists the system company's screens for super_admin only", () => {
    const system = NAV_ITEMS.filter((i) => i.to.startsWith('/sistema/'));
    expect(system.map((i) => [i.label, i.to, i.roles])).toEqual([
      ['Agências', '/sistema/agencias', ['super_admin']],
      ['Planos', '/sistema/planos', ['super_admin']],
      ['Filas', '/sistema/filas', ['super_admin']],
    ]);
    expect(isActive(item('Planos'), '/sistema/planos')).toBe(true);
    expect(isActive(item('Planos'), '/sistema/filas')).toBe(false);
  });
});
