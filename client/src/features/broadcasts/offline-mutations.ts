/**
 * Broadcast drafts written offline (docs/decisions.md#broadcast-screens). Broadcasts are not synced tables: the
 * screens read the server (TanStack Query) and lay the still-queued `broadcast.*` entries over its answer
 * (utils/local-drafts.ts), so the optimistic state IS the outbox entry and these applies write no rows. A refused
 * entry leaves the queue at once, which takes its effect back on every screen.
 */
import type { broadcastMutationArgs } from '@shared/broadcasts/mutations.ts';
import { BROADCAST_TOASTS } from '@shared/broadcasts/texts.ts';
import type { ClientMutationsOf } from '../../offline/mutations/declaration.ts';

const noRows = async () => {};

export const broadcastMutations: ClientMutationsOf<keyof typeof broadcastMutationArgs> = {
  'broadcast.create': { apply: noRows, label: 'Criar disparo', refusalTitle: BROADCAST_TOASTS.saveFailed },
  'broadcast.update': { apply: noRows, label: 'Editar disparo', refusalTitle: BROADCAST_TOASTS.saveFailed },
  'broadcast.delete': { apply: noRows, label: 'Remover disparo', refusalTitle: BROADCAST_TOASTS.deleteFailed },
};
