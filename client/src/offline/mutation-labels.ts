/** How a queued change is named to the user (rejected list, toasts), in pt-BR: each mutation's declared texts. */
import { isMutationName, mutationArgsSchemas, type MutationName, type ParsedMutationArgs } from '@shared/sync/mutations.ts';
import type { MutationEnvelope } from '@shared/sync/protocol.ts';
import type { ClientMutation, MutationText } from './mutations/declaration.ts';
import { clientMutation } from './mutations/registry.ts';

/** A declared text, worked out from the envelope's args when it depends on them. */
function textOf<N extends MutationName>(name: N, args: unknown, pick: (mutation: ClientMutation<N>) => MutationText<N>): string {
  const text = pick(clientMutation(name));
  if (typeof text === 'string') return text;
  const parsed = mutationArgsSchemas[name].safeParse(args);
  // The schema picked by `name` parses the args the declaration of the same N takes.
  return text(parsed.success ? (parsed.data as ParsedMutationArgs<N>) : undefined);
}

/** The failure toast of the write, shown when the server refuses the queued change. */
export function refusalTitle(envelope: Pick<MutationEnvelope, 'name' | 'args'>): string {
  if (!isMutationName(envelope.name)) return SYNC_UI_TEXTS.rejectedToast(mutationLabel(envelope));
  return textOf(envelope.name, envelope.args, (mutation) => mutation.refusalTitle);
}

export function mutationLabel(envelope: Pick<MutationEnvelope, 'name' | 'args'>): string {
  return isMutationName(envelope.name) ? textOf(envelope.name, envelope.args, (mutation) => mutation.label) : 'Alteração';
}

export const SYNC_UI_TEXTS = {
  online: 'Online',
  offline: 'Offline',
  syncing: 'Sincronizando…',
  paused: 'Sincronização pausada',
  retry: 'Falha ao sincronizar',
  pending: (count: number) => (count === 1 ? '1 alteração pendente' : `${count} alterações pendentes`),
  rejected: (count: number) => (count === 1 ? '1 alteração recusada' : `${count} alterações recusadas`),
  rejectedToast: (label: string) => `Alteração recusada pelo servidor: ${label}`,
  savedOffline: 'Salvo neste aparelho. Será enviado quando a conexão voltar.',
  synced: (count: number) => (count === 1 ? 'Alteração feita sem conexão sincronizada' : `${count} alterações feitas sem conexão sincronizadas`),
} as const;

/** Toast id of "saved on this device": the offline saves share one toast, and the sync that sends them takes it away. */
export const OFFLINE_SAVED_TOAST_ID = 'saved-offline';
