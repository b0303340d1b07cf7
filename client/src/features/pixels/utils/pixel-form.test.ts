import { describe, expect, test } from 'bun:test';
import { PIXEL_TEXTS } from '@shared/pixels/schemas.ts';
import { checkCreatePixel, checkTestEventCode, checkUpdatePixel, pixelFormFrom } from './pixel-form.ts';

const TOKEN = 'EAABsbCS1iHgBAOZA8ZBx7ZCrZBZAzZBZCcZD';

describe('register a pixel', () => {
  test('asks for name, Pixel ID and token with the one sentence of the docs', () => {
    const check = checkCreatePixel({ name: ' ', pixelId: '', accessToken: '' });
    expect(check).toEqual({
      ok: false,
      summary: PIXEL_TEXTS.createRequired,
      errors: { name: PIXEL_TEXTS.createRequired, pixelId: PIXEL_TEXTS.createRequired, accessToken: PIXEL_TEXTS.createRequired },
    });
  });

  test('sends trimmed values', () => {
    expect(checkCreatePixel({ name: '  Loja  ', pixelId: ' 123456789012345 ', accessToken: ` ${TOKEN}\n` })).toEqual({
      ok: true,
      input: { name: 'Loja', pixelId: '123456789012345', accessToken: TOKEN },
    });
  });

  test('a malformed Pixel ID or token gets its own text under the field, no summary', () => {
    const check = checkCreatePixel({ name: 'Loja', pixelId: '12ab', accessToken: 'curto' });
    expect(check).toEqual({ ok: false, summary: undefined, errors: { pixelId: PIXEL_TEXTS.pixelIdInvalid, accessToken: PIXEL_TEXTS.accessTokenInvalid } });
  });
});

describe('edit a pixel', () => {
  test('starts from the pixel with a blank token', () => {
    expect(pixelFormFrom({ name: 'Loja', pixelId: '123456' })).toEqual({ name: 'Loja', pixelId: '123456', accessToken: '' });
  });

  test('requires name and Pixel ID with the edit sentence', () => {
    const check = checkUpdatePixel({ name: '', pixelId: '', accessToken: '' });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.summary).toBe(PIXEL_TEXTS.editRequired);
  });

  test('a blank token (spaces too) is left out of the payload: the stored one stays', () => {
    for (const accessToken of ['', '   ']) {
      const check = checkUpdatePixel({ name: 'Loja', pixelId: '123456', accessToken });
      expect(check).toEqual({ ok: true, input: { name: 'Loja', pixelId: '123456' } });
      if (check.ok) expect(JSON.stringify(check.input)).not.toContain('accessToken');
    }
  });

  test('a typed token is sent, trimmed', () => {
    expect(checkUpdatePixel({ name: 'Loja', pixelId: '123456', accessToken: ` ${TOKEN} ` })).toEqual({
      ok: true,
      input: { name: 'Loja', pixelId: '123456', accessToken: TOKEN },
    });
  });
});

describe('test event', () => {
  test('needs the code from Meta', () => {
    expect(checkTestEventCode('  ')).toEqual({ ok: false, error: PIXEL_TEXTS.testCodeRequired });
    expect(checkTestEventCode(' TEST123 ')).toEqual({ ok: true, code: 'TEST123' });
    expect(checkTestEventCode('X'.repeat(65))).toEqual({ ok: false, error: PIXEL_TEXTS.testCodeTooLong });
  });
});
