import { describe, expect, it } from 'vitest';
import { activateRegistration, inviteColaborador, linkToken, useTestApp } from '../../../test/harness';
import { registrationMailJob } from './users.jobs';

const t = useTestApp();

describe('the registration mail job', () => {
  it("holds the new user's id only, and the link it mails confirms the registration", async () => {
    const email = `registro-${Date.now()}@demo.test`;
    const { created, invite } = await inviteColaborador(t, 'Nova Pessoa', email);
    const token = linkToken(invite.text, '/registration/activate-user');

    const stored = await t.platform.jobs.stored(registrationMailJob.name);
    expect(stored).toEqual([{ user_id: created.json().id }]);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await activateRegistration(t, token, 'primeira123')).statusCode).toBe(200);
    expect((await t.call('POST', '/api/login', { body: { email, password: 'primeira123' } })).statusCode).toBe(200);
  });
});
