/**
 * A durable delay as a job (docs/decisions.md#background-jobs): `flow.resume` continues an execution after its
 * delay node. It is scoped to its bot, so only the process running that bot claims it; a bot that runs nowhere
 * keeps its delays waiting until it starts again, as a stopped bot should.
 */
import { z } from 'zod';
import { jobKind } from '../../jobs/queue.ts';

export const flowResumeJob = jobKind('flow.resume', z.object({ executionId: z.string(), botId: z.string(), nodeId: z.string() }));

export type FlowResume = z.output<typeof flowResumeJob.payload>;

/** The scope names the bot as 0510_jobs.sql's trigger does, which deletes a removed bot's jobs. */
export const botScope = (botId: string) => `bot:${botId}`;
