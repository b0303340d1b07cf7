/**
 * One Conversions API call (docs/telegram.md#meta-capi): `POST {graph}/{version}/{pixelId}/events` with the
 * events, the access token in the body (never in the URL, where fetch errors and proxies would show it) and, for a
 * test event, its test_event_code. The answer is sorted into what the callers act on: accepted, refused by Meta
 * (4xx: never retried), or unreachable (network, timeout, 5xx, 429: retried).
 */
export type GraphTarget = { graphUrl: string; version: string; pixelId: string; accessToken: string };

export type GraphResult =
  | { kind: 'accepted'; eventsReceived: number; fbtraceId: string | null; messages: string[] }
  | { kind: 'refused'; status: number; message: string }
  | { kind: 'unreachable'; reason: string };

/** Meta answers in about a second; a send that has not answered by then is retried (with the same event ids). */
export const GRAPH_TIMEOUT_MS = 20_000;
const MAX_ANSWER_CHARS = 64_000;

export async function postEvents(target: GraphTarget, events: unknown[], options: { testEventCode?: string; signal?: AbortSignal; timeoutMs?: number } = {}): Promise<GraphResult> {
  const url = `${target.graphUrl}/${target.version}/${encodeURIComponent(target.pixelId)}/events`;
  const body = { data: events, access_token: target.accessToken, ...(options.testEventCode ? { test_event_code: options.testEventCode } : {}) };
  let response: Response;
  let text: string;
  try {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? GRAPH_TIMEOUT_MS);
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: options.signal ? AbortSignal.any([timeout, options.signal]) : timeout,
    });
    text = (await response.text()).slice(0, MAX_ANSWER_CHARS);
  } catch (error) {
    return { kind: 'unreachable', reason: networkReason(error) };
  }
  const answer = parse(text);
  if (response.status >= 200 && response.status < 300) {
    const received = Reflect.get(answer, 'events_received');
    const trace = Reflect.get(answer, 'fbtrace_id');
    const messages: unknown = Reflect.get(answer, 'messages');
    return {
      kind: 'accepted',
      eventsReceived: typeof received === 'number' ? received : 0,
      fbtraceId: typeof trace === 'string' ? trace : null,
      messages: Array.isArray(messages) ? messages.map((message) => (typeof message === 'string' ? message : JSON.stringify(message))) : [],
    };
  }
  if (response.status >= 500 || response.status === 429 || response.status < 400) {
    const said = Reflect.get(answer, 'error') ? `: ${metaMessage(answer, response.status).replaceAll(target.accessToken, '…')}` : '';
    return { kind: 'unreachable', reason: `O Meta respondeu HTTP ${response.status}${said}` };
  }
  // Defensive: a refusal quoting the request must not carry the token into a stored error or an answer.
  return { kind: 'refused', status: response.status, message: metaMessage(answer, response.status).replaceAll(target.accessToken, '…') };
}

/** The operator reads this on /pixels: what went wrong on the way to Meta, in pt-BR, with the system's own words. */
function networkReason(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'O Meta não respondeu a tempo';
  return `Falha de rede ao falar com o Meta (${error instanceof Error ? error.message : String(error)})`;
}

function parse(text: string): object {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

/** Meta's `error.message` (else its `error_user_msg`), one line, bounded. */
function metaMessage(answer: object, status: number): string {
  const error: unknown = Reflect.get(answer, 'error');
  const pick = (name: string) => {
    const value: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, name) : undefined;
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
  const message = pick('message') ?? pick('error_user_msg') ?? `HTTP ${status}`;
  return message.replace(/\s+/g, ' ').trim().slice(0, 500);
}
