/**
 * A push service on loopback for tests of web push (docs/decisions.md#web-push). It makes browser-like
 * subscriptions (a P-256 key pair and a 16-byte auth secret, as a browser's PushManager would), and for every POST
 * it checks what a real service checks: the VAPID header (RFC 8292: `vapid t=<JWT>, k=<public key>`, an ES256 JWT
 * signed by that key, `aud` = this endpoint's origin, `exp` in the future and within 24 h, a `sub`), then decrypts
 * the aes128gcm body (RFC 8291) with the subscription's private key. What it received is kept for assertions; an
 * answer status can be scripted per subscription (410 gone, 500 failure…).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import * as ece from 'http_ece';

/** A status, or a status with its Retry-After header (seconds or an HTTP date). */
type ScriptedAnswer = number | { status: number; retryAfter: string };

export type FakeSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Stays in the test: what only the browser holds. */
  ecdh: ECDH;
};

export type ReceivedPush = {
  /** Which subscription (its endpoint's last path segment). */
  id: string;
  status: number;
  payload: unknown;
  ttl: string | null;
  topic: string | null;
  urgency: string | null;
  jwt: { aud: string; exp: number; sub: string };
  at: number;
};

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

export async function startFakePushService() {
  const subscriptions = new Map<string, FakeSubscription & { authSecret: string }>();
  const scripted = new Map<string, ScriptedAnswer[]>();
  const received: ReceivedPush[] = [];
  /** Requests that failed a check: each is a bug in the sender. */
  const rejected: string[] = [];
  let attempts = 0;

  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      const id = url.pathname.replace(/^\/push\//, '');
      attempts += 1;
      const subscription = subscriptions.get(id);
      if (request.method !== 'POST' || !subscription) return new Response('unknown subscription', { status: 404 });
      const refuse = (why: string, status = 400) => {
        rejected.push(`${id}: ${why}`);
        return new Response(why, { status });
      };
      const jwt = checkVapid(request.headers.get('authorization'), url.origin);
      if (typeof jwt === 'string') return refuse(jwt, 401);
      if (request.headers.get('content-encoding') !== 'aes128gcm') return refuse(`content-encoding ${request.headers.get('content-encoding')}`);
      let payload: unknown;
      try {
        const body = Buffer.from(await request.arrayBuffer());
        const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.authSecret });
        payload = JSON.parse(plain.toString('utf8'));
      } catch (error) {
        return refuse(`decryption: ${error instanceof Error ? error.message : String(error)}`);
      }
      const next = scripted.get(id)?.shift() ?? 201;
      const { status, retryAfter } = typeof next === 'number' ? { status: next, retryAfter: undefined } : next;
      received.push({
        id, status, payload, jwt, at: Date.now(),
        ttl: request.headers.get('ttl'), topic: request.headers.get('topic'), urgency: request.headers.get('urgency'),
      });
      return new Response(null, { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } });
    },
  });
  const origin = `http://127.0.0.1:${server.port}`;

  return {
    origin,
    received,
    rejected,
    get attempts() {
      return attempts;
    },
    /** A new browser subscription on this service (what pushManager.subscribe().toJSON() gives). */
    subscribe(): FakeSubscription {
      const id = crypto.randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16).toString('base64url');
      const subscription = { endpoint: `${origin}/push/${id}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret }, ecdh };
      subscriptions.set(id, { ...subscription, authSecret });
      return subscription;
    },
    /** The next answers to this subscription's pushes (then 201 again). */
    answer(subscription: FakeSubscription, ...statuses: ScriptedAnswer[]) {
      scripted.set(idOf(subscription), statuses);
    },
    /** Pushes to one subscription, accepted or not. */
    to(subscription: FakeSubscription) {
      return received.filter((push) => push.id === idOf(subscription));
    },
    stop: () => server.stop(true),
  };
}

const idOf = (subscription: FakeSubscription) => subscription.endpoint.slice(subscription.endpoint.lastIndexOf('/') + 1);

/** RFC 8292 §3: `vapid t=<JWT>, k=<uncompressed P-256 public key>`; the JWT's claims, or why it is refused. */
function checkVapid(header: string | null, origin: string): ReceivedPush['jwt'] | string {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) return `authorization header: ${header}`;
  const [head, body, signature] = match[1].split('.') as [string, string, string];
  const key = Buffer.from(match[2], 'base64url');
  if (key.length !== 65 || key[0] !== 4) return 'k is not an uncompressed P-256 point';
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: key.subarray(1, 33).toString('base64url'), y: key.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${head}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return 'JWT signature does not verify with k';
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (header_.alg !== 'ES256') return `JWT alg ${header_.alg}`;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: unknown; exp?: unknown; sub?: unknown };
  if (claims.aud !== origin) return `JWT aud ${String(claims.aud)} is not ${origin}`;
  const now = Date.now() / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) return `JWT exp ${String(claims.exp)}`;
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return `JWT sub ${String(claims.sub)}`;
  return { aud: claims.aud, exp: claims.exp, sub: claims.sub };
}
