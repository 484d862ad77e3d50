-- The budgets list's destination_is filter (a dashboard top destination): the agency's budgets of
-- exactly that destination, case and outer spaces aside, without walking the agency's budgets.
-- An expression index, so it is not in schema.prisma.
CREATE INDEX "budgets_destination_is_idx" ON "budgets" ("company_id", lower(btrim("destination")));
