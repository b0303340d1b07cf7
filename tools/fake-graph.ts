/**
 * The fake Meta Graph endpoint (server/src/test-support/fake-graph.ts) as a process of its own, for the end-to-end
 * suite: the e2e server's META_GRAPH_URL points here, and journeys read what arrived at `GET /_requests`.
 *   PORT (3197)
 */
import { createFakeGraph } from '../server/src/test-support/fake-graph.ts';

const graph = createFakeGraph({ port: Number(process.env.PORT ?? 3197) });
console.log(`fake Graph API on ${graph.url}`);
process.on('SIGTERM', () => void graph.stop().then(() => process.exit(0)));
process.on('SIGINT', () => void graph.stop().then(() => process.exit(0)));
