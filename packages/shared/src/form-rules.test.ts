import { describe, expect, it } from 'vitest';
import { FORM_RULE_MESSAGES, parseRules, validateField, validateForm } from './form-rules';

describe('form rules (section 5)', () => {
  it('parses pipe-separated rules with parameters', () => {
    expect(parseRules('required|minmax:2,120')).toEqual([
      { name: 'required', params: [] },
      { name: 'minmax', params: ['2', '120'] },
    ]);
  });

  it('required fails on empty string, null and undefined', () => {
    for (const v of ['', '   ', null, undefined]) expect(validateField(v, 'required')).toBe('Preencha este campo');
    expect(validateField('x', 'required')).toBeNull();
  });

  it('email checks the format, several addresses only with the multiple option', () => {
    expect(validateField('ana@agencia.com', 'email')).toBeNull();
    expect(validateField('ana@', 'email')).toBe('Formato de email inválido');
    expect(validateField('a@b.com, c@d.com', 'email')).toBe('Formato de email inválido');
    expect(validateField('a@b.com, c@d.com', 'email:multiple')).toBeNull();
    expect(validateField('a@b.com, c@', 'email:multiple')).toBe('Formato de email inválido');
  });

  it('min and minmax', () => {
    expect(validateField('1234567', 'min:8')).toBe('Campo incompleto');
    expect(validateField('12345678', 'min:8')).toBeNull();
    expect(validateField('a', 'minmax:2,5', { field: 'Nome' })).toBe(
      'The Nome field must have at least 2 characters and 5 characters at most',
    );
    expect(validateField('abcdef', 'minmax:2,5', { field: 'Nome' })).not.toBeNull();
    expect(validateField('abc', 'minmax:2,5')).toBeNull();
  });

  it('stops at the first failure', () => {
    expect(validateField('', 'required|email|min:8')).toBe(FORM_RULE_MESSAGES.required);
    expect(validateField('abc', 'required|email|min:8')).toBe(FORM_RULE_MESSAGES.email);
  });

  it('skips empty optional fields', () => {
    expect(validateField('', 'email|min:3')).toBeNull();
    expect(validateField(undefined, 'minmax:2,5')).toBeNull();
  });

  it('confirmed compares with another field', () => {
    const values = { password: 'segredo123', password_confirmation: 'outra' };
    expect(validateField(values.password_confirmation, 'required|confirmed:password', { values })).toBe('As senhas não conferem');
    expect(validateField('segredo123', 'confirmed:password', { values })).toBeNull();
  });

  it('validateForm returns only failing fields', () => {
    const errors = validateForm({ email: 'x', name: 'Ana' }, { email: 'required|email', name: 'required' });
    expect(errors).toEqual({ email: 'Formato de email inválido' });
  });
});
