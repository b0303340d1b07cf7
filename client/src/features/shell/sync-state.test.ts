import { describe, expect, test } from 'bun:test';
import { syncStateOf } from './sync-state.ts';

describe('header sync state', () => {
  test("the browser's offline flag wins over the last attempt", () => {
    expect(syncStateOf({ phase: 'syncing', online: false })).toBe('offline');
    expect(syncStateOf({ phase: 'offline', online: true })).toBe('offline');
    expect(syncStateOf({ phase: 'idle', online: true })).toBe('online');
    expect(syncStateOf({ phase: 'syncing', online: true })).toBe('syncing');
    expect(syncStateOf({ phase: 'paused', online: true })).toBe('paused');
  });
});
