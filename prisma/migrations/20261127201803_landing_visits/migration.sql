-- Views count visits: a read counts only as the first of one visitor in 30 minutes, the visitor
-- being a keyed hash of the IP and user agent kept on the view row (visitor_key).
-- Old rows stay as they were, one per read, with no key (they count in landing_views_count and
-- the recent list but not among the unique visitors), and landing_views_count is not recomputed.
ALTER TABLE "budget_landing_views" ADD COLUMN     "visitor_key" TEXT;

-- The visitor latest view of the budget (is a read a new visit) and the unique visitors.
CREATE INDEX "budget_landing_views_budget_id_visitor_key_viewed_at_idx" ON "budget_landing_views"("budget_id", "visitor_key", "viewed_at" DESC);
