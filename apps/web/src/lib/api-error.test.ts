import { describe, expect, it } from 'vitest';
import { apiError, errorText, fieldErrors } from './api-error';

const trpcError = (data: unknown) => Object.assign(new Error('x'), { data });

describe('api errors (sections 5 and 8)', () => {
  it('reads the API body from error.data', () => {
    const err = apiError(trpcError({ status: 409, code: 'CONFLICT', message: 'Você não pode desativar o seu próprio usuário.' }));
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT', errors: {} });
  });

  it('treats an error without our body as a network failure (500)', () => {
    expect(apiError(new Error('Failed to fetch'))).toMatchObject({ status: 500, code: 'NETWORK' });
  });

  it('bar text: the first field error with a pt-BR field name; taken -> já está em uso', () => {
    const body = { status: 400, code: 'VALIDATION', message: 'x', errors: { 'user.email': ['has already been taken'] } };
    expect(errorText(apiError(trpcError(body)))).toBe('E-mail já está em uso');
    const wrong = { status: 400, code: 'VALIDATION', message: 'x', errors: { current_password: ['está incorreta'] } };
    expect(errorText(apiError(trpcError(wrong)))).toBe('Senha atual está incorreta');
  });

  it('bar text: a one-time link error reads on its own', () => {
    const body = { status: 400, code: 'VALIDATION', message: 'x', errors: { token: ['Link inválido ou expirado.'] } };
    expect(errorText(apiError(trpcError(body)))).toBe('Link inválido ou expirado.');
  });

  it('bar text: the catalogue message by status when no field error fits', () => {
    expect(errorText(apiError(trpcError({ status: 404, code: 'NOT_FOUND', message: 'Não encontrado' })))).toBe('Não encontrado');
    expect(errorText(apiError(trpcError({ status: 400, code: 'VALIDATION', message: 'x', errors: { name: ['x'] } })))).toBe(
      'Houve um erro de sistema e não foi possível realizar a ação',
    );
  });

  it('inline field errors by input name', () => {
    const body = {
      status: 400,
      code: 'VALIDATION',
      message: 'x',
      errors: { 'user.email': ['has already been taken'], current_password: ['está incorreta'] },
    };
    expect(fieldErrors(trpcError(body))).toEqual({ email: 'Já está em uso', current_password: 'Está incorreta' });
  });
});
