/**
 * The webhook receiver in a process of its own, for bench/webhook-deliveries.bench.ts: the deliveries' receiving end
 * then takes no time from the thread that records and sends them. Prints its base URL and a control URL; the
 * control answers GET /count (arrivals so far) and GET /arrivals (each event's id and arrival on the wall clock,
 * performance.timeOrigin + performance.now(), comparable across processes).
 */
import { webhookReceiver } from '../../server/src/test-support/webhook-receiver.ts';

const receiver = webhookReceiver();
const control = Bun.serve({
  port: 0,
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/count') return new Response(String(receiver.received.length));
    const arrivals = receiver.received.map((entry) => ({ eventId: entry.eventId, body: entry.body, at: performance.timeOrigin + entry.at }));
    return Response.json(arrivals);
  },
});
process.stdout.write(`${receiver.url('')} http://127.0.0.1:${control.port}\n`);
process.on('SIGTERM', () => void Promise.all([receiver.stop(), control.stop(true)]).then(() => process.exit(0)));
