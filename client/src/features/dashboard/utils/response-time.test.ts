import { expect, test } from 'bun:test';
import { formatResponseTime } from './response-time.ts';

test('first response times read in pt-BR at the unit that matters', () => {
  expect([null, 45, 210, 3600, 3900, 90_000, 172_800].map(formatResponseTime)).toEqual(['—', '45 s', '4 min', '1 h', '1 h 5 min', '1 d 1 h', '2 d']);
});
