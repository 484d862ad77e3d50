-- CreateEnum
CREATE TYPE "ServiceQuoteSource" AS ENUM ('day', 'budget', 'service');

-- AlterTable
ALTER TABLE "budgets" ADD COLUMN     "agent_rates" JSONB NOT NULL DEFAULT '{}';

-- The agent rates are one object of currency codes and rates, never a list nor a scalar
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_agent_rates_object" CHECK (jsonb_typeof("agent_rates") = 'object');

-- AlterTable
ALTER TABLE "services" ADD COLUMN     "quote_source" "ServiceQuoteSource" NOT NULL DEFAULT 'day';
