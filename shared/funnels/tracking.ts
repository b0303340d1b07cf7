/**
 * The public tracking calls the funnel script makes from a landing page (docs/decisions.md#d-funnels-pixel). They
 * are unauthenticated and CORS-open, so they accept little and answer nothing a visitor could use to read data:
 *
 * - `POST /api/t/{uuid}/pageview` {visitId, url, referrer?, fbp?, fbc?} → 204. `visitId` is made by the script
 *   (a random UUID kept in sessionStorage), so a retried beacon is one page view per visit and URL. fbclid and UTM
 *   parameters are read from `url` by the server.
 * - `POST /api/t/{uuid}/click` {visitId, fbp?, fbc?} → 200 `{ link }`: the link to open. With a pixel it is a
 *   per-visit invite link (member_limit 1, expiring) matched to the visit; without, the funnel's link.
 *
 * Bodies are sent as `text/plain` (a CORS-simple request: no preflight, and sendBeacon can carry it) holding JSON.
 */
import { z } from 'zod';

export const TRACKING_LIMITS = {
  /** Bytes; a bigger body is refused with 413 before it is parsed. */
  bodyMax: 8 * 1024,
  urlMax: 2048,
  cookieMax: 512,
  /** Stored length of one UTM value. */
  utmMax: 200,
} as const;

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

const visitId = z.uuid({ error: 'Visita inválida' });
const cookie = z.string().max(TRACKING_LIMITS.cookieMax).optional();

export const trackPageviewInputSchema = z.object({
  visitId,
  url: z.string().max(TRACKING_LIMITS.urlMax, { error: 'URL muito longa' }),
  referrer: z.string().max(TRACKING_LIMITS.urlMax).optional(),
  fbp: cookie,
  fbc: cookie,
});

export const trackClickInputSchema = z.object({ visitId, fbp: cookie, fbc: cookie });

export const trackClickResponseSchema = z.object({ link: z.string() });

/**
 * `_fbc` as Meta's pixel writes it when the landing URL carries fbclid (docs/telegram.md#meta-capi):
 * `fb.1.<creation time in ms>.<fbclid>`, fbclid kept exactly (it is case-sensitive).
 */
export const fbcFromFbclid = (fbclid: string, createdAtMs: number) => `fb.1.${createdAtMs}.${fbclid}`;

export type TrackPageviewInput = z.infer<typeof trackPageviewInputSchema>;
export type TrackClickInput = z.infer<typeof trackClickInputSchema>;
