import { expect, test } from 'bun:test';
import { MUTATION_NAMES } from '@shared/sync/mutations.ts';
import { CLIENT_MUTATIONS } from '../../offline-mutations.ts';

test('the client registry declares exactly the mutations of the shared contract', () => {
  expect(Object.keys(CLIENT_MUTATIONS).sort()).toEqual([...MUTATION_NAMES].sort());
});
