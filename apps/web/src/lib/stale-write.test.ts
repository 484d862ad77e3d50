import { describe, expect, it } from 'vitest';
import { conflictFields, defaultChoice, mergedValues } from './stale-write';

const base = { title: 'Passeio', description: '', adult_cents: 10_000, details: { place: 'Recife' } };

describe('conflictFields', () => {
  it('lists what the other edit changed and the agent holds otherwise; both changed or only the other', () => {
    const mine = { ...base, title: 'Passeio do agente', adult_cents: 12_000 };
    const current = { ...base, title: 'Passeio da Ana', description: 'Saída às 8h', adult_cents: 12_000 };
    const fields = conflictFields(base, mine, current);
    expect(fields).toEqual([
      { key: 'title', mine: 'Passeio do agente', current: 'Passeio da Ana', bothChanged: true },
      { key: 'description', mine: '', current: 'Saída às 8h', bothChanged: false },
    ]);
    expect(fields.map(defaultChoice)).toEqual(['mine', 'current']);
  });

  it('compares nested values by content', () => {
    expect(conflictFields(base, { ...base }, { ...base, details: { place: 'Recife' } })).toEqual([]);
  });
});

describe('mergedValues', () => {
  it('takes the choices, keeps the agent’s other changes and the other edit’s elsewhere', () => {
    const mine = { ...base, title: 'Passeio do agente', adult_cents: 12_000 };
    const current = { ...base, title: 'Passeio da Ana', details: { place: 'Olinda' } };
    expect(mergedValues(base, mine, current, { title: 'current' })).toEqual({
      title: 'Passeio da Ana',
      description: '',
      adult_cents: 12_000,
      details: { place: 'Olinda' },
    });
    expect(mergedValues(base, mine, current, { title: 'mine' }).title).toBe('Passeio do agente');
  });
});
