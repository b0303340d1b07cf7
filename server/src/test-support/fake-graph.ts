/**
 * A local fake of Meta's Graph API, for the Conversions API only (docs/telegram.md#meta-capi): a Bun.serve that
 * records every `POST /{version}/{pixelId}/events` and answers like Meta. Point META_GRAPH_URL at `graph.url`.
 *
 *   const graph = createFakeGraph();
 *   graph.failNext(2);                         // the next 2 requests answer 500 (any 5xx: failNext(1, 503))
 *   graph.refuseNext(1, 'Invalid OAuth access token.');   // 400 with Meta's error body (code 190 by default)
 *   graph.hangNext(1);                         // holds the next request until release() (or its client gives up)
 *   graph.latencyMs = 150;                     // every answer waits this long (Meta takes a while; benches)
 *   graph.answerFor('123456789012345', { status: 503 });   // that pixel's requests answer 503 until set to null
 *   await graph.waitForRequests(1);            // resolves once that many requests have arrived
 *   graph.events()                             // events of every accepted (2xx) request, in arrival order
 *   graph.requests                             // everything received: pixel, token, test code, data, answer
 *   await graph.stop();
 *
 * Like Meta it refuses a batch of more than 1000 events or with an event_time older than 7 days (400, whole batch).
 * It accepts any token; tell it to refuse one with refuseNext. `GET /_requests` answers `requests` as JSON, for
 * end-to-end journeys that run it as its own process (tools/fake-graph.ts); they set a pixel's standing answer with
 * `POST /_answers/{pixelId}` and `{"status": 503}` (a 4xx with `"message"` is Meta's refusal; `{"status": 200}` clears it).
 */
export type GraphEvent = { event_name?: string; event_id?: string; event_time?: number; [field: string]: unknown };

export type GraphRequest = {
  version: string;
  pixelId: string;
  /** From the body's access_token, the query's, or an `Authorization: Bearer` header. */
  accessToken: string | null;
  testEventCode: string | null;
  data: GraphEvent[];
  /** HTTP status answered; 0 while a hung request is held (or its client gave up). */
  status: number;
};

export type FakeGraph = {
  url: string;
  requests: GraphRequest[];
  /** Events of the requests answered 2xx, optionally of one Meta pixel id. */
  events(pixelId?: string): GraphEvent[];
  failNext(count: number, status?: number): void;
  refuseNext(count: number, message: string, code?: number): void;
  hangNext(count: number): void;
  /** Every request for this Meta pixel id answers `status` (5xx: Meta failing, 4xx: refused with `message`) until null. */
  answerFor(pixelId: string, answer: StandingAnswer | null): void;
  /** Delay before every answer (default 0). */
  latencyMs: number;
  /** Answers every held request as accepted (200). */
  release(): void;
  waitForRequests(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
};

export type StandingAnswer = { status: number; message?: string };

type Plan = { kind: 'fail'; status: number } | { kind: 'refuse'; message: string; code: number } | { kind: 'hang' };

const MAX_EVENTS = 1000;
const MAX_AGE_S = 7 * 24 * 60 * 60;
const trace = () => `A${crypto.randomUUID().replaceAll('-', '').slice(0, 22)}`;
const json = (status: number, body: unknown) => Response.json(body, { status });
const metaError = (message: string, code: number, subcode?: number) =>
  ({ error: { message, type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: trace() } });

export function createFakeGraph(options: { port?: number } = {}): FakeGraph {
  const requests: GraphRequest[] = [];
  const plans: Plan[] = [];
  const held: (() => void)[] = [];
  const standing = new Map<string, StandingAnswer>();

  function setAnswer(pixelId: string, answer: StandingAnswer | null) {
    if (answer && answer.status >= 400) standing.set(pixelId, answer);
    else standing.delete(pixelId);
  }

  async function control(request: Request, pixelId: string): Promise<Response> {
    const body: unknown = await request.json().catch(() => ({}));
    const status: unknown = Reflect.get(Object(body), 'status');
    const message: unknown = Reflect.get(Object(body), 'message');
    setAnswer(pixelId, typeof status === 'number' ? { status, ...(typeof message === 'string' ? { message } : {}) } : null);
    return json(200, { ok: true });
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === 'GET' && url.pathname === '/_requests') return json(200, requests);
    const answers = /^\/_answers\/(\d+)$/.exec(url.pathname);
    if (request.method === 'POST' && answers?.[1]) return control(request, answers[1]);
    const match = /^\/(v\d+\.\d+)\/(\d+)\/events$/.exec(url.pathname);
    if (request.method !== 'POST' || !match?.[1] || !match[2]) return json(400, metaError('Unsupported request', 100));
    const body: unknown = await request.json().catch(() => ({}));
    const field = (name: string) => {
      const value: unknown = Reflect.get(Object(body), name);
      return typeof value === 'string' ? value : null;
    };
    const data: unknown = Reflect.get(Object(body), 'data');
    const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;
    const entry: GraphRequest = {
      version: match[1],
      pixelId: match[2],
      accessToken: field('access_token') ?? url.searchParams.get('access_token') ?? bearer,
      testEventCode: field('test_event_code'),
      data: Array.isArray(data) ? data.filter((item): item is GraphEvent => typeof item === 'object' && item !== null) : [],
      status: 0,
    };
    requests.push(entry);
    const answer = (status: number, payload: unknown) => {
      entry.status = status;
      return json(status, payload);
    };
    const fixed = standing.get(entry.pixelId);
    const plan: Plan | undefined = fixed
      ? fixed.status >= 500 || fixed.status === 429
        ? { kind: 'fail', status: fixed.status }
        : { kind: 'refuse', message: fixed.message ?? 'Invalid parameter', code: 100 }
      : plans.shift();
    if (fake.latencyMs > 0) await Bun.sleep(fake.latencyMs);
    if (plan?.kind === 'fail') return answer(plan.status, metaError('An unexpected error has occurred. Please retry your request later.', 2));
    if (plan?.kind === 'refuse') return answer(400, metaError(plan.message, plan.code));
    if (plan?.kind === 'hang') {
      await new Promise<void>((resolve) => {
        held.push(resolve);
        request.signal.addEventListener('abort', () => resolve());
      });
      if (request.signal.aborted) return new Response(null, { status: 499 });
    }
    if (!Array.isArray(data) || entry.data.length === 0) return answer(400, metaError('(#100) The parameter data is required', 100));
    if (entry.data.length > MAX_EVENTS) return answer(400, metaError(`(#100) Maximum number of events per request is ${MAX_EVENTS}`, 100));
    const oldest = Date.now() / 1000 - MAX_AGE_S;
    if (entry.data.some((event) => typeof event.event_time !== 'number' || event.event_time < oldest)) {
      return answer(400, metaError('Invalid parameter: event_time is too far in the past', 100, 2804003));
    }
    return answer(200, { events_received: entry.data.length, messages: [], fbtrace_id: trace() });
  }

  const server = Bun.serve({ port: options.port ?? 0, hostname: '127.0.0.1', idleTimeout: 0, fetch: handle });

  const fake: FakeGraph = {
    url: `http://127.0.0.1:${server.port}`,
    latencyMs: 0,
    requests,
    events: (pixelId) => requests.filter((entry) => entry.status >= 200 && entry.status < 300 && (!pixelId || entry.pixelId === pixelId)).flatMap((entry) => entry.data),
    failNext: (count, status = 500) => plans.push(...Array.from({ length: count }, () => ({ kind: 'fail' as const, status }))),
    refuseNext: (count, message, code = 190) => plans.push(...Array.from({ length: count }, () => ({ kind: 'refuse' as const, message, code }))),
    answerFor: setAnswer,
    hangNext: (count) => plans.push(...Array.from({ length: count }, () => ({ kind: 'hang' as const }))),
    release: () => held.splice(0).forEach((resolve) => resolve()),
    async waitForRequests(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline) throw new Error(`fake Graph: ${requests.length} of ${count} requests after ${timeoutMs} ms`);
        await Bun.sleep(10);
      }
    },
    async stop() {
      held.splice(0).forEach((resolve) => resolve());
      await server.stop(true);
    },
  };
  return fake;
}
