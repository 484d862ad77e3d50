// Data for the web app's unit tests (*.test.ts); the app itself never imports this file.
import type { Subscription } from '@app/shared/billing';
import { NO_FEATURES } from '@app/shared/constants';

/** An active subscription of the paid plan, as GET /api/subscription/current answers it; `fields` override. */
export const subscription = (fields: Partial<Subscription>): Subscription => ({
  plan_id: 2,
  plan_name: 'Plano Profissional',
  amount_cents: 14_990,
  is_free_plan: false,
  status: 'active',
  status_plan: 'active',
  features: NO_FEATURES,
  current_period_end: null,
  trial_ends_at: null,
  is_valid_for_features: true,
  days_remaining: 0,
  ...fields,
});
