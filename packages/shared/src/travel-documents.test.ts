import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from './countries';
import {
  ageGroupOfAge,
  ageOn,
  headCountPaxes,
  minorReminders,
  passportWarning,
  paxFieldsFromClient,
  travelChecks,
  VISA_TABLE,
  visaCheck,
} from './travel-documents';

describe('ages', () => {
  it('places an age in the airlines’ groups: infant under 2, child 2 to 11, adult from 12', () => {
    expect([0, 1, 2, 7, 11, 12, 17, 40].map(ageGroupOfAge)).toEqual([
      'infant',
      'infant',
      'child',
      'child',
      'child',
      'adult',
      'adult',
      'adult',
    ]);
  });

  it('counts full years, the birthday itself included', () => {
    expect(ageOn('2020-02-10', '2027-02-09')).toBe(6);
    expect(ageOn('2020-02-10', '2027-02-10')).toBe(7);
    expect(ageOn('2020-02-29', '2027-02-28')).toBe(6);
  });
});

describe('headCountPaxes', () => {
  it('2 adults and a child of 7: three passengers named by group, the child with its age', () => {
    expect(headCountPaxes({ adults: 2, children: 1, children_ages: [7], infants: 0 })).toEqual([
      { name: 'Adulto 1', age_group: 'adult', age: null },
      { name: 'Adulto 2', age_group: 'adult', age: null },
      { name: 'Criança 1', age_group: 'child', age: 7 },
    ]);
  });

  it('places each child by its age, keeps a child of unknown age a child, and adds the infants', () => {
    expect(headCountPaxes({ adults: 0, children: 3, children_ages: [12, 0], infants: 1 })).toEqual([
      { name: 'Adulto 1', age_group: 'adult', age: 12 },
      { name: 'Bebê 1', age_group: 'infant', age: 0 },
      { name: 'Criança 1', age_group: 'child', age: null },
      { name: 'Bebê 2', age_group: 'infant', age: null },
    ]);
    expect(headCountPaxes({ adults: 0, children: 0, children_ages: [], infants: 0 })).toEqual([]);
  });
});

describe('paxFieldsFromClient', () => {
  const base = { birth_date: '1990-01-01', cpf: '52998224725', email: 'a@b.test', phone: '11 9999-0000' };

  it('takes the passport that lasts longest, with its country and validity, and the contact', () => {
    const fields = paxFieldsFromClient({
      ...base,
      documents: [
        { type: 'rg', number: 'RG1', country: null, expires_at: null },
        { type: 'passport', number: 'OLD', country: 'BR', expires_at: '2020-01-01' },
        { type: 'passport', number: 'NEW', country: 'PT', expires_at: '2031-05-05' },
        { type: 'visa', number: 'V1', country: 'US', expires_at: '2035-01-01' },
      ],
    });
    expect(fields).toEqual({
      ...base,
      document_type: 'passport',
      document_number: 'NEW',
      document_country: 'PT',
      document_expires_at: '2031-05-05',
    });
  });

  it('falls back to the RG, then CNH or another document, never a visa; nothing when none', () => {
    const doc = (type: string, number: string) => ({ type, number, country: null, expires_at: null });
    expect(paxFieldsFromClient({ ...base, documents: [doc('cnh', 'C'), doc('rg', 'R')] }).document_number).toBe('R');
    expect(paxFieldsFromClient({ ...base, documents: [doc('visa', 'V'), doc('cnh', 'C')] })).toMatchObject({
      document_type: 'cnh',
      document_number: 'C',
    });
    expect(paxFieldsFromClient({ ...base, documents: [doc('visa', 'V')] })).toMatchObject({
      document_type: null,
      document_number: null,
      document_country: null,
      document_expires_at: null,
    });
  });
});

describe('passportWarning', () => {
  it('flags a passport ending before the departure, with the departure as the limit', () => {
    expect(passportWarning('2027-07-09', '2027-07-10', '2027-07-24')).toEqual({
      issue: 'expires_before_trip',
      expires_at: '2027-07-09',
      limit_date: '2027-07-10',
    });
  });

  it('flags one ending less than six months after the return (the departure without a return)', () => {
    expect(passportWarning('2028-01-23', '2027-07-10', '2027-07-24')).toEqual({
      issue: 'expires_within_6_months',
      expires_at: '2028-01-23',
      limit_date: '2028-01-24',
    });
    expect(passportWarning('2028-01-24', '2027-07-10', '2027-07-24')).toBeNull();
    expect(passportWarning('2027-12-01', '2027-07-10', null)).toMatchObject({ limit_date: '2028-01-10' });
    // Six months from a month's last day end on the shorter month's last day.
    expect(passportWarning('2027-02-27', '2026-08-01', '2026-08-31')).toMatchObject({ limit_date: '2027-02-28' });
  });

  it('checks nothing without an expiry or trip dates', () => {
    expect(passportWarning(null, '2027-07-10', '2027-07-24')).toBeNull();
    expect(passportWarning('2020-01-01', null, null)).toBeNull();
  });
});

describe('the visa table', () => {
  it('declares 40 countries by ISO code, each with a requirement and a name', () => {
    const codes = Object.keys(VISA_TABLE);
    expect(codes).toHaveLength(40);
    for (const code of codes) {
      expect(COUNTRY_CODES).toContain(code);
      expect(VISA_TABLE[code]?.name).toBeTruthy();
    }
  });

  it('answers with the source and its date, "unknown" off the table, nothing within Brazil', () => {
    expect(visaCheck('US')).toMatchObject({ requirement: 'visa', country_name: 'Estados Unidos', checked_at: '2025-06-01' });
    expect(visaCheck('AR')).toMatchObject({ requirement: 'none', id_card: true });
    expect(visaCheck('KR')).toMatchObject({ requirement: 'unknown', country_name: null, note: null, source: expect.any(String) });
    expect(visaCheck('BR')).toBeNull();
    expect(visaCheck(null)).toBeNull();
  });
});

describe('minorReminders', () => {
  const pax = (id: number, client_id: number | null, over: Partial<Parameters<typeof minorReminders>[0][number]> = {}) => ({
    id,
    name: `P${id}`,
    position: id,
    client_id,
    age_group: 'adult' as const,
    age: null,
    birth_date: null,
    document_type: null,
    document_number: null,
    document_expires_at: null,
    ...over,
  });
  const abroad = { start_date: '2027-07-10', destination_country: 'PT' };
  const domestic = { start_date: '2027-07-10', destination_country: 'BR' };
  const today = '2026-11-28';
  const child = pax(3, 30, { age_group: 'child', birth_date: '2020-02-10' });
  const mother = pax(1, 10);
  const father = pax(2, 20);
  // The mother saved the child as her child; the child saved the father as its parent.
  const links = [
    { client_id: 10, companion_client_id: 30, relationship: 'child' },
    { client_id: 30, companion_client_id: 20, relationship: 'parent' },
  ];

  it('abroad: a minor needs both parents on the list, known from either side of the companions', () => {
    expect(minorReminders([mother, father, child], abroad, links, today)).toEqual([]);
    expect(minorReminders([mother, child], abroad, links, today)).toEqual([
      { pax_id: 3, name: 'P3', position: 3, age: 7, rule: 'abroad', parents_travelling: 1 },
    ]);
    // A spouse is not a parent.
    expect(
      minorReminders([mother, father, child], abroad, [{ client_id: 10, companion_client_id: 30, relationship: 'spouse' }], today),
    ).toHaveLength(1);
  });

  it('within Brazil: under 16, one parent is enough; 16 and 17 travel alone', () => {
    expect(minorReminders([mother, child], domestic, links, today)).toEqual([]);
    expect(minorReminders([child], domestic, links, today)).toMatchObject([{ rule: 'domestic', parents_travelling: 0 }]);
    const sixteen = pax(4, null, { age: 16 });
    expect(minorReminders([sixteen], domestic, [], today)).toEqual([]);
    expect(minorReminders([sixteen], abroad, [], today)).toMatchObject([{ age: 16, rule: 'abroad' }]);
  });

  it('without an age, a child or infant is a minor; an unnamed adult is not', () => {
    const reminders = minorReminders([pax(5, null, { age_group: 'infant' }), pax(6, null)], abroad, [], today);
    expect(reminders).toEqual([{ pax_id: 5, name: 'P5', position: 5, age: null, rule: 'abroad', parents_travelling: 0 }]);
  });

  it('ages by the birth date at the departure, today without one', () => {
    const turning = pax(7, null, { birth_date: '2009-07-11' });
    expect(minorReminders([turning], abroad, [], today)).toMatchObject([{ age: 17 }]);
    expect(minorReminders([turning], { start_date: null, destination_country: 'PT' }, [], '2027-07-11')).toEqual([]);
  });
});

describe('travelChecks', () => {
  it('puts the passengers’ passports, the visa and the minors together, in the passengers’ order', () => {
    const result = travelChecks(
      { start_date: '2027-07-10', end_date: '2027-07-24', destination_country: 'US' },
      [
        {
          id: 2,
          name: 'Ana',
          position: 1,
          client_id: null,
          age_group: 'child',
          age: 7,
          birth_date: null,
          document_type: 'passport',
          document_number: 'P2',
          document_expires_at: '2027-08-01',
        },
        {
          id: 1,
          name: 'Bruno',
          position: 0,
          client_id: null,
          age_group: 'adult',
          age: null,
          birth_date: null,
          document_type: 'rg',
          document_number: 'R1',
          document_expires_at: '2020-01-01',
        },
      ],
      [],
      '2026-11-28',
    );
    expect(result.passports).toEqual([
      {
        pax_id: 2,
        name: 'Ana',
        position: 1,
        document_number: 'P2',
        issue: 'expires_within_6_months',
        expires_at: '2027-08-01',
        limit_date: '2028-01-24',
      },
    ]);
    expect(result.visa?.requirement).toBe('visa');
    expect(result.minors.map((m) => m.pax_id)).toEqual([2]);
  });
});
