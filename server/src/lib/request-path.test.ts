import { describe, expect, test } from 'bun:test';
import { pathOf } from './request-path.ts';

describe('pathOf', () => {
  test.each([
    ['http://localhost:3000/api/x?y=1#z', '/api/x'],
    ['https://canalize.exemplo.com.br/', '/'],
    ['https://canalize.exemplo.com.br', '/'],
    ['http://h/a/b#frag', '/a/b'],
    ['/login?next=/flows', '/login'],
    ['/api/js/x.js', '/api/js/x.js'],
  ])('%s → %s', (url, path) => expect(pathOf(url)).toBe(path));
});
