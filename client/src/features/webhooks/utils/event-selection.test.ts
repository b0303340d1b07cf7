import { describe, expect, test } from 'bun:test';
import { SUBSCRIBABLE_EVENT_TYPES } from '@shared/webhooks/events.ts';
import { groupState, toggleAll, toggleEvent, toggleGroup } from './event-selection.ts';

const contacts = ['contact.created', 'contact.updated'] as const;

describe('event selection', () => {
  test('one event on and off, answered in the shared list order whatever the click order', () => {
    const chosen = toggleEvent(toggleEvent([], 'message.sent'), 'contact.created');
    expect(chosen).toEqual(['contact.created', 'message.sent']);
    expect(toggleEvent(chosen, 'message.sent')).toEqual(['contact.created']);
  });

  test('an area is all, some or none', () => {
    expect(groupState([], contacts)).toBe('none');
    expect(groupState(['contact.updated'], contacts)).toBe('some');
    expect(groupState(['contact.created', 'contact.updated', 'message.sent'], contacts)).toBe('all');
  });

  test('an area in part is completed, a full one emptied, the others kept', () => {
    const completed = toggleGroup(['message.sent', 'contact.updated'], contacts);
    expect(completed).toEqual(['contact.created', 'contact.updated', 'message.sent']);
    expect(toggleGroup(completed, contacts)).toEqual(['message.sent']);
  });

  test('all events, then none', () => {
    const all = toggleAll(['access.granted']);
    expect(all).toEqual([...SUBSCRIBABLE_EVENT_TYPES]);
    expect(all).not.toContain('webhook.test');
    expect(toggleAll(all)).toEqual([]);
  });
});
