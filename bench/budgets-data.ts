// Sizes and credentials of the budgets benchmark data (bench/generate-budgets.ts writes it, bench/budgets.ts reads it).
export const BUDGETS_BENCH = {
  password: 'bench12345',
  owner: 'dono@orcamentos.bench',
  bigAgency: 'Agência Orçamentos (bench)',
  budgets: Number(process.env.BENCH_BUDGETS ?? 100_000),
  proposalsPerBudget: 3,
  servicesPerProposal: 6,
  /** Two budgets per attendance on average, as agents quote twice before a sale. */
  attendances: Number(process.env.BENCH_ATTENDANCES ?? 50_000),
  clients: Number(process.env.BENCH_CLIENTS ?? 20_000),
  users: 20,
  smallAgencies: 20,
  smallBudgets: 1_000,
};
