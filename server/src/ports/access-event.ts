/**
 * An access event for the flow engine (docs/product.md#acessos): the "Acesso pago" triggers of the access's bot run in
 * the buyer's private chat. The access module reads what the flow needs (plan, dates, the buyer's contact) and hands
 * it to the runtime; answered, never thrown, so the durable job that carries it decides between done and release.
 */
import type { AccessEvent } from '@shared/flows/access-events.ts';

export type AccessEventCall = {
  botId: string;
  planId: string;
  planName: string;
  event: AccessEvent;
  telegramId: number;
  /** The access's end as it is now (null: lifetime): the flow's access.daysLeft and access.until. */
  accessUntil: Date | null;
  contact: { firstName: string; lastName: string | null; username: string | null; phoneNumber: string | null };
  /** The job that carries the event: the same cause starts the same executions when the job runs again. */
  cause: string;
};

/** started: how many flows ran; notRunning: the bot does not run in this process (the job is given back). */
export type AccessEventResult = { started: number } | { notRunning: true };

export const ACCESS_EVENT_NOT_RUNNING: AccessEventResult = { notRunning: true };
