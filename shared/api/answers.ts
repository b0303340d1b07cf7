/**
 * The small answers many routes share: a removal, a reset, an action with nothing to return, the probes. Each is
 * the whole success body (envelope included), as the route table documents it.
 */
import { z } from 'zod';
import { successEnvelope } from './envelope.ts';

export const deletedAnswerSchema = successEnvelope(z.object({ deleted: z.literal(true) }));

export const nothingAnswerSchema = successEnvelope(z.null());

export const resetAnswerSchema = successEnvelope(z.object({ reset: z.literal(true) }));

export const healthAnswerSchema = successEnvelope(z.object({ status: z.literal('ok') }));

export const readyAnswerSchema = successEnvelope(z.object({ status: z.literal('ready'), database: z.literal('up'), migrations: z.literal('done') }));

/** A removal that keeps the record for its history (a paid access plan with sales is archived, not deleted). */
export const archivedAnswerSchema = successEnvelope(z.object({ archived: z.literal(true) }));
