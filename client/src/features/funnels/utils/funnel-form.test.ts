import { describe, expect, test } from 'bun:test';
import { FUNNEL_TEXTS } from '@shared/funnels/schemas.ts';
import { canInvite, checkCreateFunnel, emptyFunnelForm } from './funnel-form.ts';

const BOT = '11111111-1111-4111-8111-111111111111';
const CHANNEL = '22222222-2222-4222-8222-222222222222';
const PIXEL = '33333333-3333-4333-8333-333333333333';

describe('funnel creation rules', () => {
  test('bot, channel and name are required, with one sentence', () => {
    const check = checkCreateFunnel(emptyFunnelForm());
    expect(check).toEqual({
      ok: false,
      summary: FUNNEL_TEXTS.requiredFields,
      errors: { botId: FUNNEL_TEXTS.requiredFields, channelId: FUNNEL_TEXTS.requiredFields, name: FUNNEL_TEXTS.requiredFields },
    });
  });

  test('blank description and landing URL are not sent; no pixel is not sent', () => {
    const check = checkCreateFunnel({ ...emptyFunnelForm(), botId: BOT, channelId: CHANNEL, name: ' Lançamento ', description: '  ', landingUrl: ' ' });
    expect(check.ok).toBe(true);
    if (check.ok) expect(JSON.parse(JSON.stringify(check.input))).toEqual({ botId: BOT, channelId: CHANNEL, name: 'Lançamento', requireApproval: false });
  });

  test('sends the filled optional fields and the pixel', () => {
    const check = checkCreateFunnel({
      botId: BOT,
      channelId: CHANNEL,
      name: 'Lançamento',
      description: 'Campanha de novembro',
      landingUrl: 'https://exemplo.com.br/lp',
      requireApproval: true,
      pixelIntegrationId: PIXEL,
    });
    expect(check).toEqual({
      ok: true,
      input: { botId: BOT, channelId: CHANNEL, name: 'Lançamento', description: 'Campanha de novembro', landingUrl: 'https://exemplo.com.br/lp', requireApproval: true, pixelIntegrationId: PIXEL },
    });
  });

  test('the landing URL must be a URL', () => {
    const check = checkCreateFunnel({ ...emptyFunnelForm(), botId: BOT, channelId: CHANNEL, name: 'Lançamento', landingUrl: 'exemplo.com' });
    expect(check).toEqual({ ok: false, summary: undefined, errors: { landingUrl: FUNNEL_TEXTS.landingUrlInvalid } });
  });
});

test('a channel whose bot may not invite users cannot carry a funnel; unknown rights are left to the server', () => {
  const rights = { canPostMessages: true, canDeleteMessages: false, canRestrictMembers: false };
  expect(canInvite({ botRights: { ...rights, canInviteUsers: false } })).toBe(false);
  expect(canInvite({ botRights: { ...rights, canInviteUsers: true } })).toBe(true);
  expect(canInvite({ botRights: null })).toBe(true);
});
