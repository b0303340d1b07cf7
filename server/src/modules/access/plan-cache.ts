/**
 * The plan a public webhook URL names, kept in memory for a few seconds (docs/decisions.md#paid-access): every
 * delivery reads it before anything else, and a gateway's burst would otherwise read the same row thousands of
 * times a second. Every write of a plan (plan-repository.ts, stars-repository.ts) forgets it here, and for a while
 * after that this process reads it fresh each time, so a load racing the writer's uncommitted transaction cannot
 * keep the old row. Another instance's copy lives at most TTL_MS: a rotated token or an archived plan holds there
 * within that bound.
 */
import type { PlanRow } from './plan-repository.ts';

const TTL_MS = 5_000;
const MAX_PLANS = 5_000;

export type AnyPlan = PlanRow & { userId: string };

const entries = new Map<string, { plan: AnyPlan; at: number }>();
const fresh = new Map<string, number>();

/** The plan from memory when read in the last TTL_MS, else from `load` (undefined: no such plan, not kept). */
export async function cachedPlan(planId: string, load: () => Promise<AnyPlan | undefined>, now = Date.now()): Promise<AnyPlan | undefined> {
  const entry = entries.get(planId);
  if (entry && now - entry.at < TTL_MS) return entry.plan;
  const value = await load();
  const forgotten = fresh.get(planId);
  if (forgotten !== undefined && now - forgotten < TTL_MS) return value;
  fresh.delete(planId);
  entries.delete(planId);
  if (value === undefined) return value;
  if (entries.size >= MAX_PLANS) entries.delete(entries.keys().next().value ?? '');
  entries.set(planId, { plan: value, at: now });
  return value;
}

/** A plan was written: drop its copy and read it fresh for TTL_MS (its transaction may not have committed yet). */
export function forgetPlan(planId: string, now = Date.now()) {
  entries.delete(planId);
  if (fresh.size >= MAX_PLANS) for (const [id, at] of fresh) if (now - at >= TTL_MS) fresh.delete(id);
  fresh.set(planId, now);
}
