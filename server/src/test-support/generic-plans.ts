/**
 * What PostgreSQL's cached generic plan of a statement reads (docs/stack-notes.md#plan-cache): the statements a
 * call really sends are captured through postgres.js's debug hook, each is prepared with
 * `plan_cache_mode = force_generic_plan`, and its plan's reads of the watched tables are listed, so a test can
 * require that a hot lookup reaches its rows by a key whatever the statistics say (run it on a fresh database).
 */
import type { Sql } from '../db/client.ts';

type Statement = { text: string; parameters: unknown[] };

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] };

/** The statements `run` sends through `sql`, as PostgreSQL receives them. */
async function sent(sql: Sql, run: () => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const options = sql.options as { debug?: unknown };
  options.debug = (_connection: number, text: string, parameters: unknown[]) => statements.push({ text, parameters });
  try {
    await run();
  } finally {
    options.debug = false;
  }
  return statements;
}

const literal = (value: unknown) => (value === null || value === undefined ? 'null' : `'${String(value).replaceAll("'", "''")}'`);

/** The generic plan PostgreSQL would cache for the statement (the one a prepared statement keeps after 5 runs). */
async function genericPlan(sql: Sql, statement: Statement): Promise<PlanNode> {
  return sql.begin(async (tx) => {
    await tx.unsafe('set local plan_cache_mode = force_generic_plan');
    await tx.unsafe(`prepare probe as ${statement.text}`);
    const [row] = await tx.unsafe<{ 'QUERY PLAN': [{ Plan: PlanNode }] }[]>(
      `explain (format json) execute probe(${statement.parameters.map(literal).join(', ')})`);
    await tx.unsafe('deallocate probe');
    const plan = row?.['QUERY PLAN'];
    return (typeof plan === 'string' ? JSON.parse(plan) : plan)[0].Plan;
  });
}

/** Every read of `tables` in the plan: how it reaches them ("Index Scan <index> <condition>"). */
function reads(node: PlanNode, tables: string[]): string[] {
  const own = node['Relation Name'] && tables.includes(node['Relation Name'])
    ? [`${node['Node Type']} ${node['Index Name'] ?? ''} ${node['Index Cond'] ?? ''}`]
    : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => reads(child, tables))];
}

/** The statements `run` sent and the reads of `tables` their generic plans make. */
export async function genericPlanReads(sql: Sql, tables: string[], run: () => Promise<unknown>) {
  const statements = await sent(sql, run);
  const plans = await Promise.all(statements.map((statement) => genericPlan(sql, statement)));
  return { statements: statements.length, reads: plans.flatMap((plan) => reads(plan, tables)) };
}
