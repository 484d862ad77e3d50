import { describe, expect, it } from 'vitest';
import { activateRegistration, DEMO, inviteColaborador, linkToken, SUPER_ADMIN_FEATURE_SET, useTestApp } from '../../../test/harness';

const t = useTestApp();

describe('POST /api/login', () => {
  it('returns a token with the company, role and feature claims, and the profile', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: DEMO.users.owner, password: DEMO.password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ email: DEMO.users.owner, role: 'owner', company_name: 'Agência Demo' });
    expect(body.user).not.toHaveProperty('password_hash');
    expect(body).toMatchObject({ status_plan: 'active', subdomain: 'demo' });
    const claims = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ company_id: body.user.company_id, company_name: 'Agência Demo', role: 'owner' });
    expect(claims.features).toMatchObject({ d4sign: true, super_admin: false });
  });

  it('gives a super_admin the fixed feature set', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: DEMO.users.superAdmin, password: DEMO.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().features).toEqual(SUPER_ADMIN_FEATURE_SET);
  });

  it('refuses a wrong password with a 401 and a clear message', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: DEMO.users.owner, password: 'errada123' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'E-mail ou senha inválidos' });
  });

  it('answers bad input with 400 and field errors', async () => {
    const res = await t.call('POST', '/api/login', { body: { email: 'não-é-email', password: 12 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Houve um erro de sistema e não foi possível realizar a ação');
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('serves the same procedure over tRPC', async () => {
    const res = await t.call('POST', '/trpc/auth.login', { body: { email: DEMO.users.colaborador, password: DEMO.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.user.role).toBe('colaborador');
  });
});

describe('rate limiting', () => {
  const limited = useTestApp({ LOGIN_RATE_LIMIT: '3' });
  it('blocks the 4th failed attempt for the same e-mail with 429', async () => {
    const attempt = () => limited.call('POST', '/api/login', { body: { email: DEMO.users.admin, password: 'errada123' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toContain('Muitas tentativas');
  });
});

describe('password recovery', () => {
  it('e-mails a reset link that sets a new password once', async () => {
    const email = `reset-${Date.now()}@demo.test`;
    const { invite } = await inviteColaborador(t, 'Pessoa Reset', email);
    const regToken = linkToken(invite.text, '/registration/activate-user');
    expect((await activateRegistration(t, regToken, 'primeira123')).statusCode).toBe(200);

    const forgot = await t.call('POST', '/api/forgot/password', { body: { email } });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await t.mailsTo(email);
    expect(mail!.subject).toContain('redefinição de senha');
    const token = linkToken(mail!.text, '/definir-senha');

    const mismatch = await t.call('POST', '/api/reset/password', {
      body: { token, password: 'nova-senha-1', password_confirmation: 'outra' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.password_confirmation).toEqual(['As senhas não conferem']);

    const reset = await t.call('POST', '/api/reset/password', {
      body: { token, password: 'nova-senha-1', password_confirmation: 'nova-senha-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('POST', '/api/login', { body: { email, password: 'nova-senha-1' } })).statusCode).toBe(200);
    const again = await t.call('POST', '/api/reset/password', {
      body: { token, password: 'outra-senha-2', password_confirmation: 'outra-senha-2' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.token).toEqual(['Link inválido ou expirado.']);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const res = await t.call('POST', '/api/forgot/password', { body: { email: 'ninguem@nada.test' } });
    expect(res.statusCode).toBe(200);
    expect(await t.mailsTo('ninguem@nada.test')).toHaveLength(0);
  });
});

/** A confirmed colaborador of Agência Demo with its own password, so its tokens are its own. */
async function activeUser(prefix: string, password: string) {
  const email = `${prefix}-${Date.now()}@demo.test`;
  const { invite } = await inviteColaborador(t, 'Pessoa Sessão', email);
  const activated = await activateRegistration(t, linkToken(invite.text, '/registration/activate-user'), password);
  expect(activated.statusCode).toBe(200);
  return email;
}

async function login(email: string, password: string): Promise<string> {
  const res = await t.call('POST', '/api/login', { body: { email, password } });
  expect(res.statusCode).toBe(200);
  return res.json().token;
}

/** 200 or 401 on each transport: a REST procedure, the same over tRPC, and a plain route. */
async function statuses(token: string) {
  return [
    (await t.call('GET', '/api/profile', { token })).statusCode,
    (await t.call('GET', '/trpc/profile.get', { token })).statusCode,
    (await t.call('GET', '/api/attendances/consolidated/999999/file', { token })).statusCode,
  ];
}

describe('access tokens end on a password change or reset', () => {
  it('a change refuses every earlier token at once; the reply carries the one this device keeps', async () => {
    const email = await activeUser('troca', 'primeira123');
    const device = await login(email, 'primeira123');
    const otherDevice = await login(email, 'primeira123');
    expect(await statuses(device)).toEqual([200, 200, 404]);

    const changed = await t.call('POST', '/api/change/password', {
      token: device,
      body: { current_password: 'primeira123', password: 'segunda-456', password_confirmation: 'segunda-456' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Senha alterada com sucesso!', token: expect.any(String) });
    // Same second as the earlier tokens: the refusal cannot rest on when they were signed.
    for (const old of [device, otherDevice]) {
      expect(await statuses(old)).toEqual([401, 401, 401]);
      expect((await t.call('GET', '/api/profile', { token: old })).json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    }
    const kept = changed.json().token as string;
    expect(await statuses(kept)).toEqual([200, 200, 404]);
    expect((await t.call('GET', '/api/profile', { token: kept })).json()).toMatchObject({ user: { email }, token: null });

    expect((await t.call('POST', '/api/login', { body: { email, password: 'primeira123' } })).statusCode).toBe(401);
    expect(await statuses(await login(email, 'segunda-456'))).toEqual([200, 200, 404]);
    // The old token stays refused for its whole lifetime, even once the user has newer ones.
    expect(await statuses(device)).toEqual([401, 401, 401]);
  });

  it('a reset through the e-mailed link refuses every earlier token; a login after it works', async () => {
    const email = await activeUser('redefine', 'primeira123');
    const before = await login(email, 'primeira123');
    expect(await statuses(before)).toEqual([200, 200, 404]);

    await t.call('POST', '/api/forgot/password', { body: { email } });
    const [mail] = await t.mailsTo(email);
    const link = linkToken(mail!.text, '/definir-senha');
    const reset = await t.call('POST', '/api/reset/password', {
      body: { token: link, password: 'redefinida-1', password_confirmation: 'redefinida-1' },
    });
    expect(reset.statusCode).toBe(200);

    expect(await statuses(before)).toEqual([401, 401, 401]);
    expect(await statuses(await login(email, 'redefinida-1'))).toEqual([200, 200, 404]);
  });

  it('a wrong current password changes nothing: the token still works', async () => {
    const email = await activeUser('errada', 'primeira123');
    const token = await login(email, 'primeira123');
    const wrong = await t.call('POST', '/api/change/password', {
      token,
      body: { current_password: 'outra-senha', password: 'segunda-456', password_confirmation: 'segunda-456' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await statuses(token)).toEqual([200, 200, 404]);
  });
});

describe('registration', () => {
  it('deny marks the user denied and the link dies', async () => {
    const email = `deny-${Date.now()}@demo.test`;
    const { invite } = await inviteColaborador(t, 'Pessoa Nega', email);
    const token = linkToken(invite.text, '/registration/deny-user');
    expect((await t.call('GET', `/api/registration/${token}`)).json()).toMatchObject({ email, company_name: 'Agência Demo' });
    expect((await t.call('POST', `/api/registration/deny-user/${token}`, { body: {} })).statusCode).toBe(200);
    expect((await activateRegistration(t, token, 'qualquer123')).statusCode).toBe(400);
    const user = await t.deps.db.user.findUniqueOrThrow({ where: { email } });
    expect(user.status).toBe('denied');
  });
});

describe('profile', () => {
  it('GET /api/profile returns the profile fields; PATCH changes only allowed fields', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const res = await t.call('GET', '/api/profile', { token });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual([
      'days_remaining',
      'features',
      'sees_costs',
      'status_plan',
      'subdomain',
      'token',
      'user',
    ]);
    const patched = await t.call('PATCH', '/api/profile', { token, body: { name: 'Colab Renomeado' } });
    expect(patched.json().user.name).toBe('Colab Renomeado');
    const sneaky = await t.call('PATCH', '/api/profile', { token, body: { role: 'owner' } });
    expect(sneaky.statusCode).toBe(400);
    expect((await t.call('GET', '/api/profile', { token })).json().user.role).toBe('colaborador');
  });

  it('change password checks the current one', async () => {
    const token = await t.tokenFor(DEMO.users.outraOwner);
    const wrong = await t.call('POST', '/api/change/password', {
      token,
      body: { current_password: 'errada', password: 'nova-senha-9', password_confirmation: 'nova-senha-9' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toEqual(['está incorreta']);
  });
});

describe('platform routes', () => {
  it('GET /healthz checks the database', async () => {
    const res = await t.call('GET', '/healthz');
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('GET /api/openapi.json lists the REST routes', async () => {
    const doc = (await t.call('GET', '/api/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/login', '/users/{id}', '/users/reopen/{id}', '/companies/{id}/create-user']),
    );
  });

  it('every response carries a request id; 5xx-free error bodies', async () => {
    const res = await t.call('GET', '/api/users/999999');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, message: 'Não autorizado' });
  });
});
