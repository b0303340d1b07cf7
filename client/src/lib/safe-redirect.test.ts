import { describe, expect, test } from 'bun:test';
import { loginSearch, safeRedirectPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  test('keeps a path of the app with its query and hash', () => {
    expect(safeRedirectPath('/flows/0b7c2f1e-1111-4222-8333-944455556666/edit')).toBe('/flows/0b7c2f1e-1111-4222-8333-944455556666/edit');
    expect(safeRedirectPath('/contacts?funnelId=abc#topo')).toBe('/contacts?funnelId=abc#topo');
  });

  test('refuses anything that could leave the origin', () => {
    for (const value of ['//evil.com', '//evil.com/flows', 'https://evil.com', 'http://evil.com/x', 'javascript:alert(1)', '/\\evil.com', '\\\\evil.com', '/\t/evil.com', ' /flows', 'flows', '']) {
      expect(safeRedirectPath(value)).toBeUndefined();
    }
  });

  test('refuses the sign-in screens and values that are not text', () => {
    expect(safeRedirectPath('/login')).toBeUndefined();
    expect(safeRedirectPath('/register?x=1')).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
    expect(safeRedirectPath(undefined)).toBeUndefined();
  });
});

describe('loginSearch', () => {
  test('names the page asked for, except the dashboard where signing in lands anyway', () => {
    expect(loginSearch('/flows/abc/edit?x=1')).toEqual({ redirect: '/flows/abc/edit?x=1' });
    expect(loginSearch('/dashboard')).toEqual({});
    expect(loginSearch('/')).toEqual({});
  });
});
