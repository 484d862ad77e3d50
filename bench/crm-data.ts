// Sizes and credentials of the CRM benchmark data (bench/generate-crm.ts writes it, bench/crm.ts reads it).
export const BENCH = {
  password: 'bench12345',
  owner: 'dono@grande.bench',
  bigAgency: 'Agência Grande (bench)',
  attendances: Number(process.env.BENCH_ATTENDANCES ?? 200_000),
  clients: Number(process.env.BENCH_CLIENTS ?? 50_000),
  users: 20,
  tasks: Number(process.env.BENCH_TASKS ?? 20_000),
  smallAgencies: 50,
  smallAttendances: 1_000,
  smallClients: 250,
};
