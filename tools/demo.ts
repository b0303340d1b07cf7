/**
 * `bun run demo`: try every bot and channel screen without a real Telegram bot.
 * Starts the Bot API emulator in this process (with a demo bot, users and chats where the bot is already an
 * administrator: those my_chat_member updates wait in the emulator until the product polls), then the product
 * as its own process (`bun server/src/index.ts`) pointed at the emulator, and prints what to do next.
 *   PORT or DEMO_PORT (3000) · EMULATOR_PORT (8081) · DEMO_BOT_TOKEN · DATA_DIR (./data-demo) · EMULATOR_RATE_LIMITS=off
 */
import { createTelegramEmulator } from './telegram-emulator/emulator.ts';

const appPort = Number(process.env.PORT ?? process.env.DEMO_PORT ?? 3000);
const emulatorPort = Number(process.env.EMULATOR_PORT ?? 8081);
const token = process.env.DEMO_BOT_TOKEN ?? '7000000001:AAHdemoCanalizeTokenParaTestes_0123456';
const dataDir = process.env.DATA_DIR ?? './data-demo';

const emulator = createTelegramEmulator({
  port: emulatorPort,
  ...(process.env.EMULATOR_RATE_LIMITS === 'off' ? { rateLimits: false } : {}),
});
const { control } = emulator;
control.createBot({ token, username: 'canalize_demo_bot', first_name: 'Canalize Demo' });
const ana = control.createUser({ first_name: 'Ana', last_name: 'Souza', username: 'ana_souza', language_code: 'pt-br' });
const bruno = control.createUser({ first_name: 'Bruno', username: 'bruno_lima', language_code: 'pt-br' });
const carla = control.createUser({ first_name: 'Carla', last_name: 'Dias', language_code: 'pt-br' });
const channel = control.createChat({ type: 'channel', title: 'Canal Demo', creatorId: ana.id });
const group = control.createChat({ type: 'supergroup', title: 'Grupo Demo', creatorId: ana.id });
const approval = control.createChat({ type: 'supergroup', title: 'Grupo com Aprovação', creatorId: ana.id, joinByRequest: true });
const later = control.createChat({ type: 'group', title: 'Grupo Sem o Bot', creatorId: ana.id });
for (const chat of [channel, group, approval]) control.promoteBot({ chatId: chat.id, bot: token });
// Bruno talks to the bot first, so private welcomes can reach him; Carla never does (the fallback path).
control.sendPrivateMessage({ from: bruno.id, bot: token, text: '/start' });

const server = Bun.spawn(['bun', 'server/src/index.ts'], {
  env: { ...process.env, PORT: String(appPort), DATA_DIR: dataDir, TELEGRAM_API_ROOT: emulator.url },
  stdout: 'inherit',
  stderr: 'inherit',
});

const e = emulator.url;
const post = (endpoint: string, body: Record<string, unknown>) =>
  `curl -s -X POST ${e}/control/${endpoint} -H 'content-type: application/json' -d '${JSON.stringify(body)}'`;

console.log(`
━━ Canalize demo ━━
Produto:   http://localhost:${appPort}   (dados em ${dataDir}; crie uma conta em /register)
Emulador:  ${e}   (Bot API do Telegram de mentira; GET ${e}/control lista os comandos)

1. Em "Meus Bots" → "Adicionar bot", cole o token:
     ${token}
   Os chats "Canal Demo", "Grupo Demo" e "Grupo com Aprovação" aparecem nos detalhes do bot.
2. Configure a mensagem de boas-vindas de um canal e faça usuários entrarem:
     ${post('join-chat', { userId: carla.id, chatId: group.id })}
     ${post('request-join', { userId: bruno.id, chatId: approval.id })}
     ${post('approve-join-request', { chatId: approval.id, userId: bruno.id })}
     ${post('join-chat', { userId: bruno.id, chatId: channel.id })}
3. Veja o que o bot enviou:
     curl -s '${e}/control/sent-messages?token=${encodeURIComponent(token)}'
4. Promova o bot em outro grupo (depois clique em Sincronizar ou recarregue):
     ${post('promote-bot', { chatId: later.id, bot: token })}
   Outros: send-private-message {from, bot, text}, block-bot {userId, bot}, demote-bot {chatId, bot},
   migrate-to-supergroup {chatId}, create-user {first_name}, create-bot {username} (outro token).
5. Acessos pagos: crie um plano em "Acessos" (bot demo, "Grupo Demo") e simule uma compra no webhook genérico,
   com o ID do plano e a chave do webhook genérico que a tela do plano mostra:
${testPurchase(appPort)}
Usuários: Ana ${ana.id} (dona dos chats), Bruno ${bruno.id} (já iniciou o bot), Carla ${carla.id}.
Ctrl+C encerra tudo.
`);

/** A signed purchase.approved on the generic webhook (X-Canalize-Signature: t, HMAC-SHA256 of "t.body"), in sh. */
function testPurchase(port: number) {
  const body = JSON.stringify({ event: 'purchase.approved', transactionId: 'demo-$(date +%s)', buyer: { email: 'compradora@exemplo.com', name: 'Compradora Demo' }, amount: 49.9, currency: 'BRL' });
  return [
    `     PLANO='cole o ID do plano'; CHAVE='cole a chave do webhook genérico'`,
    `     CORPO="${body.replaceAll('"', '\\"')}"; T=$(date +%s)`,
    `     ASS=$(printf '%s' "$T.$CORPO" | openssl dgst -sha256 -hmac "$CHAVE" | sed 's/^.* //')`,
    `     curl -s -X POST http://localhost:${port}/api/access/webhooks/$PLANO/generic -H 'content-type: application/json' -H "X-Canalize-Signature: t=$T,v1=$ASS" -d "$CORPO"`,
  ].join('\n');
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await server.exited;
  await emulator.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
const code = await server.exited;
if (!stopping) {
  console.error(`O servidor do Canalize terminou (código ${code}).`);
  await emulator.stop();
  process.exit(code || 1);
}
