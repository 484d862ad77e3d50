// The plan PostgreSQL really runs for a statement the API sends: prepared under a name and executed
// six times (five custom plans, then maybe a generic one) before EXPLAIN (ANALYZE, BUFFERS).
import pg from 'pg';

const literal = (v: unknown): string =>
  Array.isArray(v) ? `ARRAY[${v.map(literal).join(', ')}]` : typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

export type ExplainedPlan = { plan: string[]; cached: string; time: string };

export async function planExplainer(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    client,
    async explain(name: string, query: string, values: readonly unknown[]): Promise<ExplainedPlan> {
      for (let i = 0; i < 6; i++) await client.query({ name, text: query, values: [...values] });
      const args = values.length ? `(${values.map(literal).join(', ')})` : '';
      const explained = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}${args}`);
      const { rows } = await client.query<{ generic_plans: string }>('SELECT generic_plans FROM pg_prepared_statements WHERE name = $1', [
        name,
      ]);
      const plan = explained.rows.map((r) => r['QUERY PLAN']);
      return {
        plan,
        cached: Number(rows[0]?.generic_plans) > 0 ? 'generic plan (cached)' : 'custom plan (planned per call)',
        time: plan.find((l) => l.startsWith('Execution Time')) ?? '',
      };
    },
    end: () => client.end(),
  };
}
