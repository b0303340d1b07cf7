/**
 * A process-wide counter bumped after every API write (app.ts): the engine's per-bot graph cache compares it
 * instead of asking the database on each update, so the hot path stays free of queries while an edit in the
 * editor (or the enabled toggle) still takes effect on the next update.
 */
let generation = 0;

export const flowGeneration = () => generation;

export function bumpFlowGeneration(): void {
  generation += 1;
}
