import { describe, expect, it } from 'vitest';
import { DEMO, jobRun, linkToken, useTestApp } from '../../../test/harness';
import { smtpMailer } from '../../platform/mail';
import { passwordResetMailJob } from './auth.jobs';

const t = useTestApp();

describe('the password-reset mail job', () => {
  it("holds the user's id only, and the link it mails sets a new password", async () => {
    const email = DEMO.users.admin;
    const user = await t.deps.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    expect((await t.call('POST', '/api/forgot/password', { body: { email } })).statusCode).toBe(200);
    const [mail] = await t.mailsTo(email);
    const token = linkToken(mail?.text ?? '', '/definir-senha');

    const stored = await t.platform.jobs.stored(passwordResetMailJob.name);
    expect(stored).toEqual([{ user_id: user.id }]);
    expect(JSON.stringify(stored)).not.toContain(token);

    const reset = await t.call('POST', '/api/reset/password', {
      body: { token, password: 'nova-senha-9', password_confirmation: 'nova-senha-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.call('POST', '/api/login', { body: { email, password: 'nova-senha-9' } })).statusCode).toBe(200);
  });

  it('keeps no valid token when its mail cannot be sent (a retry mints a new one)', async () => {
    const user = await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador }, select: { id: true } });
    // A real SMTP adapter with nothing listening: the send fails as a down server makes it fail.
    const deps = { ...t.jobDeps(), mailer: smtpMailer('smtp://127.0.0.1:1', 'x@y.test') };
    await expect(passwordResetMailJob.handle({ user_id: user.id }, deps, jobRun())).rejects.toThrow();
    expect(await t.deps.db.authToken.count({ where: { userId: user.id } })).toBe(0);

    await passwordResetMailJob.handle({ user_id: user.id }, { ...deps, mailer: t.platform.mailer }, jobRun());
    expect(await t.deps.db.authToken.count({ where: { userId: user.id, purpose: 'password_reset' } })).toBe(1);
    const [mail] = await t.mailsTo(DEMO.users.colaborador);
    expect(mail?.text).toContain('/definir-senha/');
  });
});
