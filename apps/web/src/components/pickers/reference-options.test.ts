import type { ReferenceItem } from '@app/shared/reference-list-schemas';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppTrpcClient, createTrpc } from '../../lib/trpc';
import { autocompleteInput, autocompleteOptions, firstMatch, optionLabel } from './reference-options';

const item = (fields: Partial<ReferenceItem>): ReferenceItem => ({
  id: 1,
  name: 'Nome',
  code: null,
  parent_id: null,
  parent: null,
  fields: {},
  is_active: true,
  is_system: true,
  editable: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...fields,
});

describe('optionLabel', () => {
  it('shows an airport by its code, name and city (the registered city first, else its own field)', () => {
    const gru = { name: 'São Paulo–Guarulhos', code: 'GRU', fields: { city_name: 'Guarulhos' } };
    expect(optionLabel('air_airport_params', item({ ...gru, parent_id: 9, parent: { id: 9, name: 'São Paulo', code: '3550308' } }))).toBe(
      'GRU · São Paulo–Guarulhos · São Paulo',
    );
    expect(optionLabel('air_airport_params', item(gru))).toBe('GRU · São Paulo–Guarulhos · Guarulhos');
  });

  it('shows a city with its UF, not its IBGE code, one abroad with its country, and a ship with its company', () => {
    const campinas = item({ name: 'Campinas', code: '3509502', parent_id: 7, parent: { id: 7, name: 'São Paulo', code: 'SP' } });
    expect(optionLabel('city_params', campinas)).toBe('Campinas · SP');
    expect(optionLabel('city_params', item({ name: 'Lisboa', fields: { country_code: 'PT', population: 517802 } }))).toBe(
      'Lisboa · Portugal',
    );
    expect(optionLabel('city_params', item({ name: 'Nova York', fields: { country_code: 'US' } }))).toBe('Nova York · Estados Unidos');
    const ship = item({ name: 'MSC Seaview', parent_id: 3, parent: { id: 3, name: 'MSC Cruzeiros', code: null } });
    expect(optionLabel('cruise_ship_params', ship)).toBe('MSC Seaview · MSC Cruzeiros');
  });

  it('shows a row without code or parent by its name alone', () => {
    expect(optionLabel('card_flag_params', item({ name: 'Visa' }))).toBe('Visa');
    expect(optionLabel('air_class_params', item({ name: 'Econômica', code: null }))).toBe('Econômica');
  });
});

describe('autocompleteInput', () => {
  it('asks for the best matches of the trimmed term, under the parent when given', () => {
    expect(autocompleteInput('  gru ')).toEqual({ autocomplete: 'true', search: 'gru' });
    expect(autocompleteInput('', 4)).toEqual({ autocomplete: 'true', parent_id: 4 });
    expect(autocompleteInput(' ', null)).toEqual({ autocomplete: 'true' });
  });
});

describe('firstMatch (Enter without a highlighted option)', () => {
  const rows = [item({ id: 1, name: 'Guarulhos' }), item({ id: 2, name: 'Galeão' })];

  it('takes the first row of the answer to what is typed now, or null when it matched nothing', () => {
    expect(firstMatch('gru ', 'gru', rows)?.id).toBe(1);
    expect(firstMatch('xyz', 'xyz', [])).toBeNull();
  });

  it("waits (undefined) while the answer is another term's or has not come", () => {
    expect(firstMatch('gru', 'gr', rows)).toBeUndefined();
    expect(firstMatch('gru', undefined, rows)).toBeUndefined();
    expect(firstMatch('gru', 'gru', undefined)).toBeUndefined();
  });
});

describe('autocompleteOptions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cancels the request of a superseded term through the app tRPC client', async () => {
    // The network: the first request hangs until aborted, the next ones answer.
    const calls: { url: string; signal: AbortSignal }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      const signal = init.signal as AbortSignal;
      calls.push({ url, signal });
      if (calls.length === 1)
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      return Promise.resolve(Response.json({ result: { data: { items: [], pagination: null } } }));
    });
    const queryClient = new QueryClient();
    const trpc = createTrpc(createAppTrpcClient(), queryClient);
    const observer = new QueryObserver(queryClient, autocompleteOptions(trpc, 'air_cias_params', 'go'));
    const unsubscribe = observer.subscribe(() => undefined);

    await vi.waitFor(() => expect(calls).toHaveLength(1));
    observer.setOptions(autocompleteOptions(trpc, 'air_cias_params', 'gol'));
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));

    expect(calls).toHaveLength(2);
    expect(decodeURIComponent(calls[0]?.url ?? '')).toContain('"search":"go"');
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(decodeURIComponent(calls[1]?.url ?? '')).toContain('"search":"gol"');
    expect(calls[1]?.signal.aborted).toBe(false);
    unsubscribe();
    queryClient.clear();
  });
});
