/**
 * The client's registry of offline mutations: one line per feature, each feature declaring its mutations beside its
 * screens (features/<f>/offline-mutations.ts). It lives above the features because the offline layer may not import
 * them; the signed-in area installs it before any screen queues or replays a change (routes/_authenticated.tsx).
 * Its type demands a declaration for every name of shared/sync/mutations.ts.
 */
import type { ComponentType } from 'react';
import type { ClientMutations } from './offline/mutations/declaration.ts';
import { installClientMutations } from './offline/mutations/registry.ts';
import { botMutations } from './features/bots/offline-mutations.ts';
import { broadcastMutations } from './features/broadcasts/offline-mutations.ts';
import { welcomeMutations } from './features/channels/offline-mutations.ts';
import { assignmentMutations } from './features/chat/assignment-mutations.ts';
import { messageMutations } from './features/chat/offline-mutations.ts';
import { contactMutations } from './features/contacts/offline-mutations.ts';
import { graphMutations } from './features/flow-editor/offline-mutations.ts';
import { flowMutations } from './features/flows/offline-mutations.ts';
import { labelMutations } from './features/labels/offline-mutations.ts';

export const CLIENT_MUTATIONS: ClientMutations = {
  ...botMutations,
  ...welcomeMutations,
  ...flowMutations,
  ...graphMutations,
  ...messageMutations,
  ...assignmentMutations,
  ...contactMutations,
  ...broadcastMutations,
  ...labelMutations,
};

/**
 * The signed-in layout with the registry installed. Installing when the layout's chunk loads keeps the
 * declarations (and the schemas they apply) out of /login's first download.
 */
export function withOfflineMutations<Layout extends ComponentType>(layout: Layout): Layout {
  installClientMutations(CLIENT_MUTATIONS);
  return layout;
}
