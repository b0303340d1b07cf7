/** Constants shared by playwright.config.ts and the journeys. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** The e2e server is started with this secret so a journey can mint an already-expired access token. */
export const E2E_JWT_SECRET = 'e2e-jwt-secret-that-is-long-enough-0123456789';
