import { describe, expect, it } from 'vitest';
import { parseFormBody } from './form-body';

describe('form bodies', () => {
  it('reads group[field] keys into one object per group, decoded', () => {
    expect(parseFormBody('access_log%5Buser_id%5D=3&access_log[controller]=cl%C3%ADnica&access_log[resource_id]=&x=1+2')).toEqual({
      access_log: { user_id: '3', controller: 'clínica', resource_id: '' },
      x: '1 2',
    });
  });

  it('keeps prototype names as plain own fields and repeated fields as lists', () => {
    const body = parseFormBody('__proto__[admin]=1&a[constructor]=2&b=1&b=2&c=1&c[d]=2');
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(Object.keys(body)).toEqual(['__proto__', 'a', 'b', 'c']);
    expect(Object.getOwnPropertyDescriptor(body.a as object, 'constructor')?.value).toBe('2');
    expect(body.b).toEqual(['1', '2']);
    expect(body.c).toEqual(['1', { d: '2' }]);
  });
});
