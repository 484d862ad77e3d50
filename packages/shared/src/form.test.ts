import { describe, expect, it } from 'vitest';
import { createAttendanceInput, updateAttendanceInput } from './attendances';
import { changePasswordInput, profileFormInput } from './auth';
import { createClientInput } from './clients';
import { MONEY_MAX_CENTS } from './crm-rules';
import { FORM_MESSAGES, fieldMessage, formSchema, inputLimitsOf, maxLengthOf } from './form';
import { emailListField, loginForm } from './login';
import { createUserInput } from './users';
import { z } from './zod';

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

/** Field path -> its first message, as the form library keeps them. */
function errors(schema: Parameters<typeof formSchema>[0], values: unknown, labels = {}): Record<string, string> {
  const result = formSchema(schema, labels)['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('forms validate synchronously');
  const out: Record<string, string> = {};
  for (const issue of (result.issues ?? []) as Issue[]) {
    const path = (issue.path ?? []).map((k) => (typeof k === 'object' ? k.key : k)).join('.');
    out[path] ??= issue.message;
  }
  return out;
}

const newClient = {
  kind: 'person',
  name: 'Ana Souza',
  cpf: '',
  email: '',
  phone: '',
  birth_date: null,
  notes: '',
  addresses: [{ postal_code: '', street: '', number: '', complement: '', neighborhood: '', city: '', state: '' }],
  contacts: [] as { name: string; relationship: string; phone: string; email: string }[],
  documents: [] as { type: string; number: string; issued_at: string | null; expires_at: string | null }[],
};

describe('form validation from the API schemas', () => {
  it('required: a blank, null or missing value', () => {
    expect(errors(loginForm, { email: '', password: '   ' })).toEqual({ email: 'Preencha este campo', password: 'Preencha este campo' });
    expect(errors(createUserInput, { user: { name: null, email: 'ana@agencia.com', phone: '', role: '' } })).toEqual({
      'user.name': 'Preencha este campo',
      'user.role': 'Preencha este campo',
    });
  });

  it('e-mail: the format, and several comma-separated addresses where a field takes them', () => {
    expect(errors(loginForm, { email: 'ana@', password: 'x' })).toEqual({ email: FORM_MESSAGES.email });
    expect(errors(loginForm, { email: 'marina@souza.c', password: 'x' })).toEqual({ email: 'Formato de email inválido' });
    expect(errors(loginForm, { email: ' Ana@Agencia.com ', password: 'x' })).toEqual({});
    const list = z.object({ to: emailListField });
    expect(errors(list, { to: 'a@b.com, c@d.com' })).toEqual({});
    expect(errors(list, { to: 'a@b.com, c@' })).toEqual({ to: 'Formato de email inválido' });
  });

  it('min: a text with only a minimum, or a secret, reads "Campo incompleto"', () => {
    expect(errors(z.object({ code: z.string().min(6) }), { code: '123' })).toEqual({ code: 'Campo incompleto' });
    const change = { current_password: 'atual', password: 'curta', password_confirmation: 'curta' };
    expect(errors(changePasswordInput, change)).toEqual({ password: 'Campo incompleto' });
  });

  it('minmax: a text with both bounds names the field by its label and the bounds of its schema, in pt-BR', () => {
    expect(errors(profileFormInput, { name: 'A', phone: '' }, { name: 'Nome' })).toEqual({
      name: 'O campo Nome deve ter no mínimo 2 e no máximo 120 caracteres',
    });
    expect(errors(createClientInput, { ...newClient, name: 'A' }, { name: 'Nome' })).toEqual({
      name: 'O campo Nome deve ter no mínimo 2 e no máximo 160 caracteres',
    });
    // Without a label the message names no field (never the API's key).
    expect(errors(createClientInput, { ...newClient, name: 'A' })).toEqual({ name: 'Deve ter no mínimo 2 e no máximo 160 caracteres' });
  });

  it('a rule changed in a schema changes the message, with nothing restated by the form', () => {
    const schema = (min: number, max: number) => z.object({ name: z.string().trim().min(min).max(max) });
    expect(errors(schema(2, 120), { name: 'A' }, { name: 'Nome' }).name).toContain('no mínimo 2 e no máximo 120 caracteres');
    expect(errors(schema(3, 60), { name: 'Ab' }, { name: 'Nome' }).name).toContain('no mínimo 3 e no máximo 60 caracteres');
    expect(errors(schema(3, 60), { name: 'Abc' })).toEqual({});
  });

  it('too long and out of range read in pt-BR, never in English', () => {
    expect(errors(z.object({ code: z.string().max(5) }), { code: '1234567' })).toEqual({ code: 'Deve ter no máximo 5 caracteres' });
    const attendance = { client_id: 1, title: 'Lua de mel', adults: 120, budget_max_cents: MONEY_MAX_CENTS + 1 };
    expect(errors(createAttendanceInput, attendance)).toEqual({
      adults: 'Deve ser no máximo 99',
      budget_max_cents: 'Deve ser no máximo R$ 20.000.000,00',
    });
    expect(errors(createAttendanceInput, { client_id: 1, title: 'Lua de mel', children: -1 })).toEqual({
      children: 'Deve ser no mínimo 0',
    });
    const positive = z.object({ nights: z.number().positive().lt(30) });
    expect(errors(positive, { nights: 0 })).toEqual({ nights: 'Deve ser maior que 0' });
    expect(errors(positive, { nights: 30 })).toEqual({ nights: 'Deve ser menor que 30' });
    for (const message of Object.values(FORM_MESSAGES)) expect(message).not.toMatch(/\b(the|must|field|too)\b/i);
  });

  it('the default message for any other rule; a message written to follow the field name reads after its label', () => {
    expect(errors(createUserInput, { user: { name: 'Ana', email: 'ana@agencia.com', role: 'super_admin' } })).toEqual({
      'user.role': 'Este campo não é válido',
    });
    expect(errors(createClientInput, { ...newClient, cpf: '123.456.789-00' }, { cpf: 'CPF' })).toEqual({ cpf: 'CPF não é válido' });
    expect(errors(changePasswordInput, { current_password: 'a', password: 'segredo123', password_confirmation: 'outra' })).toEqual({
      password_confirmation: 'As senhas não conferem',
    });
  });

  it('stops at the first failure of a field', () => {
    const long = `${'a'.repeat(250)}@b.com`;
    expect(errors(loginForm, { email: long, password: 'x' })).toEqual({ email: 'Deve ter no máximo 254 caracteres' });
  });

  it('skips empty optional fields and drops blank rows, placing row errors on the rows shown', () => {
    expect(errors(createClientInput, newClient)).toEqual({});
    const contacts = [
      { name: 'Carlos', relationship: '', phone: '', email: '' },
      { name: '', relationship: '', phone: ' ', email: '' },
      { name: 'Marina', relationship: '', phone: '', email: 'marina@' },
    ];
    const documents = [{ type: 'passport', number: '', issued_at: null, expires_at: null }];
    expect(errors(createClientInput, { ...newClient, contacts, documents })).toEqual({ 'contacts.2.email': 'Formato de email inválido' });

    const form = formSchema(createClientInput);
    const sent = form.parse({ ...newClient, contacts: [contacts[0], contacts[1]], documents });
    expect(sent).toMatchObject({ name: 'Ana Souza', cpf: null, email: null, addresses: [], documents: [] });
    expect(sent.contacts).toEqual([{ name: 'Carlos', relationship: null, phone: null, email: null }]);
    expect(form.formPath({ ...newClient, contacts }, 'contacts.1.email')).toBe('contacts.2.email');
    expect(form.formPath({ ...newClient, contacts }, 'user.email')).toBe('user.email');
  });

  it('a part of an optional group makes the rest of it required', () => {
    const address = { ...newClient.addresses[0], city: 'São Paulo' };
    const found = errors(createClientInput, { ...newClient, addresses: [address] });
    expect(found['addresses.0.street']).toBe('Preencha este campo');
    expect(found['addresses.0.city']).toBeUndefined();
  });

  it('an end date before the start: on the end date, with its label, also while other fields are in error', () => {
    const labels = { end_date: 'Fim da viagem', title: 'Título' };
    const trip = { client_id: 1, title: 'Lua de mel', start_date: '2030-05-10', end_date: '2030-05-01' };
    expect(errors(createAttendanceInput, trip, labels)).toEqual({ end_date: 'Fim da viagem deve ser igual ou posterior à data inicial' });
    expect(errors(createAttendanceInput, { ...trip, title: '' }, labels)).toEqual({
      title: 'Preencha este campo',
      end_date: 'Fim da viagem deve ser igual ou posterior à data inicial',
    });
    expect(errors(createAttendanceInput, { ...trip, end_date: '2030-05-10' }, labels)).toEqual({});
    // The API's own schema of an edit says the same.
    const edit = updateAttendanceInput.safeParse({ id: 1, start_date: '2030-05-10', end_date: '2030-05-01' });
    expect(edit.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['end_date', 'deve ser igual ou posterior à data inicial'],
    ]);
    expect(updateAttendanceInput.safeParse({ id: 1, end_date: '2030-05-01' }).success).toBe(true);
    // Not an object at all: refused as such, the rule does not run on nothing.
    expect(createAttendanceInput.safeParse(undefined).success).toBe(false);
  });

  it('a message of the API reads like the form\'s own: after the label, "taken" as "já está em uso"', () => {
    expect(fieldMessage('has already been taken', 'CPF')).toBe('CPF já está em uso');
    expect(fieldMessage('has already been taken')).toBe('Já está em uso');
    expect(fieldMessage('deve ser igual ou posterior à data inicial', 'Fim da viagem')).toBe(
      'Fim da viagem deve ser igual ou posterior à data inicial',
    );
    expect(fieldMessage('Formato do endereço de e-mail inválido', 'E-mail')).toBe('Formato do endereço de e-mail inválido');
  });

  it('a rule across the fields of a row lands on its field', () => {
    const documents = [{ type: 'passport', number: 'FX1', issued_at: '2030-01-01', expires_at: '2029-01-01' }];
    expect(errors(createClientInput, { ...newClient, documents }, { expires_at: 'Validade' })).toEqual({
      'documents.0.expires_at': 'Validade deve ser igual ou posterior à data de emissão',
    });
  });
});

describe('maxLengthOf', () => {
  it('reads the maximum of the text at a path of the form', () => {
    expect(maxLengthOf(createUserInput, 'user.name')).toBe(120);
    expect(maxLengthOf(createUserInput, 'user.email')).toBe(254);
    expect(maxLengthOf(createClientInput, 'contacts.0.relationship')).toBe(60);
    expect(maxLengthOf(createClientInput, 'notes')).toBe(5000);
    expect(maxLengthOf(createClientInput, 'birth_date')).toBeUndefined();
    expect(maxLengthOf(createClientInput, 'nothing.here')).toBeUndefined();
  });
});

describe('inputLimitsOf', () => {
  it('a text its maximum length, a number its inclusive range', () => {
    expect(inputLimitsOf(createUserInput, 'user.phone')).toEqual({ maxLength: 30 });
    expect(inputLimitsOf(createAttendanceInput, 'adults')).toEqual({ min: 0, max: 99 });
    expect(inputLimitsOf(createAttendanceInput, 'value_cents')).toEqual({ min: 0, max: MONEY_MAX_CENTS });
    expect(inputLimitsOf(createAttendanceInput, 'start_date')).toEqual({});
  });
});
