// `bun run emulator`: the Bot API emulator as a standalone server.
//   PORT            port to listen on (default 8081)
//   DEMO_BOT_TOKEN  when set, registers a demo bot with this token, two users, a channel and a supergroup where
//                   the bot is an administrator (the my_chat_member updates wait in the bot's queue until the
//                   product starts polling), so `bun run demo` has something to show.
//   DEMO_BOT_USERNAME  username of that bot (default canalize_demo_bot)
//   EMULATOR_RATE_LIMITS=off  disables flood control; EMULATOR_VERBOSE=1 logs every call.
import { CONTROL_ENDPOINTS } from './control/control-http.ts';
import type { EmulatorControl } from './control/control-api.ts';
import { createTelegramEmulator } from './emulator.ts';

function seedDemo(control: EmulatorControl, token: string, username: string): void {
  control.createBot({ token, username, first_name: 'Canalize Demo' });
  const ana = control.createUser({ first_name: 'Ana', last_name: 'Souza', username: 'ana_souza', language_code: 'pt-br' });
  const bruno = control.createUser({ first_name: 'Bruno', username: 'bruno_lima', language_code: 'pt-br' });
  const channel = control.createChat({ type: 'channel', title: 'Canal Demo', creatorId: ana.id });
  const group = control.createChat({ type: 'supergroup', title: 'Grupo Demo', creatorId: ana.id });
  control.promoteBot({ chatId: channel.id, bot: token });
  control.promoteBot({ chatId: group.id, bot: token });
  console.log(`demo bot @${username}; users Ana ${ana.id}, Bruno ${bruno.id}; channel ${channel.id}; supergroup ${group.id}`);
}

const port = Number(process.env.PORT ?? 8081);
const emulator = createTelegramEmulator({
  port,
  ...(process.env.EMULATOR_RATE_LIMITS === 'off' ? { rateLimits: false } : {}),
  verbose: process.env.EMULATOR_VERBOSE === '1',
});

console.log(`Telegram Bot API emulator on ${emulator.url}`);
console.log(`  Bot API:  ${emulator.url}/bot<token>/<method>   (grammY: client.apiRoot = "${emulator.url}")`);
console.log(`  Control:  POST ${emulator.url}/control/<endpoint> with a JSON body; GET ${emulator.url}/control lists them`);
console.log(`            ${CONTROL_ENDPOINTS.join(', ')}`);

const demoToken = process.env.DEMO_BOT_TOKEN;
if (demoToken) seedDemo(emulator.control, demoToken, process.env.DEMO_BOT_USERNAME ?? 'canalize_demo_bot');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void emulator.stop().then(() => process.exit(0));
  });
}
