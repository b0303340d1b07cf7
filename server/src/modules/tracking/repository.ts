/**
 * Tracking writes (docs/decisions.md#funnel-tracking). Every write joins `funnels` on the id the server resolved
 * from the URL's public id, never on anything the visitor sent, and skips inactive or deleted funnels in the same
 * statement (a batch never fails on a funnel deleted while it waited).
 */
import type { Queryable } from '../../db/client.ts';

export type TrackedFunnelRow = {
  id: string;
  publicId: string;
  userId: string;
  name: string;
  botId: string;
  chatId: bigint;
  isActive: boolean;
  requireApproval: boolean;
  hasPixel: boolean;
  inviteLink: string;
};

export async function findTrackedFunnel(sql: Queryable, publicId: string) {
  const rows = await sql<TrackedFunnelRow[]>`
    select f.id, f.public_id as "publicId", f.user_id as "userId", f.name, f.bot_id as "botId", c.chat_id as "chatId", f.is_active as "isActive",
           f.require_approval as "requireApproval", f.pixel_integration_id is not null as "hasPixel", f.invite_link as "inviteLink"
    from funnels f join channels c on c.id = f.channel_id
    -- A trashed bot's funnel tracks nothing (docs/decisions.md#bot-trash).
    join bots b on b.id = f.bot_id and b.deleted_at is null
    where f.public_id = ${publicId}`;
  return rows[0];
}

/**
 * What a visit row gets from one call; the first page view's url, referrer and UTM stay, the rest follow the latest.
 * A click carries no URL (''): it keeps the page's.
 */
export type VisitWrite = {
  funnel_id: string;
  visit_id: string;
  url: string;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  fbclid: string | null;
  fbp: string | null;
  fbc: string | null;
  ip: string | null;
  user_agent: string | null;
  at: string;
};

export type EventWrite = { funnel_id: string; visit_id: string; kind: 'pageview' | 'click'; dedupe_key: string | null; at: string };

/**
 * Many page views in ONE statement (the page-view writer's batch): visits upserted, events inserted, a page view
 * already counted for that visit and URL skipped by its dedupe key. Rows come sorted by (funnel, visit) so two
 * concurrent batches lock visits in the same order.
 */
export async function writeVisitsAndEvents(sql: Queryable, visits: VisitWrite[], events: EventWrite[]) {
  await sql`
    with v as (
      insert into funnel_visits (funnel_id, visit_id, url, last_url, referrer, utm_source, utm_medium, utm_campaign, utm_term,
                                 utm_content, fbclid, fbp, fbc, ip, user_agent, created_at, last_seen_at)
      select x.funnel_id, x.visit_id, x.url, x.url, x.referrer, x.utm_source, x.utm_medium, x.utm_campaign, x.utm_term,
             x.utm_content, x.fbclid, x.fbp, x.fbc, x.ip, x.user_agent, x.at, x.at
      from jsonb_to_recordset(${sql.json(visits)}) as x(
        funnel_id uuid, visit_id uuid, url text, referrer text, utm_source text, utm_medium text, utm_campaign text,
        utm_term text, utm_content text, fbclid text, fbp text, fbc text, ip text, user_agent text, at timestamptz)
      join funnels f on f.id = x.funnel_id and f.is_active
      order by x.funnel_id, x.visit_id
      on conflict (funnel_id, visit_id) do update set
        last_url = case when excluded.last_url = '' then funnel_visits.last_url else excluded.last_url end,
        url = case when funnel_visits.url = '' then excluded.url else funnel_visits.url end,
        fbclid = coalesce(excluded.fbclid, funnel_visits.fbclid),
        fbp = coalesce(excluded.fbp, funnel_visits.fbp),
        fbc = coalesce(excluded.fbc, funnel_visits.fbc),
        ip = coalesce(excluded.ip, funnel_visits.ip),
        user_agent = coalesce(excluded.user_agent, funnel_visits.user_agent),
        last_seen_at = greatest(funnel_visits.last_seen_at, excluded.last_seen_at)
    )
    insert into funnel_events (funnel_id, kind, visit_id, dedupe_key, occurred_at)
    select x.funnel_id, x.kind, x.visit_id, x.dedupe_key, x.at
    from jsonb_to_recordset(${sql.json(events)}) as x(funnel_id uuid, kind text, visit_id uuid, dedupe_key text, at timestamptz)
    join funnels f on f.id = x.funnel_id and f.is_active
    order by x.funnel_id, x.dedupe_key
    on conflict (funnel_id, dedupe_key) do nothing`;
}

/** A usable per-visit link: not expiring within a minute and not yet used by an attributed join. */
export async function reusableVisitLink(sql: Queryable, funnelId: string, visitId: string) {
  const rows = await sql<{ inviteLink: string }[]>`
    select v.invite_link as "inviteLink" from funnel_visits v
    where v.funnel_id = ${funnelId} and v.visit_id = ${visitId} and v.invite_link is not null
      and v.invite_link_expires_at > now() + interval '1 minute'
      and not exists (select 1 from funnel_entries e where e.funnel_id = v.funnel_id and e.visit_id = v.visit_id)`;
  return rows[0]?.inviteLink;
}

export async function setVisitLink(sql: Queryable, funnelId: string, visitId: string, link: string, expiresAt: Date) {
  await sql`
    update funnel_visits set invite_link = ${link}, invite_link_expires_at = ${expiresAt}
    where funnel_id = ${funnelId} and visit_id = ${visitId}`;
}
