import { describe, expect, test } from 'bun:test';
import { shouldApplyUpdate } from './service-worker.ts';

describe('applying a new version', () => {
  test('by itself only with an empty outbox and no field being typed in', () => {
    expect(shouldApplyUpdate({ pending: 0, editing: false })).toBe(true);
    expect(shouldApplyUpdate({ pending: 2, editing: false })).toBe(false);
    expect(shouldApplyUpdate({ pending: 0, editing: true })).toBe(false);
  });
});
