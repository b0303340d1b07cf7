/**
 * The offline layer sits below the features, so it does not import their declarations: the app hands it the
 * complete table once (client/src/offline-mutations.ts) before the signed-in screens run, and everything that applies,
 * names or announces a queued change looks its declaration up here.
 */
import type { MutationName } from '@shared/sync/mutations.ts';
import type { ClientMutation, ClientMutations } from './declaration.ts';

let installed: ClientMutations | undefined;

export function installClientMutations(table: ClientMutations): void {
  installed = table;
}

export function clientMutation<N extends MutationName>(name: N): ClientMutation<N> {
  if (!installed) throw new Error('mutações offline não instaladas (client/src/offline-mutations.ts)');
  const table: ClientMutations = installed;
  return table[name];
}
