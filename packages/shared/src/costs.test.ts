import { describe, expect, it } from 'vitest';
import { withoutCosts } from './costs';

describe('withoutCosts', () => {
  const answer = {
    id: 7,
    totals: { sale_cents: 10_000, cost_cents: 7_000, margin_basis_points: 3_000 },
    proposals: [
      { id: 1, services: [{ id: 11, sale_cents: 5_000, supplier_cost_cents: 4_000, sold_at: new Date('2026-11-29T12:00:00Z') }] },
      { id: 2, services: [{ id: 21, sale_cents: 5_000 }] },
    ],
    client: { name: 'Ana', tags: ['vip'] },
  };

  it('removes every cost field at any depth and keeps the rest', () => {
    expect(withoutCosts(answer)).toEqual({
      id: 7,
      totals: { sale_cents: 10_000 },
      proposals: [
        { id: 1, services: [{ id: 11, sale_cents: 5_000, sold_at: new Date('2026-11-29T12:00:00Z') }] },
        { id: 2, services: [{ id: 21, sale_cents: 5_000 }] },
      ],
      client: { name: 'Ana', tags: ['vip'] },
    });
  });

  it('leaves the answer it was given untouched', () => {
    const before = structuredClone(answer);
    withoutCosts(answer);
    expect(answer).toEqual(before);
  });

  it('copies only what leads to a cost field: the rest is the same object', () => {
    const out = withoutCosts(answer);
    expect(out).not.toBe(answer);
    expect(out.client).toBe(answer.client);
    expect(out.proposals[1]).toBe(answer.proposals[1]);
    expect(out.proposals[0]).not.toBe(answer.proposals[0]);
    const board = { to_do: [{ id: 1, title: 'Emitir bilhetes' }], counts: { to_do: 1 } };
    expect(withoutCosts(board)).toBe(board);
  });

  it('passes through what is not an object', () => {
    expect(withoutCosts(null)).toBeNull();
    expect(withoutCosts(3)).toBe(3);
    expect(withoutCosts('cost_cents')).toBe('cost_cents');
  });
});
