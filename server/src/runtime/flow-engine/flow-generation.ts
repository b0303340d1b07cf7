/**
 * A counter bumped after every API write (through BotRuntime.flowsChanged): the engine's per-bot graph cache
 * compares it instead of asking the database on each update, so the hot path stays free of queries while an edit
 * in the editor (or the enabled toggle) still takes effect on the next update. One per bot runtime, built by it.
 */
export function createFlowGeneration() {
  let generation = 0;
  return {
    current: () => generation,
    bump(): void {
      generation += 1;
    },
  };
}

export type FlowGeneration = ReturnType<typeof createFlowGeneration>;
