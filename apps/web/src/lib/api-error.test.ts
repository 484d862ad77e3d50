import { SALE_MESSAGES } from '@app/shared/sales';
import { describe, expect, it } from 'vitest';
import { apiError, errorText, fieldLabel } from './api-error';

const trpcError = (data: unknown) => Object.assign(new Error('x'), { data });

describe('api errors', () => {
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

  it('field labels: a row of a list by its place and field; the list itself by its title', () => {
    expect(fieldLabel('user.email')).toBe('E-mail');
    expect(fieldLabel('contacts.1.email')).toBe('Contato 2 - E-mail');
    expect(fieldLabel('documents.0.expires_at')).toBe('Documento 1 - Validade');
    expect(fieldLabel('addresses.0.postal_code')).toBe('Endereço 1 - CEP');
    expect(fieldLabel('documents.2')).toBe('Documento 3');
    expect(fieldLabel('contacts')).toBe('Contatos');
    expect(fieldLabel('unknown_field')).toBeUndefined();
    // A form's own labels come first.
    expect(fieldLabel('end_date', { end_date: 'Fim da viagem' })).toBe('Fim da viagem');
    expect(fieldLabel('contacts.0.relationship', {})).toBe('Contato 1 - Relação');
  });

  it("bar text: a field's pt-BR name, never the API's key", () => {
    const taken = { status: 400, code: 'VALIDATION', message: 'x', errors: { cpf: ['has already been taken'] } };
    expect(errorText(apiError(trpcError(taken)))).toBe('CPF já está em uso');
    const dates = { status: 400, code: 'VALIDATION', message: 'x', errors: { end_date: ['deve ser igual ou posterior à data inicial'] } };
    expect(errorText(apiError(trpcError(dates)))).toBe('Data final deve ser igual ou posterior à data inicial');
    // A field without a known name: the message alone.
    const unknown = { status: 400, code: 'VALIDATION', message: 'x', errors: { cover_image_key: ['não é válido'] } };
    expect(errorText(apiError(trpcError(unknown)))).toBe('Não é válido');
  });

  it('bar text: an error on a row names the row', () => {
    const body = { status: 400, code: 'VALIDATION', message: 'x', errors: { 'contacts.1.email': ['não é válido'] } };
    expect(errorText(apiError(trpcError(body)))).toBe('Contato 2 - E-mail não é válido');
    const expiry = {
      status: 400,
      code: 'VALIDATION',
      message: 'x',
      errors: { 'documents.0.expires_at': ['deve ser igual ou posterior à data de emissão'] },
    };
    expect(errorText(apiError(trpcError(expiry)))).toBe('Documento 1 - Validade deve ser igual ou posterior à data de emissão');
  });

  it('bar text: a one-time link error reads on its own', () => {
    const body = { status: 400, code: 'VALIDATION', message: 'x', errors: { token: ['Link inválido ou expirado.'] } };
    expect(errorText(apiError(trpcError(body)))).toBe('Link inválido ou expirado.');
  });

  it('bar text: the catalogue message by status when no field error fits', () => {
    expect(errorText(apiError(trpcError({ status: 404, code: 'NOT_FOUND', message: 'Não encontrado' })))).toBe('Não encontrado');
    // A validation answer carries its status's message (apps/api error-body.ts): too short a field error reads as that.
    const generic = 'Houve um erro de sistema e não foi possível realizar a ação';
    expect(errorText(apiError(trpcError({ status: 400, code: 'VALIDATION', message: generic, errors: { name: ['x'] } })))).toBe(generic);
    expect(errorText(apiError(trpcError({ status: 409, code: 'CONFLICT', message: 'Solicitação conflitante' })))).toBe(
      'Solicitação conflitante',
    );
    // A body without a message: the catalogue.
    expect(errorText(apiError(trpcError({ status: 409, code: 'CONFLICT' })))).toBe('Solicitação conflitante');
  });

  it("bar text: the API's own message for a refused call, not only its status's text", () => {
    const soldFrozen = SALE_MESSAGES.soldFrozen;
    expect(errorText(apiError(trpcError({ status: 409, code: 'CONFLICT', message: soldFrozen })))).toBe(soldFrozen);
    expect(errorText(apiError(trpcError({ status: 400, code: 'BAD_REQUEST', message: 'Arquivo vazio.' })))).toBe('Arquivo vazio.');
    // A fitting field error still comes first.
    const both = { status: 400, code: 'VALIDATION', message: 'Confira os dados.', errors: { name: ['não pode ficar em branco'] } };
    expect(errorText(apiError(trpcError(both)))).toBe('Nome não pode ficar em branco');
    // A server failure never shows its cause, a network failure has no words of the server.
    expect(errorText(apiError(trpcError({ status: 500, code: 'INTERNAL', message: 'boom' })))).toBe(
      'Houve um erro de sistema e não foi possível realizar a ação',
    );
    expect(errorText(apiError(Object.assign(new Error('x'), { meta: { response: { status: 409 } } })))).toBe('Solicitação conflitante');
  });

  it("an action's own failure text: the server's words for a refused call, else the action's text", () => {
    const PAYMENT_SESSION_ERROR = 'Erro ao criar sessão de pagamento';
    const refused = { status: 422, code: 'UNPROCESSABLE', message: 'Plano indisponível para a sua agência' };
    expect(errorText(apiError(trpcError(refused)), PAYMENT_SESSION_ERROR)).toBe('Plano indisponível para a sua agência');
    // The status's own catalogue text says nothing more: the action's text.
    expect(errorText(apiError(trpcError({ status: 404, code: 'NOT_FOUND', message: 'Não encontrado' })), PAYMENT_SESSION_ERROR)).toBe(
      PAYMENT_SESSION_ERROR,
    );
    // Server failures and network failures: the action's text.
    expect(errorText(apiError(trpcError({ status: 500, code: 'INTERNAL', message: 'boom' })), PAYMENT_SESSION_ERROR)).toBe(
      PAYMENT_SESSION_ERROR,
    );
    expect(errorText(apiError(new Error('Failed to fetch')), PAYMENT_SESSION_ERROR)).toBe(PAYMENT_SESSION_ERROR);
  });
});
