// The agent's tips on a budget's destination (indicações): POST /api/recommendations,
// GET/PUT/DELETE /api/recommendations/{id}.
import { RecommendationCategory } from '@app/db/browser';
import { idParam, recordIdField } from './pagination';
import { z } from './zod';

export type { RecommendationCategory };
export const RECOMMENDATION_CATEGORIES = Object.values(RecommendationCategory) as [RecommendationCategory, ...RecommendationCategory[]];
export const RECOMMENDATION_CATEGORY_LABELS: Record<RecommendationCategory, string> = {
  restaurant: 'Restaurante',
  tour: 'Passeio',
  document: 'Documento',
  tip: 'Dica',
  other: 'Outro',
};

const recommendationFields = {
  category: z.enum(RECOMMENDATION_CATEGORIES),
  title: z.string().trim().min(2).max(160),
  description: z.string().trim().max(4000).nullable().optional(),
  url: z
    .url({ protocol: /^https?$/ })
    .max(500)
    .nullable()
    .optional(),
  /** The place among the budget's recommendations (0 first); left out, last (on create) or where it is. */
  position: z.number().int().min(0).max(999).optional(),
};

export const createRecommendationInput = z.object({ budget_id: recordIdField(), ...recommendationFields }).strict();
export type CreateRecommendationInput = z.infer<typeof createRecommendationInput>;

/** PUT /api/recommendations/{id}: every field again (position optional). */
export const updateRecommendationInput = idParam.extend(recommendationFields).strict();
export type UpdateRecommendationInput = z.infer<typeof updateRecommendationInput>;

export const recommendationSchema = z.object({
  id: z.number().int(),
  budget_id: z.number().int(),
  category: z.enum(RECOMMENDATION_CATEGORIES),
  title: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  position: z.number().int(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const recommendationDeletedOutput = z.object({ id: z.number().int(), deleted: z.literal(true) });
