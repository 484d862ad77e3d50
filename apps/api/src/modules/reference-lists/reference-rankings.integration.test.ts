// The pickers' ranking of the world's places, airports and airlines, in pt-BR, through HTTP: a
// database of its own, so no other test's edit of a system row shows here.
import type { ReferenceItem } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
let token = '';
beforeAll(async () => {
  token = await t.tokenFor(DEMO.users.owner);
});

type Page = { items: ReferenceItem[] };
const get = async (list: string, query: string): Promise<Page> => {
  const res = await t.call('GET', `/api/${list}?${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const picker = async (list: string, search: string, query = '') =>
  (await get(list, `autocomplete=true&search=${encodeURIComponent(search)}${query}`)).items;

describe('places, airports and airlines in pt-BR', () => {
  const place = (item: ReferenceItem | undefined) => item && { name: item.name, country: item.fields.country_code };

  it('offers cities worldwide by their pt-BR name and country, the exact name first, then by population', async () => {
    expect(place((await picker('city_params', 'Lisboa'))[0])).toEqual({ name: 'Lisboa', country: 'PT' });
    expect(place((await picker('city_params', 'Buenos'))[0])).toEqual({ name: 'Buenos Aires', country: 'AR' });
    expect(place((await picker('city_params', 'Orlando'))[0])).toEqual({ name: 'Orlando', country: 'US' });
    expect(place((await picker('city_params', 'Paris'))[0])).toEqual({ name: 'Paris', country: 'FR' });
    // The rule for a Brazilian agency: among the cities named Santiago, the biggest first: Santiago,
    // Chile (4.8 million) before Santiago in Rio Grande do Sul (IBGE's row, with its state).
    const santiagos = (await picker('city_params', 'Santiago', '&per_page=50')).filter((c) => c.name === 'Santiago');
    expect(place(santiagos[0])).toEqual({ name: 'Santiago', country: 'CL' });
    const populations = santiagos.map((c) => Number(c.fields.population ?? 0));
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(santiagos).toContainEqual(
      expect.objectContaining({ fields: expect.objectContaining({ country_code: 'BR' }), parent: expect.objectContaining({ code: 'RS' }) }),
    );
    // The name a city goes by abroad finds it too; 'Porto' is the city so named before Porto Alegre.
    expect(place((await picker('city_params', 'Munich'))[0])).toEqual({ name: 'Munique', country: 'DE' });
    expect(place((await picker('city_params', 'Porto'))[0])).toEqual({ name: 'Porto', country: 'PT' });
  });

  it('names airports as customers know them, the ones agencies sell most first', async () => {
    expect((await picker('air_airport_params', 'guarulhos'))[0]).toMatchObject({
      code: 'GRU',
      name: 'Aeroporto de Guarulhos',
      parent: { name: 'São Paulo' },
    });
    expect((await picker('air_airport_params', 'ezeiza'))[0]).toMatchObject({
      code: 'EZE',
      name: 'Ezeiza',
      fields: { city_name: 'Buenos Aires', country_code: 'AR' },
    });
    // Orlando's other airports (Sanford, Executive) come after the one agencies sell.
    expect((await picker('air_airport_params', 'orlando'))[0]).toMatchObject({
      code: 'MCO',
      name: 'Aeroporto de Orlando',
      parent: { name: 'Orlando' },
    });
    expect((await picker('air_airport_params', 'lisboa'))[0]).toMatchObject({
      code: 'LIS',
      name: 'Aeroporto de Lisboa',
      parent: { name: 'Lisboa' },
    });
    expect((await picker('air_airport_params', 'nova york')).slice(0, 2).map((a) => a.code)).toEqual(['JFK', 'EWR']);
    expect((await picker('air_airport_params', 'são paulo')).slice(0, 2).map((a) => a.code)).toEqual(['GRU', 'CGH']);
  });

  it('names airlines commercially, the Brazilian then the Latin American carriers first', async () => {
    const first = (await get('air_cias_params', 'autocomplete=true&per_page=8')).items;
    expect(first.map((a) => a.name)).toEqual([
      'LATAM Airlines Brasil',
      'GOL',
      'Azul',
      'VOEPASS',
      'MAP Linhas Aéreas',
      'LATAM Airlines',
      'Aerolíneas Argentinas',
      'Copa Airlines',
    ]);
    expect((await picker('air_cias_params', 'latam'))[0]).toMatchObject({ code: 'JJ', name: 'LATAM Airlines Brasil' });
    expect((await picker('air_cias_params', 'aerolineas'))[0]).toMatchObject({ code: 'AR', name: 'Aerolíneas Argentinas' });
    expect((await picker('air_cias_params', 'avianca'))[0]).toMatchObject({ code: 'AV', name: 'Avianca' });
  });
});
