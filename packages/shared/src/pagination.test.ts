import { describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, parseRecordId } from './constants';
import { idParam } from './pagination';

// Spellings that Number() or z.coerce read as 101: none of them is the record 101.
const OTHER_SPELLINGS = ['0x65', '0b1100101', '0o145', '101e0', '10.1e1', '+101', ' 101 ', '101\n', '101.0', '0101', '１０１', ''];

describe('record ids', () => {
  it('are the plain decimal digits of a positive int4, or a JSON number', () => {
    expect(idParam.parse({ id: '101' })).toEqual({ id: 101 });
    expect(idParam.parse({ id: 101 })).toEqual({ id: 101 });
    expect(idParam.parse({ id: String(MAX_RECORD_ID) })).toEqual({ id: MAX_RECORD_ID });
    expect(parseRecordId('101')).toBe(101);
  });

  it.each(OTHER_SPELLINGS)('refuse the spelling %j', (text) => {
    expect(idParam.safeParse({ id: text }).success).toBe(false);
    expect(parseRecordId(text)).toBeUndefined();
  });

  it('refuse zero, negatives, fractions and ids past int4', () => {
    for (const id of [0, -1, 101.5, MAX_RECORD_ID + 1, '0', '-1', String(MAX_RECORD_ID + 1), '99999999999'])
      expect(idParam.safeParse({ id }).success, String(id)).toBe(false);
    expect(parseRecordId(String(MAX_RECORD_ID + 1))).toBeUndefined();
  });
});
