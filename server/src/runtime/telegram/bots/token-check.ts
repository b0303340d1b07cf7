/**
 * Token validation for `POST /bots` (docs/decisions.md#d-bots-channels): getMe through the configured API root. Telegram's answers map to
 * three outcomes the service turns into 201 / 400 / 502. The token never appears in what this returns or throws.
 */
import { Api, GrammyError } from 'grammy';
import { BOT_TOKEN_SHAPE } from '@shared/bots/schemas.ts';
import type { TokenCheck } from '../../../ports/bot-admin.ts';


export async function checkBotToken(apiRoot: string, token: string, timeoutSeconds = 10): Promise<TokenCheck> {
  if (!BOT_TOKEN_SHAPE.test(token)) return { status: 'invalid' };
  const api = new Api(token, { apiRoot, timeoutSeconds });
  try {
    return { status: 'valid', me: await api.getMe() };
  } catch (error) {
    // 401 (unknown token) and 404 (Telegram's answer to a malformed token path) both mean "this is no token".
    if (error instanceof GrammyError && (error.error_code === 401 || error.error_code === 404)) return { status: 'invalid' };
    return { status: 'unreachable' };
  }
}
