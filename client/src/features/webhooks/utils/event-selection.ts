/**
 * The event picker's rules (docs/product.md#screen-webhooks): events chosen one by one or a whole area at once; an
 * area is "all", "some" (shown as a mixed checkbox) or "none". The order of the answer follows the shared event list,
 * whatever the order of the clicks, so a saved subscription reads the same way it is shown.
 */
import { SUBSCRIBABLE_EVENT_TYPES, type SubscribableEventType } from '@shared/webhooks/events.ts';

export type GroupState = 'all' | 'some' | 'none';

const inListOrder = (chosen: ReadonlySet<string>): SubscribableEventType[] => SUBSCRIBABLE_EVENT_TYPES.filter((type) => chosen.has(type));

export function toggleEvent(selected: readonly SubscribableEventType[], type: SubscribableEventType): SubscribableEventType[] {
  const chosen = new Set<string>(selected);
  if (chosen.has(type)) chosen.delete(type);
  else chosen.add(type);
  return inListOrder(chosen);
}

export function groupState(selected: readonly string[], types: readonly string[]): GroupState {
  const count = types.filter((type) => selected.includes(type)).length;
  return count === 0 ? 'none' : count === types.length ? 'all' : 'some';
}

/** A whole area: a full one is emptied, any other is completed. */
export function toggleGroup(selected: readonly SubscribableEventType[], types: readonly SubscribableEventType[]): SubscribableEventType[] {
  const chosen = new Set<string>(selected);
  const full = groupState(selected, types) === 'all';
  for (const type of types) {
    if (full) chosen.delete(type);
    else chosen.add(type);
  }
  return inListOrder(chosen);
}

/** Every event, or none when every one is already chosen. */
export const toggleAll = (selected: readonly SubscribableEventType[]): SubscribableEventType[] => toggleGroup(selected, SUBSCRIBABLE_EVENT_TYPES);
