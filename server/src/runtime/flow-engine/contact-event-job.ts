/**
 * A contact event whose flows must not be lost (docs/decisions.md#scale-out): a contact the journal created or changed
 * (trigger_contact_created/updated; enqueued in the journal's flush transaction, with the contact itself, so a kill
 * after the flush cannot lose the start), or one that reached an instance not running the bot: a console edit
 * (trigger_contact_updated) or an entry through a funnel's link (trigger_contact_from_funnel). The flows it starts
 * must run in the bot's owner, beside the bot's updates and the engine's state there, so the event is a job
 * scoped to the bot (only the process running it claims it, as `flow.resume`), committed before the request
 * answers: durable where a NOTIFY could be lost. An event that waited longer than STALE_MS (the bot stopped
 * meanwhile and came back later) is dropped: a flow must not answer an edit made long ago.
 */
import { z } from 'zod';
import { WATCH_FIELDS } from '@shared/flows/node-configs.ts';
import { jobKind } from '../../jobs/queue.ts';

export const STALE_MS = 10 * 60_000;

export const contactEventJob = jobKind('flow.contact-event', z.object({
  /** When the event happened (ISO): older than STALE_MS when claimed, it is dropped. */
  at: z.string(),
  change: z.object({
    botId: z.string(),
    telegramId: z.number(),
    /** The journal created the contact (trigger_contact_created); absent for console edits and funnel entries. */
    created: z.boolean().optional(),
    changedFields: z.array(z.enum(WATCH_FIELDS)),
    firstName: z.string(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    chat: z.object({
      id: z.number(),
      type: z.enum(['private', 'group', 'supergroup', 'channel']),
      title: z.string().optional(),
    }),
    funnelId: z.string().optional(),
  }),
}));

export type ContactEvent = z.output<typeof contactEventJob.payload>;
