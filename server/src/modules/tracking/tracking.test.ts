import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { FUNNEL_LIMITS } from '@shared/funnels/schemas.ts';
import { TRACKING_LIMITS } from '@shared/funnels/tracking.ts';
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { createFunnel, createPixel, META_PIXEL_ID, metricsOf, track } from '../../test-support/funnels.ts';
import { createFakeGraph, type FakeGraph } from '../../test-support/fake-graph.ts';
import { SERVER_START_TIMEOUT_MS } from '../../test-support/start-test-server.ts';
import { eventually, promotedChat, registeredBot, startTelegramTestbed, type TelegramTestbed } from '../../test-support/telegram.ts';

let bed: TelegramTestbed;
let graph: FakeGraph;
beforeAll(async () => {
  graph = createFakeGraph();
  // Behind a proxy: each test speaks from its own address (X-Forwarded-For), so their rate buckets stay apart.
  bed = await startTelegramTestbed(undefined, { env: { TRUST_PROXY: '1', META_GRAPH_URL: graph.url } });
}, SERVER_START_TIMEOUT_MS);
afterAll(async () => {
  await bed.stop();
  await graph.stop();
});

const sha256 = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex');

let addressCounter = 0;
const nextAddress = () => `203.0.113.${++addressCounter}`;

async function funnelSetup(extra: Record<string, unknown> = {}, withPixel = false) {
  const registered = await registeredBot(bed);
  const { chat, channel } = await promotedChat(bed, registered, { type: 'channel', title: 'Canal Rastreado' });
  const pixel = withPixel ? await createPixel(bed, registered) : undefined;
  const created = await createFunnel(bed, registered, channel.id, { ...extra, ...(pixel ? { pixelIntegrationId: pixel } : {}) });
  return { registered, chat, ...created, ip: nextAddress() };
}

const visitsOf = async (funnelId: string) => [
  ...(await bed.server.db.sql<{ visitId: string; url: string; utmSource: string | null; fbclid: string | null; fbp: string | null; fbc: string | null; ip: string | null; userAgent: string | null; inviteLink: string | null }[]>`
    select visit_id as "visitId", url, utm_source as "utmSource", fbclid, fbp, fbc, ip, user_agent as "userAgent", invite_link as "inviteLink"
    from funnel_visits where funnel_id = ${funnelId} order by created_at`),
];

describe('tracking script', () => {
  test('small, typed, cacheable with an ETag, 404 for an unknown funnel', async () => {
    const { funnel, telegramLink } = await funnelSetup();
    const response = await fetch(`${bed.server.url}/api/js/${funnel.uuid}.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('max-age=');
    const body = await response.text();
    expect(body).toContain(telegramLink);
    // Without PUBLIC_URL the endpoint is a path the script resolves against its own address, never a Host's value.
    expect(body).toContain(`"/api/t/${funnel.uuid}"`);
    const steered = await fetch(`${bed.server.url}/api/js/${funnel.uuid}.js`, { headers: { host: 'evil.example' } });
    expect(steered.status).toBe(200);
    expect(await steered.text()).toBe(body);
    expect(Bun.gzipSync(new TextEncoder().encode(body)).byteLength).toBeLessThan(3 * 1024);
    expect(() => new Function(body)).not.toThrow();
    const etag = response.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${bed.server.url}/api/js/${funnel.uuid}.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    for (const path of [`/api/js/${crypto.randomUUID()}.js`, '/api/js/nada.js', `/api/js/${funnel.uuid}`]) {
      const missing = await fetch(`${bed.server.url}${path}`);
      expect(missing.status).toBe(404);
      expect(failureEnvelopeSchema.parse(await missing.json()).message).toBe('Recurso não encontrado');
    }
  });
});

describe('ingestion', () => {
  test('a page view is recorded once per visit and URL, with UTM, fbclid, cookies, address and user agent; CORS-open', async () => {
    const { registered, funnel, ip } = await funnelSetup();
    const preflight = await fetch(`${bed.server.url}/api/t/${funnel.uuid}/pageview`, { method: 'OPTIONS', headers: { origin: 'https://loja.exemplo.com' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const visitId = crypto.randomUUID();
    const url = 'https://loja.exemplo.com/oferta?utm_source=facebook&utm_campaign=verao&fbclid=IwAR0AbC';
    const view = { visitId, url, referrer: 'https://l.facebook.com/', fbp: 'fb.1.1700000000000.111', fbc: 'fb.1.1700000000001.IwAR0AbC' };
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await track(bed, funnel.uuid, 'pageview', view, { 'x-forwarded-for': ip });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await track(bed, funnel.uuid, 'pageview', { ...view, url: `${url}#preco` }, { 'x-forwarded-for': ip })).status).toBe(204);
    expect(await visitsOf(funnel.id)).toEqual([{
      visitId, url, utmSource: 'facebook', fbclid: 'IwAR0AbC', fbp: view.fbp, fbc: view.fbc, ip, userAgent: 'Mozilla/5.0 (Teste) Chrome/130', inviteLink: null,
    }]);
    expect((await metricsOf(bed, registered.auth, funnel.id)).today.pageviews).toBe(2);
  });

  test('refusals: 413 over the cap, 400 in pt-BR for bad JSON or fields, 404 for an unknown funnel, never a 5xx', async () => {
    const { registered, funnel, ip } = await funnelSetup();
    const headers = { 'x-forwarded-for': ip };
    const big = await track(bed, funnel.uuid, 'pageview', JSON.stringify({ visitId: crypto.randomUUID(), url: 'x'.repeat(TRACKING_LIMITS.bodyMax) }), headers);
    expect(big.status).toBe(413);
    expect(big.headers.get('access-control-allow-origin')).toBe('*');
    const broken = await track(bed, funnel.uuid, 'pageview', '{"visitId":', headers);
    expect(broken.status).toBe(400);
    expect(failureEnvelopeSchema.parse(await broken.json()).message).toBe('Corpo da requisição inválido (JSON malformado)');
    const badVisit = await track(bed, funnel.uuid, 'pageview', { visitId: 'abc', url: 'https://x.com' }, headers);
    expect(badVisit.status).toBe(400);
    expect(failureEnvelopeSchema.parse(await badVisit.json()).message).toBe('Visita inválida');
    expect((await track(bed, crypto.randomUUID(), 'pageview', { visitId: crypto.randomUUID(), url: 'https://x.com' }, headers)).status).toBe(404);

    const hostile: unknown[] = [
      null, 1, 'texto', [], [1, 2], { visitId: null }, { visitId: crypto.randomUUID(), url: 5 }, { visitId: crypto.randomUUID(), url: 'a\u0000b' },
      { visitId: crypto.randomUUID(), url: '\ud800' }, { visitId: crypto.randomUUID(), url: '', fbp: { a: 1 } }, { visitId: crypto.randomUUID(), url: 'x', referrer: 'y'.repeat(3000) },
      { visitId: crypto.randomUUID(), url: 'javascript:alert(1)', fbc: '<script>' }, { __proto__: { visitId: crypto.randomUUID() } },
    ];
    for (const body of hostile) {
      for (const call of ['pageview', 'click'] as const) {
        const response = await track(bed, funnel.uuid, call, JSON.stringify(body) ?? 'null', { 'x-forwarded-for': nextAddress() });
        expect(response.status).toBeLessThan(500);
        if (response.status >= 400) failureEnvelopeSchema.parse(await response.json());
      }
    }
    expect((await fetch(`${bed.server.url}/api/t/${funnel.uuid}/pageview`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{' })).status).toBe(400);
    // Two of the hostile bodies were valid page views (javascript: URL, long-but-allowed referrer): nothing else landed.
    expect((await metricsOf(bed, registered.auth, funnel.id)).today.pageviews).toBeLessThanOrEqual(3);
  });

  test('an address over its rate gets 429 with Retry-After; other addresses go on', async () => {
    const { funnel, ip } = await funnelSetup();
    // One burst well past the bucket (120, refilled at 30/s): however slow the machine, most of it is refused. (Asking
    // one more time after the first 429 is a race with the refill: on a slow machine a token is back by then.)
    const burst = await Promise.all(
      Array.from({ length: 300 }, () => track(bed, funnel.uuid, 'pageview', { visitId: crypto.randomUUID(), url: 'https://x.com' }, { 'x-forwarded-for': ip })),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(100);
    expect(statuses.filter((status) => status !== 429 && status !== 204)).toEqual([]);
    const limited = burst.find((response) => response.status === 429);
    if (!limited) throw new Error('no 429 in the burst');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(failureEnvelopeSchema.parse(await limited.json()).message).toContain('Muitas requisições');
    expect((await track(bed, funnel.uuid, 'pageview', { visitId: crypto.randomUUID(), url: 'https://x.com' }, { 'x-forwarded-for': nextAddress() })).status).toBe(204);
  });

  test("a visit id of one funnel sent to another funnel's URL writes only that other funnel's visit", async () => {
    const first = await funnelSetup();
    const second = await funnelSetup();
    const visitId = crypto.randomUUID();
    await track(bed, first.funnel.uuid, 'pageview', { visitId, url: 'https://a.com/', fbp: 'fb.1.1.A' }, { 'x-forwarded-for': first.ip });
    await track(bed, second.funnel.uuid, 'pageview', { visitId, url: 'https://b.com/', fbp: 'fb.1.1.B' }, { 'x-forwarded-for': first.ip });
    expect((await visitsOf(first.funnel.id)).map((visit) => [visit.url, visit.fbp])).toEqual([['https://a.com/', 'fb.1.1.A']]);
    expect((await visitsOf(second.funnel.id)).map((visit) => [visit.url, visit.fbp])).toEqual([['https://b.com/', 'fb.1.1.B']]);
  });

  test('an inactive funnel records nothing and its script does nothing', async () => {
    const { registered, funnel, telegramLink, ip } = await funnelSetup();
    await bed.server.api(`/api/funnels/${funnel.id}`, { method: 'PUT', json: { isActive: false }, ...registered.auth });
    const script = await (await fetch(`${bed.server.url}/api/js/${funnel.uuid}.js`)).text();
    expect(script).toContain('"a":0');
    expect((await track(bed, funnel.uuid, 'pageview', { visitId: crypto.randomUUID(), url: 'https://x.com' }, { 'x-forwarded-for': ip })).status).toBe(204);
    const click = await track(bed, funnel.uuid, 'click', { visitId: crypto.randomUUID() }, { 'x-forwarded-for': ip });
    expect(await click.json()).toEqual({ link: telegramLink });
    expect(await visitsOf(funnel.id)).toEqual([]);
  });
});

describe('clicks', () => {
  test('without a pixel a click is counted and answers the funnel link', async () => {
    const { registered, funnel, telegramLink, ip } = await funnelSetup();
    const click = await track(bed, funnel.uuid, 'click', { visitId: crypto.randomUUID() }, { 'x-forwarded-for': ip });
    expect(click.status).toBe(200);
    expect(await click.json()).toEqual({ link: telegramLink });
    expect((await metricsOf(bed, registered.auth, funnel.id)).today.clicks).toBe(1);
  });

  test('with a pixel: a per-visit link (member_limit 1), reused on a second click; the join through it sends enter_channel with that visit, the leave left_channel', async () => {
    const { registered, chat, funnel, telegramLink, ip } = await funnelSetup({}, true);
    const visitId = crypto.randomUUID();
    const cookies = { fbp: 'fb.1.1700000000000.424242', fbc: 'fb.1.1700000000001.IwAR0XyZ' };
    const pageUrl = 'https://loja.exemplo.com/?fbclid=IwAR0XyZ';
    await track(bed, funnel.uuid, 'pageview', { visitId, url: pageUrl, ...cookies }, { 'x-forwarded-for': ip });
    const answer = (await (await track(bed, funnel.uuid, 'click', { visitId, ...cookies }, { 'x-forwarded-for': ip })).json()) as { link: string };
    expect(answer.link).not.toBe(telegramLink);
    const link = bed.emulator.control.chatState(chat.id).inviteLinks.find((item) => item.invite_link === answer.link);
    expect(link).toMatchObject({ member_limit: 1, creates_join_request: false });
    expect(link?.expire_date).toBeGreaterThan(Date.now() / 1000 + FUNNEL_LIMITS.visitLinkTtlSeconds - 120);
    const again = (await (await track(bed, funnel.uuid, 'click', { visitId, ...cookies }, { 'x-forwarded-for': ip })).json()) as { link: string };
    expect(again.link).toBe(answer.link);

    const user = bed.emulator.control.createUser({ first_name: 'Fábio' });
    bed.emulator.control.joinByLink({ userId: user.id, inviteLink: answer.link });
    const entry = await eventually('the entry', async () => (await bed.server.db.sql<{ visitId: string }[]>`select visit_id as "visitId" from funnel_entries where funnel_id = ${funnel.id}`)[0]);
    expect(entry.visitId).toBe(visitId);
    expect(await visitsOf(funnel.id)).toMatchObject([{ visitId, ...cookies, ip, userAgent: 'Mozilla/5.0 (Teste) Chrome/130', inviteLink: answer.link }]);
    expect(await metricsOf(bed, registered.auth, funnel.id)).toMatchObject({ today: { pageviews: 1, clicks: 2, entries: 1 }, totalLeads: 1 });

    const sent = (name: string) => graph.events(META_PIXEL_ID).filter((event) => event.event_name === name && Reflect.get(Object(event.user_data), 'external_id') === sha256(String(user.id)));
    const [entered] = await eventually('enter_channel at Meta', () => sent('enter_channel').length > 0 && sent('enter_channel'), 15_000);
    expect(entered).toMatchObject({
      action_source: 'website', event_source_url: pageUrl,
      user_data: { external_id: sha256(String(user.id)), ...cookies, client_ip_address: ip, client_user_agent: 'Mozilla/5.0 (Teste) Chrome/130' },
    });
    bed.emulator.control.leaveChat({ userId: user.id, chatId: chat.id });
    const [left] = await eventually('left_channel at Meta', () => sent('left_channel').length > 0 && sent('left_channel'), 15_000);
    expect(left).toMatchObject({ action_source: 'website', user_data: { fbp: cookies.fbp, fbc: cookies.fbc } });
    await Bun.sleep(300);
    expect(sent('enter_channel')).toHaveLength(1);
    expect(sent('left_channel')).toHaveLength(1);
  });

  test('with a pixel, a join through the funnel link itself (no visit) sends enter_channel as a chat event', async () => {
    const { chat, telegramLink } = await funnelSetup({}, true);
    const user = bed.emulator.control.createUser({ first_name: 'Gil' });
    bed.emulator.control.joinByLink({ userId: user.id, inviteLink: telegramLink });
    const external = sha256(String(user.id));
    const event = await eventually('enter_channel at Meta', () => graph.events(META_PIXEL_ID).find((item) => Reflect.get(Object(item.user_data), 'external_id') === external), 15_000);
    expect(event).toMatchObject({ event_name: 'enter_channel', action_source: 'chat', user_data: { external_id: external } });
    expect(event.event_source_url).toBeUndefined();
    expect(bed.emulator.control.chatState(chat.id).members.some((member) => member.user.id === user.id)).toBe(true);
  });

  test('with a pixel and approval required, the per-visit link asks to join instead of having a member limit', async () => {
    const { chat, funnel, ip } = await funnelSetup({ requireApproval: true }, true);
    const answer = (await (await track(bed, funnel.uuid, 'click', { visitId: crypto.randomUUID() }, { 'x-forwarded-for': ip })).json()) as { link: string };
    const link = bed.emulator.control.chatState(chat.id).inviteLinks.find((item) => item.invite_link === answer.link);
    expect(link).toMatchObject({ creates_join_request: true });
    expect(link?.member_limit).toBeUndefined();
  });
});
