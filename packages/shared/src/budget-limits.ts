// How far a budget may grow. Zod-free: the web's editor reads the numbers too (it stops offering
// another segment or room at the limit).

const limit = (max: number, message: (max: string) => string) => ({ max, message: message(max.toLocaleString('pt-BR')) });

/**
 * The size limits of a budget's tree: far beyond any real trip (a budget of an agency's heaviest
 * customers holds a handful of proposals of a few dozen services), there so that no budget grows
 * without bound (99 duplicates of a proposal once made 10,000 services). Past a limit a write is a
 * 400 carrying `message`, and nothing of it is stored. Lists sent whole (segments, rooms,
 * passengers) are capped by their schemas; rows added one request at a time (proposals, services,
 * recommendations, comments) are counted by the API under the budget's lock. Budget texts have
 * their own caps in their schemas (observations 5,000 characters, notes and descriptions 4,000,
 * e-mail messages 2,000), and a contract template's body CONTRACT_TEMPLATE_LIMITS (contracts.ts).
 */
export const BUDGET_LIMITS = {
  /** Proposals of one budget (create, duplicate). */
  proposals: limit(20, (n) => `Um orçamento pode ter no máximo ${n} propostas.`),
  /** Services of one proposal, canceled ones included (create, duplicate, move, a proposal's copy). */
  servicesPerProposal: limit(200, (n) => `Uma proposta pode ter no máximo ${n} serviços.`),
  /** Services of one budget, over all its proposals. */
  servicesPerBudget: limit(2000, (n) => `Um orçamento pode ter no máximo ${n} serviços somando todas as propostas.`),
  /** Segments (trechos) of one air service. */
  segments: limit(30, (n) => `Um serviço aéreo pode ter no máximo ${n} trechos.`),
  /** Rooms of one hotel service (each line may stand for up to 50 alike rooms). */
  rooms: limit(20, (n) => `Uma hospedagem pode ter no máximo ${n} quartos diferentes.`),
  /** Named travellers of one budget. */
  paxes: limit(100, (n) => `Um orçamento pode ter no máximo ${n} passageiros.`),
  /** Recommendations (dicas) of one budget. */
  recommendations: limit(100, (n) => `Um orçamento pode ter no máximo ${n} recomendações.`),
  /** Comments on the total-value table of one budget. */
  financialComments: limit(500, (n) => `Um orçamento pode ter no máximo ${n} comentários na tabela de valores.`),
} as const;
export type BudgetLimitKey = keyof typeof BUDGET_LIMITS;
