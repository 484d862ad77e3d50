import { describe, expect, it } from 'vitest';
import { completeTime, maskTime } from './TimeField';

describe('the time field', () => {
  it('puts the colon in as the digits come, whatever else is typed', () => {
    expect(['2', '22', '221', '2210', '22105', '22:10', '8h30'].map(maskTime)).toEqual([
      '2',
      '22',
      '22:1',
      '22:10',
      '22:10',
      '22:10',
      '83:0',
    ]);
  });

  it('reads a partly typed time when the field is left', () => {
    expect(['', '8', '08', '830', '0830', '2210', '22:1'].map(completeTime)).toEqual([
      '',
      '08:00',
      '08:00',
      '08:30',
      '08:30',
      '22:10',
      '22:1',
    ]);
  });
});
