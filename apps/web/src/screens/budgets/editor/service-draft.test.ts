import { describe, expect, it } from 'vitest';
import { restoreDraft, serviceDraftKey } from './service-draft';
import { blankService } from './service-values';

const owner = { company_id: 3, id: 7 };

describe('serviceDraftKey', () => {
  it('keeps apart agencies, users, budgets, services and the types of a new service', () => {
    const keys = [
      serviceDraftKey(owner, 12, { id: 40 }, 'air'),
      serviceDraftKey({ company_id: 4, id: 7 }, 12, { id: 40 }, 'air'),
      serviceDraftKey({ company_id: 3, id: 8 }, 12, { id: 40 }, 'air'),
      serviceDraftKey(owner, 13, { id: 40 }, 'air'),
      serviceDraftKey(owner, 12, { id: 41 }, 'air'),
      serviceDraftKey(owner, 12, undefined, 'air'),
      serviceDraftKey(owner, 12, undefined, 'accommodation'),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys[0]).toBe('draft:c3:u7:budget-12:service-40');
    expect(keys[5]).toBe('draft:c3:u7:budget-12:service-new-air');
  });

  it('is the same key for the same form', () => {
    expect(serviceDraftKey(owner, 12, { id: 40 }, 'air')).toBe(serviceDraftKey(owner, 12, { id: 40 }, 'tour'));
  });
});

describe('restoreDraft', () => {
  const initial = blankService('accommodation', { currency: 'BRL' });

  it('takes the typed values over the initial ones, and the texts of the picks', () => {
    const stored = JSON.parse(
      JSON.stringify({
        values: { ...initial, title: 'Hotel no Chiado', details: { ...initial.details, hotel_name: 'Chiado', diet_id: 4 } },
        labels: { 'details.diet_id': 'Café da manhã' },
      }),
    );
    const draft = restoreDraft(stored, initial);
    expect(draft?.values.title).toBe('Hotel no Chiado');
    expect(draft?.values.details).toMatchObject({ hotel_name: 'Chiado', diet_id: 4 });
    expect(draft?.labels).toEqual({ 'details.diet_id': 'Café da manhã' });
  });

  it('fills what an older draft lacks from the initial values', () => {
    const { description: _gone, ...older } = { ...initial, title: 'Pousada' };
    const draft = restoreDraft({ values: { ...older, details: { hotel_name: 'Pousada' } }, labels: {} }, initial);
    expect(draft?.values.description).toBe('');
    expect(draft?.values.details.rooms).toEqual(initial.details.rooms);
    expect(draft?.values.details.hotel_name).toBe('Pousada');
  });

  it('refuses a draft of another type, or anything else stored under the key', () => {
    const air = blankService('air', { currency: 'BRL' });
    expect(restoreDraft({ values: air, labels: {} }, initial)).toBeNull();
    expect(restoreDraft(null, initial)).toBeNull();
    expect(restoreDraft('texto', initial)).toBeNull();
    expect(restoreDraft({ values: initial }, initial)).toBeNull();
  });

  it('drops labels that are not texts', () => {
    const draft = restoreDraft({ values: initial, labels: { supplier_id: 'Receptivo', city_id: 12 } }, initial);
    expect(draft?.labels).toEqual({ supplier_id: 'Receptivo' });
  });
});
