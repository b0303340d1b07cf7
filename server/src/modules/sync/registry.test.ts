import { expect, test } from 'bun:test';
import { MUTATION_NAMES } from '@shared/sync/mutations.ts';
import { opensSavepoint, SERVER_MUTATIONS } from './mutations.ts';

test('the server registry declares exactly the mutations of the shared contract', () => {
  expect(Object.keys(SERVER_MUTATIONS).sort()).toEqual([...MUTATION_NAMES].sort());
});

test('a mutation that may sit between a skipped overwrite and its stand-in opens no savepoint (supersede.ts)', () => {
  const unrelatedWithSavepoint = MUTATION_NAMES.filter((name) => SERVER_MUTATIONS[name].unrelated !== undefined && opensSavepoint(name));
  expect(unrelatedWithSavepoint).toEqual([]);
});
