import { describe, expect, it } from 'vitest';
import { DEMO, FIRST_OF_TWO_PAGES, useTestApp } from '../../../test/harness';

const t = useTestApp();

async function userId(email: string) {
  return (await t.deps.db.user.findUniqueOrThrow({ where: { email } })).id;
}

describe('GET /api/users', () => {
  it('lists only the caller company, paginated with the user fields', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const res = await t.call('GET', '/api/users?per_page=2&page=1', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination).toEqual(FIRST_OF_TWO_PAGES);
    expect(body.users.every((u: { company_name: string }) => u.company_name === 'Agência Demo')).toBe(true);
  });

  it('searches by name or e-mail, filters by role, and rejects bad queries', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const found = (await t.call('GET', '/api/users?search=ADMIN', { token })).json();
    expect(found.users.map((u: { email: string }) => u.email)).toEqual([DEMO.users.admin]);
    const byRole = (await t.call('GET', '/api/users?role=colaborador', { token })).json();
    expect(byRole.users.map((u: { email: string }) => u.email)).toEqual([DEMO.users.colaborador]);
    const bad = await t.call('GET', '/api/users?per_page=-1&status=nope', { token });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['per_page', 'status']);
  });
});

describe('user lifecycle by role', () => {
  it('owner creates, edits, deactivates and reactivates a user', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const email = `novo-${Date.now()}@demo.test`;
    const created = await t.call('POST', '/api/users', { token, body: { user: { name: 'Novo Agente', email, role: 'colaborador' } } });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ email, status: 'pending', company_name: 'Agência Demo' });
    const id = created.json().id;
    expect((await t.mailsTo(email))[0]?.subject).toContain('confirme seu cadastro');

    const edited = await t.call('PATCH', `/api/users/${id}`, { token, body: { user: { name: 'Agente Editado', role: 'administrador' } } });
    expect(edited.json()).toMatchObject({ name: 'Agente Editado', role: 'administrador' });
    expect((await t.call('DELETE', `/api/users/${id}`, { token })).json().status).toBe('inactive');
    expect((await t.call('PUT', `/api/users/reopen/${id}`, { token })).json().status).toBe('pending');
    // Never set a password: reactivation sends a fresh registration link.
    expect(await t.mailsTo(email)).toHaveLength(2);
  });

  it('refuses a taken e-mail with the taken message and creates nothing', async () => {
    const token = await t.tokenFor(DEMO.users.admin);
    const before = await t.deps.db.user.count();
    const res = await t.call('POST', '/api/users', {
      token,
      body: { user: { name: 'Duplicado', email: DEMO.users.outraOwner, role: 'colaborador' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['has already been taken'] });
    expect(await t.deps.db.user.count()).toBe(before);
  });

  it('refuses mass assignment of company_id, status or password', async () => {
    const token = await t.tokenFor(DEMO.users.owner);
    const outra = await t.deps.db.company.findFirstOrThrow({ where: { name: 'Agência Outra' } });
    const res = await t.call('POST', '/api/users', {
      token,
      body: {
        user: { name: 'Intruso', email: `intruso-${Date.now()}@demo.test`, role: 'colaborador', company_id: outra.id, status: 'active' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['user.company_id', 'user.status']);
  });

  it('colaborador cannot create, edit or deactivate (403)', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const adminId = await userId(DEMO.users.admin);
    expect(
      (await t.call('POST', '/api/users', { token, body: { user: { name: 'X Y', email: 'x@demo.test', role: 'colaborador' } } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('PATCH', `/api/users/${adminId}`, { token, body: { user: { name: 'Hack' } } })).statusCode).toBe(403);
    expect((await t.call('DELETE', `/api/users/${adminId}`, { token })).statusCode).toBe(403);
    expect((await t.deps.db.user.findUniqueOrThrow({ where: { id: adminId } })).name).toBe('Admin Demo');
  });

  it('administrador cannot touch an owner nor grant owner; nobody deactivates themself', async () => {
    const admin = await t.tokenFor(DEMO.users.admin);
    const ownerId = await userId(DEMO.users.owner);
    const colabId = await userId(DEMO.users.colaborador);
    expect((await t.call('DELETE', `/api/users/${ownerId}`, { token: admin })).statusCode).toBe(409);
    expect((await t.call('PATCH', `/api/users/${colabId}`, { token: admin, body: { user: { role: 'owner' } } })).statusCode).toBe(409);
    const self = await t.call('DELETE', `/api/users/${await userId(DEMO.users.admin)}`, { token: admin });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('Você não pode desativar o seu próprio usuário.');
  });

  it('a deactivated user is refused at once, even with a live token', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const email = `ativo-${Date.now()}@demo.test`;
    const id = (
      await t.call('POST', '/api/users', { token: owner, body: { user: { name: 'Temporário', email, role: 'colaborador' } } })
    ).json().id;
    await t.deps.db.user.update({
      where: { id },
      data: {
        status: 'active',
        passwordHash: (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).passwordHash,
      },
    });
    const token = await t.tokenFor(email);
    expect((await t.call('GET', '/api/profile', { token })).statusCode).toBe(200);
    await t.call('DELETE', `/api/users/${id}`, { token: owner });
    expect((await t.call('GET', '/api/profile', { token })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/login', { body: { email, password: DEMO.password } })).statusCode).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("another agency's token gets 404 on every user route and changes nothing", async () => {
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const colabId = await userId(DEMO.users.colaborador);
    const before = await t.deps.db.user.findUniqueOrThrow({ where: { id: colabId } });
    expect((await t.call('GET', `/api/users/${colabId}`, { token: outra })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/api/users/${colabId}`, { token: outra, body: { user: { name: 'Invadido' } } })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/users/${colabId}`, { token: outra })).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/users/reopen/${colabId}`, { token: outra })).statusCode).toBe(404);
    expect(await t.deps.db.user.findUniqueOrThrow({ where: { id: colabId } })).toEqual(before);
    const list = (await t.call('GET', '/api/users?per_page=100', { token: outra })).json();
    expect(list.users.map((u: { email: string }) => u.email)).toEqual([DEMO.users.outraOwner]);
  });

  it('companies: own company only; super_admin reaches any', async () => {
    const demoCompany = await t.deps.db.company.findFirstOrThrow({ where: { name: 'Agência Demo' } });
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const owner = await t.tokenFor(DEMO.users.owner);
    const root = await t.tokenFor(DEMO.users.superAdmin);
    expect((await t.call('GET', `/api/companies/${demoCompany.id}`, { token: outra })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/companies/${demoCompany.id}/users`, { token: outra })).statusCode).toBe(404);
    const before = await t.deps.db.user.count();
    const sneaky = await t.call('POST', `/api/companies/${demoCompany.id}/create-user`, {
      token: outra,
      body: { user: { name: 'Infiltrado', email: `inf-${Date.now()}@outra.test`, role: 'owner' } },
    });
    expect(sneaky.statusCode).toBe(404);
    expect(await t.deps.db.user.count()).toBe(before);
    expect((await t.call('GET', `/api/companies/${demoCompany.id}`, { token: owner })).json()).toMatchObject({
      name: 'Agência Demo',
      subdomain: 'demo',
    });
    expect(
      (await t.call('GET', `/api/companies/${demoCompany.id}/users`, { token: root })).json().pagination.total_count,
    ).toBeGreaterThanOrEqual(3);
    const made = await t.call('POST', `/api/companies/${demoCompany.id}/create-user`, {
      token: root,
      body: { user: { name: 'Criado Pelo Root', email: `root-made-${Date.now()}@demo.test`, role: 'colaborador' } },
    });
    expect(made.json()).toMatchObject({ company_name: 'Agência Demo', status: 'pending' });
  });
});
