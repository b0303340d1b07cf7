/**
 * Dashboard activity contract: GET /api/dashboard/activity?days=7|30|90&tz=America/Sao_Paulo. Daily series of a
 * user's activity, one row per day of the window in the caller's time zone (days without activity are zeros), and
 * the "agora" figures of this moment.
 */
import { z } from 'zod';
import { successEnvelope } from '../api/envelope.ts';
import { isTimeZone } from '../funnels/schemas.ts';

export const ACTIVITY_DAYS = [7, 30, 90] as const;
export type ActivityDays = (typeof ACTIVITY_DAYS)[number];

export const DASHBOARD_TEXTS = {
  daysInvalid: 'Período inválido: use 7, 30 ou 90 dias',
  timeZoneInvalid: 'Fuso horário inválido',
} as const;

/** The counted facts of a day; the order is the order of the screen's charts. */
export const ACTIVITY_METRICS = [
  'messagesReceived',
  'messagesSent',
  'newContacts',
  'channelJoins',
  'channelLeaves',
  'broadcastSent',
  'broadcastFailed',
  'funnelEntries',
  'revenueCents',
  'activeAccesses',
] as const;
export type ActivityMetric = (typeof ACTIVITY_METRICS)[number];

export const activityQuerySchema = z.object({
  days: z.coerce
    .number({ error: DASHBOARD_TEXTS.daysInvalid })
    .refine((value): value is ActivityDays => (ACTIVITY_DAYS as readonly number[]).includes(value), {
      error: DASHBOARD_TEXTS.daysInvalid,
    })
    .default(30),
  tz: z
    .string({ error: DASHBOARD_TEXTS.timeZoneInvalid })
    .max(64, { error: DASHBOARD_TEXTS.timeZoneInvalid })
    .refine(isTimeZone, { error: DASHBOARD_TEXTS.timeZoneInvalid })
    .default('UTC'),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

const count = z.number().int().nonnegative();

export const activityDaySchema = z.object({
  /** YYYY-MM-DD, the day in the caller's time zone. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  messagesReceived: count,
  messagesSent: count,
  newContacts: count,
  channelJoins: count,
  channelLeaves: count,
  broadcastSent: count,
  broadcastFailed: count,
  funnelEntries: count,
  /** Approved charges of paid access that day, in cents of BRL (docs/decisions.md#paid-access). */
  revenueCents: count,
  /** Paid accesses in force at the end of that day (begun and not ended: waiting for the buyer's link counts). */
  activeAccesses: count,
});
export type ActivityDay = z.infer<typeof activityDaySchema>;

/**
 * Unread conversations are counted up to this many: past it the figure is "999+" (a count of every one of tens of
 * thousands would cost more than the rest of the answer, and tells the operator nothing more).
 */
export const UNREAD_CONVERSATIONS_CAP = 1000;

export const activityNowSchema = z.object({
  /** At most UNREAD_CONVERSATIONS_CAP. */
  unreadConversations: count.max(UNREAD_CONVERSATIONS_CAP),
  broadcastsSending: count,
  /** Conversions API events not delivered whose last attempt failed (given up, or waiting for a retry). */
  pixelEventsFailing: count,
});
export type ActivityNow = z.infer<typeof activityNowSchema>;

export const dashboardActivitySchema = z.object({
  days: z.union([z.literal(7), z.literal(30), z.literal(90)]),
  timeZone: z.string(),
  series: z.array(activityDaySchema),
  now: activityNowSchema,
});
export type DashboardActivity = z.infer<typeof dashboardActivitySchema>;

export const dashboardActivityResponseSchema = successEnvelope(z.object({ activity: dashboardActivitySchema }));
