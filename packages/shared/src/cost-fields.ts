// The answer schemas' side of costs.ts: a cost field is declared optional, so the REST document
// tells a client it may be absent (the agency's "quem vê custos e margens" keeps it from some users).
import { COST_FIELDS } from './costs';
import type { z } from './zod';

type CostField = (typeof COST_FIELDS)[number];

/** One of COST_FIELDS in an answer schema. */
export const costField = <T extends z.ZodType>(schema: T) =>
  schema.optional().describe('Ausente para quem a agência não deixa ver custos e margens (configuração "quem vê custos e margens").');

/** T as an answer carries it: its COST_FIELDS optional at any depth. */
export type WithCostsOptional<T> = T extends readonly (infer U)[]
  ? WithCostsOptional<U>[]
  : T extends object
    ? { [K in keyof T as K extends CostField ? never : K]: WithCostsOptional<T[K]> } & {
        [K in keyof T as K extends CostField ? K : never]?: T[K];
      }
    : T;

/** T with its COST_FIELDS present at any depth: an answer to a user who sees costs. */
export type WithCosts<T> = T extends readonly (infer U)[]
  ? WithCosts<U>[]
  : T extends object
    ? { [K in keyof T as K extends CostField ? never : K]: WithCosts<T[K]> } & {
        [K in keyof T as K extends CostField ? K : never]-?: Exclude<T[K], undefined>;
      }
    : T;

/**
 * Whether an answer came with its cost fields (the API strips them all together, costs.ts), so a
 * screen narrows the answer it renders instead of asserting each field.
 */
export function costsShown<T extends object>(answer: T): answer is WithCosts<T> & T {
  return Object.keys(answer).some((key) => (COST_FIELDS as readonly string[]).includes(key));
}
