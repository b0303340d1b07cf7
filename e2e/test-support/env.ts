/** Constants shared by playwright.config.ts and the journeys. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** The e2e server is started with this secret so a journey can mint an already-expired access token. */
export const E2E_JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-0123456789';
/** The Telegram Bot API emulator the e2e server talks to (TELEGRAM_API_ROOT) and the journeys drive (control API). */
export const E2E_EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 3198);
export const E2E_EMULATOR_URL = `http://127.0.0.1:${E2E_EMULATOR_PORT}`;
/** The fake Meta Graph endpoint (tools/fake-graph.ts) the e2e server sends Conversions API events to. */
export const E2E_GRAPH_PORT = Number(process.env.E2E_GRAPH_PORT ?? E2E_PORT + 2);
export const E2E_GRAPH_URL = `http://127.0.0.1:${E2E_GRAPH_PORT}`;
/** The local SMTP server e2e/password-reset.e2e.ts starts; the e2e server's SMTP_URL points at it. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 3);
