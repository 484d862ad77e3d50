// The demo data of `npm start` (SEED_SAMPLE_CRM): its budget is sent, so a customer opens its landing page.
import { seedSampleCrm } from '@app/db/seed';
import type { LandingPage } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../test/harness';
import { documentCipherOf } from './document-numbers';
import { seedSampleBudgets } from './sample-budgets';

const t = useTestApp();

describe('seedSampleBudgets', () => {
  it("makes a sent budget whose landing page shows the agency's contact and a Pix code", async () => {
    await seedSampleCrm(t.deps.db);
    await seedSampleBudgets(t.deps.db, documentCipherOf(t.deps.config));
    const budget = await t.deps.db.budget.findFirstOrThrow({
      where: { company: { name: DEMO.companies.demo } },
      select: { status: true, sentAt: true, landingPageId: true },
    });
    expect(budget.status).toBe('sent');
    expect(budget.sentAt).toBeInstanceOf(Date);
    const res = await t.call('GET', `/api/budgets/landing-page/${budget.landingPageId}`);
    expect(res.statusCode, res.body).toBe(200);
    const page: LandingPage = res.json();
    expect(page.agency).toMatchObject({ name: DEMO.companies.demo, email: 'contato@agenciademo.com.br', city: 'São Paulo', state: 'SP' });
    expect(page.proposals[0]?.services.length).toBeGreaterThan(0);
    const pix = page.proposals[0]?.payment_options.find((o) => o.kind === 'pix')?.pix;
    expect(pix?.br_code).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(pix?.amount_cents).toBe(page.proposals[0]?.totals?.sale_cents);
  });
});
