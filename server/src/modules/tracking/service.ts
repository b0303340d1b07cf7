/**
 * What the public tracking calls do (shared/funnels/tracking.ts, docs/decisions.md#funnel-tracking). The funnel is
 * the one the URL's public id names, resolved by the server; the visitor's body only ever describes its own visit of
 * that funnel. An inactive funnel records nothing (a page view is still answered 204, a click gets the funnel's link).
 */
import { FUNNEL_LIMITS } from '@shared/funnels/schemas.ts';
import { TRACKING_LIMITS, UTM_KEYS, type TrackClickInput, type TrackPageviewInput } from '@shared/funnels/tracking.ts';
import type { Queryable } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { BotRuntime } from '../../ports/bot-runtime.ts';
import type { TrackedFunnel } from './funnel-directory.ts';
import type { PageviewWriter } from './pageview-writer.ts';
import { reusableVisitLink, setVisitLink, writeVisitsAndEvents, type EventWrite, type VisitWrite } from './repository.ts';

export type TrackingDeps = {
  sql: Queryable;
  runtime: BotRuntime;
  logger: Logger;
  pageviews: PageviewWriter;
  /** A visit or click was recorded: the owner's live screens hear of it (modules/funnels/live-activity.ts). */
  activity?: ((userId: string, funnelId: string) => void) | undefined;
};

/** Who called: the full address (the Conversions API wants it as is) and the browser's user agent. */
export type Caller = { ip: string | null; userAgent: string | null };

/** A per-visit link must come back before the script's own 1.5 s fallback fires. */
const VISIT_LINK_TIMEOUT_MS = 1200;
const USER_AGENT_MAX = 512;

const cut = (value: string | null | undefined, max: number) => (value ? value.slice(0, max) : null);

function urlFacts(raw: string) {
  let params: URLSearchParams | undefined;
  try {
    params = new URL(raw).searchParams;
  } catch {
    params = undefined;
  }
  const utm = Object.fromEntries(UTM_KEYS.map((key) => [key, cut(params?.get(key), TRACKING_LIMITS.utmMax)])) as Record<(typeof UTM_KEYS)[number], string | null>;
  return { ...utm, fbclid: cut(params?.get('fbclid'), TRACKING_LIMITS.cookieMax) };
}

function visitRow(funnel: TrackedFunnel, input: { visitId: string; fbp?: string | undefined; fbc?: string | undefined }, caller: Caller, url: string, referrer: string | null): VisitWrite {
  return {
    funnel_id: funnel.id,
    visit_id: input.visitId.toLowerCase(),
    url,
    referrer,
    ...urlFacts(url),
    fbp: input.fbp || null,
    fbc: input.fbc || null,
    ip: caller.ip,
    user_agent: cut(caller.userAgent, USER_AGENT_MAX),
    at: new Date().toISOString(),
  };
}

export async function recordPageview(deps: TrackingDeps, funnel: TrackedFunnel, input: TrackPageviewInput, caller: Caller): Promise<void> {
  if (!funnel.isActive) return;
  const visit = visitRow(funnel, input, caller, input.url, input.referrer || null);
  const event: EventWrite = {
    funnel_id: funnel.id, visit_id: visit.visit_id, kind: 'pageview', at: visit.at,
    dedupe_key: `pv:${visit.visit_id}:${Bun.hash(input.url).toString(36)}`,
  };
  await deps.pageviews.write(visit, event);
  deps.activity?.(funnel.userId, funnel.id);
}

/**
 * Records the click and answers the link to open: with a pixel, a per-visit invite link so the join can be matched
 * to this visit (member_limit 1; with approval required a join-request link instead, since Telegram does not combine
 * the two), reused while it is valid and unused; without a pixel, or if Telegram is slow or refuses, the funnel's link.
 */
export async function recordClick(deps: TrackingDeps, funnel: TrackedFunnel, input: TrackClickInput, caller: Caller): Promise<string> {
  if (!funnel.isActive) return funnel.inviteLink;
  const visit = visitRow(funnel, input, caller, '', null);
  await writeVisitsAndEvents(deps.sql, [visit], [{ funnel_id: funnel.id, visit_id: visit.visit_id, kind: 'click', dedupe_key: null, at: visit.at }]);
  deps.activity?.(funnel.userId, funnel.id);
  if (!funnel.hasPixel) return funnel.inviteLink;
  const reusable = await reusableVisitLink(deps.sql, funnel.id, visit.visit_id);
  if (reusable) return reusable;
  const expiresAt = new Date(Date.now() + FUNNEL_LIMITS.visitLinkTtlSeconds * 1000);
  const created = await deps.runtime.inviteLink(funnel.botId, {
    action: 'create',
    chatId: Number(funnel.chatId),
    options: {
      name: [...funnel.name].slice(0, FUNNEL_LIMITS.inviteLinkNameMax).join(''),
      expireDate: Math.floor(expiresAt.getTime() / 1000),
      ...(funnel.requireApproval ? { createsJoinRequest: true } : { memberLimit: 1 }),
    },
    signal: AbortSignal.timeout(VISIT_LINK_TIMEOUT_MS),
  });
  if (!created.ok) {
    deps.logger.warn('link por visita não criado; usado o link do funil', { funnelId: funnel.id, errorCode: created.errorCode, reason: created.description });
    return funnel.inviteLink;
  }
  await setVisitLink(deps.sql, funnel.id, visit.visit_id, created.link.invite_link, expiresAt);
  return created.link.invite_link;
}
