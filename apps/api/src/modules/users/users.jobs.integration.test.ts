import { describe, expect, it } from 'vitest';
import { DEMO, linkToken, useTestApp } from '../../../test/harness';
import { registrationMailJob } from './users.jobs';

const t = useTestApp();

describe('the registration mail job', () => {
  it("holds the new user's id only, and the link it mails confirms the registration", async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const email = `registro-${Date.now()}@demo.test`;
    const created = await t.call('POST', '/api/users', {
      token: owner,
      body: { user: { name: 'Nova Pessoa', email, role: 'colaborador' } },
    });
    expect(created.statusCode).toBe(200);
    const [mail] = await t.mailsTo(email);
    const token = linkToken(mail?.text ?? '', '/registration/activate-user');

    const stored = await t.platform.jobs.stored(registrationMailJob.name);
    expect(stored).toEqual([{ user_id: created.json().id }]);
    expect(JSON.stringify(stored)).not.toContain(token);

    const activated = await t.call('POST', `/api/registration/activate-user/${token}`, {
      body: { password: 'primeira123', password_confirmation: 'primeira123' },
    });
    expect(activated.statusCode).toBe(200);
    expect((await t.call('POST', '/api/login', { body: { email, password: 'primeira123' } })).statusCode).toBe(200);
  });
});
