import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { E2E_EMULATOR_PORT, E2E_EMULATOR_URL, E2E_GRAPH_PORT, E2E_GRAPH_URL, E2E_JWT_SECRET, E2E_PORT, E2E_SMTP_PORT } from './e2e/test-support/env.ts';

/**
 * End-to-end journeys against the real server (built client, embedded database in a fresh data directory), whose
 * bots talk to the Telegram Bot API emulator (tools/telegram-emulator) instead of Telegram; the journeys act as
 * Telegram users through the emulator's HTTP control API. Rate limits are off so journeys never wait on flood control.
 * Debian's Chromium is used where it exists; elsewhere Playwright's own browser.
 */
const port = E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'canalize-e2e-'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'e2e/.artifacts/results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'allow',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: existsSync(chromium) ? chromium : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'bun tools/telegram-emulator/main.ts',
      url: `${E2E_EMULATOR_URL}/control`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { PORT: String(E2E_EMULATOR_PORT), EMULATOR_RATE_LIMITS: 'off' },
    },
    {
      command: 'bun tools/fake-graph.ts',
      url: `${E2E_GRAPH_URL}/_requests`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      env: { PORT: String(E2E_GRAPH_PORT) },
    },
    {
      command: 'bun server/src/index.ts',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        JWT_SECRET: E2E_JWT_SECRET,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        TELEGRAM_API_ROOT: E2E_EMULATOR_URL,
        META_GRAPH_URL: E2E_GRAPH_URL,
        // e2e/push.e2e.ts subscribes with a stubbed pushManager whose endpoint is on loopback (no push service here).
        PUSH_ALLOW_LOOPBACK: '1',
        // e2e/webhooks.e2e.ts delivers to a receiver it starts on loopback (webhooks share the flows' outbound guard).
        FLOW_HTTP_ALLOW_PRIVATE: '1',
        // Every journey registers from this one address.
        REGISTRATIONS_PER_ADDRESS: '100000',
        // e2e/password-reset.e2e.ts reads the reset e-mail from a local SMTP server it starts on this port; other
        // journeys never ask for one (the server connects only when a reset is requested).
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      },
    },
  ],
});
