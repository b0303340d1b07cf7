import { describe, expect, test } from 'bun:test';
import { needsHomeScreenInstall } from './web-push.ts';

const device = (userAgent: string, platform = '', maxTouchPoints = 0) => ({ userAgent, platform, maxTouchPoints }) as Navigator;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('needsHomeScreenInstall', () => {
  test('iPhone and iPad Safari outside the installed app: yes; installed, or any other device: no', () => {
    expect(needsHomeScreenInstall(device(IPHONE, 'iPhone'), false)).toBe(true);
    expect(needsHomeScreenInstall(device(IPAD_DESKTOP_MODE, 'MacIntel', 5), false)).toBe(true);
    expect(needsHomeScreenInstall(device(IPHONE, 'iPhone'), true)).toBe(false);
    expect(needsHomeScreenInstall(device(IPAD_DESKTOP_MODE, 'MacIntel', 0), false)).toBe(false);
    expect(needsHomeScreenInstall(device('Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile', 'Linux armv8l', 5), false)).toBe(false);
  });
});
