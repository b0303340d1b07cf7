import { expect, test } from 'bun:test';
import { throttledFunnelActivity } from './live-activity.ts';

test('the first activity of a funnel is told at once; a burst becomes one more event at the end of the window', async () => {
  const told: string[] = [];
  const activity = throttledFunnelActivity((userId, funnelId) => told.push(`${userId}:${funnelId}`), 40);
  activity('u1', 'f1');
  activity('u2', 'f2');
  expect(told).toEqual(['u1:f1', 'u2:f2']);
  for (let i = 0; i < 50; i++) activity('u1', 'f1');
  expect(told).toHaveLength(2);
  await Bun.sleep(120);
  expect(told).toEqual(['u1:f1', 'u2:f2', 'u1:f1']);
  // A quiet window closes the funnel's throttle: the next visit is told at once again.
  await Bun.sleep(60);
  activity('u1', 'f1');
  expect(told).toHaveLength(4);
  activity.close();
});
