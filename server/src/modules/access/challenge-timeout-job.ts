/**
 * The deadline of a human check (join-challenge.ts): one durable job per puzzle, written with it, due when the
 * requester's time is up. Any instance may run it (the Bot API call goes through the bot's token wherever it runs).
 */
import { z } from 'zod';
import { jobKind } from '../../jobs/queue.ts';

export const challengeTimeoutJob = jobKind('access.challenge-timeout', z.object({ challengeId: z.uuid() }));
