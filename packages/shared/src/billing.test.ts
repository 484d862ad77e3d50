import { describe, expect, it } from 'vitest';
import { subdomainField } from './auth';
import { createCheckoutSessionInput, createPlanInput, findFreePlan, findPaidPlan, PAID_PLAN_NOT_FOUND } from './billing';
import { NO_FEATURES } from './constants';

const plans = [
  { id: 3, amount_cents: 29_990 },
  { id: 1, amount_cents: 0 },
  { id: 2, amount_cents: 14_990 },
];

describe('plan lookups', () => {
  it('the free plan is the one with amount_cents 0; the upgrade goes to the first paid one', () => {
    expect(findFreePlan(plans)?.id).toBe(1);
    expect(findPaidPlan(plans)?.id).toBe(3);
    expect(findFreePlan(plans.filter((p) => p.amount_cents > 0))).toBeNull();
    expect(findPaidPlan(plans.filter((p) => p.amount_cents === 0))).toBeNull();
    expect(PAID_PLAN_NOT_FOUND).toContain('suporte');
  });
});

describe('contracts', () => {
  it('checkout takes plan_id, or planId as one client sends it, and an e-mail', () => {
    expect(createCheckoutSessionInput.parse({ plan_id: '2', email: 'Dono@Demo.test' })).toEqual({ plan_id: 2, email: 'dono@demo.test' });
    expect(createCheckoutSessionInput.parse({ planId: 2, email: 'dono@demo.test' })).toMatchObject({ planId: 2 });
    const missing = createCheckoutSessionInput.safeParse({ email: 'dono@demo.test' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.'))).toEqual(['plan_id']);
  });

  it('a subdomain is lowercase letters, digits and hyphens, and not a reserved name', () => {
    expect(subdomainField.parse(' Minha-Agencia ')).toBe('minha-agencia');
    for (const bad of ['-x', 'x-', 'a', 'com espaço', 'www', 'api']) expect(subdomainField.safeParse(bad).success, bad).toBe(false);
  });

  it('a free plan has no trial', () => {
    const free = createPlanInput.safeParse({ plan: { name: 'Grátis', amount_cents: 0, trial_days: 7, features: NO_FEATURES } });
    expect(free.error?.issues.map((i) => i.path.join('.'))).toEqual(['plan.trial_days']);
    expect(createPlanInput.parse({ plan: { name: 'Pago', amount_cents: 100, features: NO_FEATURES } }).plan).toMatchObject({
      trial_days: 0,
      is_public: true,
    });
  });
});
