// createTelegramEmulator: a Bot API server on 127.0.0.1 that tests embed in-process and `bun run emulator` runs
// standalone. `url` is the API root to give grammY (`client.apiRoot`); `control` acts as Telegram's users.
// It is a test and demo tool speaking the real protocol, never part of the product's runtime.
import { executeMethod, handleBotApiRequest } from './api/bot-api-handler.ts';
import { createControl, type EmulatorControl } from './control/control-api.ts';
import { handleControlRequest } from './control/control-http.ts';
import { EmulatorCore, type EmulatorOptions } from './core/emulator-core.ts';

export type { EmulatorControl } from './control/control-api.ts';
export type { EmulatorOptions } from './core/emulator-core.ts';
export type { SentRecord, EmulatedUpdate } from './core/types.ts';

export interface TelegramEmulator {
  /** API root without a trailing slash, e.g. http://127.0.0.1:8081 */
  url: string;
  port: number;
  control: EmulatorControl;
  /** Handles a request without the network (the same routing the server uses). */
  fetch: (request: Request) => Promise<Response>;
  stop: () => Promise<void>;
}

const BOT_PATH = /^\/bot([^/]+)\/([A-Za-z_]+)\/?$/;

export function createRouter(core: EmulatorCore, control: EmulatorControl): (request: Request) => Promise<Response> {
  return async (request) => {
    const { pathname } = new URL(request.url);
    const bot = BOT_PATH.exec(pathname);
    if (bot) return handleBotApiRequest(core, request, decodeURIComponent(bot[1] ?? ''), bot[2] ?? '');
    if (pathname === '/control' || pathname.startsWith('/control/')) {
      return handleControlRequest(control, request, pathname.replace(/^\/control\/?/, '').replace(/\/$/, ''));
    }
    return new Response(JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' }), {
      status: 404,
      headers: { 'content-type': 'application/json' },
    });
  };
}

export function createTelegramEmulator(options: EmulatorOptions = {}): TelegramEmulator {
  const core = new EmulatorCore(options);
  core.executeMethod = (bot, method, params) => executeMethod(core, bot, method, params);
  const control = createControl(core);
  const fetch = createRouter(core, control);
  const server = Bun.serve({
    hostname: options.hostname ?? '127.0.0.1',
    port: options.port ?? 0,
    // Long polls hold requests open for their whole timeout; Bun's default idle timeout (10 s) would cut them.
    idleTimeout: 0,
    fetch,
  });
  const url = `http://${server.hostname}:${server.port}`;
  return {
    url,
    port: server.port ?? 0,
    control,
    fetch,
    stop: async () => {
      core.stopDelivery();
      await server.stop(true);
    },
  };
}
