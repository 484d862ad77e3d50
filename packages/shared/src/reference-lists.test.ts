import { REFERENCE_SEEDS } from '@app/db/reference-seed-lists';
import { describe, expect, it } from 'vitest';
import { referenceCreateInput, referenceUpdateInput } from './reference-list-schemas';
import {
  type FieldDeclaration,
  listWords,
  REFERENCE_GROUPS,
  REFERENCE_LIST_KEYS,
  REFERENCE_LISTS,
  type ReferenceListKey,
  referenceList,
  SYSTEM_LISTS,
  searchedLabels,
} from './reference-lists';

const declared = (key: string): key is ReferenceListKey => key in REFERENCE_LISTS;

describe('reference list declarations', () => {
  it("declare the spec's 23 lists, each in a parameterization screen, under declared parents", () => {
    expect(REFERENCE_LIST_KEYS).toHaveLength(23);
    for (const key of REFERENCE_LIST_KEYS) {
      const d = referenceList(key);
      expect(Object.keys(REFERENCE_GROUPS)).toContain(d.group);
      if (d.parent) expect(declared(d.parent.list), `${key}'s parent ${d.parent.list}`).toBe(true);
      expect(d.search[0]).toBe('name');
    }
    for (const group of Object.keys(REFERENCE_GROUPS)) expect(REFERENCE_LIST_KEYS.some((k) => referenceList(k).group === group)).toBe(true);
  });

  it('give every code a hint whose example its own rule accepts', () => {
    const hinted = [...Object.values(REFERENCE_LISTS), ...Object.values(SYSTEM_LISTS)].flatMap((d) =>
      [d.code, ...Object.values(d.fields)].filter((f): f is FieldDeclaration & { kind: 'code' } => f?.kind === 'code'),
    );
    expect(hinted.length).toBeGreaterThan(10);
    for (const f of hinted) expect(f.hint.match(/ex\.: (\S+)/)?.[1], f.label).toMatch(f.pattern);
  });

  it('derive the texts of screens and documents from the labels', () => {
    expect(listWords(referenceList('air_cias_params').label)).toEqual({
      title: 'Companhias aéreas',
      titleOne: 'Companhia aérea',
      the: 'as companhias aéreas',
      theOne: 'a companhia aérea',
      anOne: 'uma companhia aérea',
    });
    expect(searchedLabels(referenceList('air_airport_params'))).toBe('nome, código IATA e cidade');
  });
});

describe('reference list schemas', () => {
  it('normalize codes, refuse unknown keys and keep each list to its own fields', () => {
    const airport = referenceCreateInput('air_airport_params');
    expect(airport.parse({ name: 'Guarulhos', code: ' gru ', fields: { country_code: 'br', timezone: 'America/Sao_Paulo' } })).toEqual({
      name: 'Guarulhos',
      code: 'GRU',
      fields: { country_code: 'BR', timezone: 'America/Sao_Paulo' },
    });
    const bad = airport.safeParse({ name: 'Guarulhos', code: 'GR', fields: { timezone: 'Marte/Olympus', occupancy: 2 } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['code', 'fields', 'fields.timezone']);
    expect(referenceCreateInput('cruise_ship_params').safeParse({ name: 'Navio sem companhia' }).success).toBe(false);
    expect(referenceUpdateInput('cruise_ship_params').parse({ id: '7', is_active: false })).toEqual({ id: 7, is_active: false });
  });

  it('accept every row the seed ships', () => {
    let rows = 0;
    for (const seed of REFERENCE_SEEDS) {
      if (!declared(seed.list)) continue;
      const schema = referenceCreateInput(seed.list);
      const parent = referenceList(seed.list).parent;
      for (const row of seed.rows()) {
        const fields = Object.fromEntries(Object.entries(row.fields ?? {}).filter(([, v]) => v !== null && v !== undefined));
        const body = {
          name: row.name,
          ...(row.code ? { code: row.code } : {}),
          ...(parent?.required ? { parent_id: 1 } : {}),
          ...(Object.keys(fields).length ? { fields } : {}),
        };
        const parsed = schema.safeParse(body);
        if (!parsed.success) throw new Error(`${seed.list} ${row.key}: ${JSON.stringify(parsed.error.issues)}`);
        rows += 1;
      }
    }
    expect(rows).toBeGreaterThan(15_000);
  });
});
