/**
 * The join gate of one chat (docs/product.md#acessos) through TanStack Query: its rule and the gate's decisions.
 * Not in the offline cache (paid access is server-only): read and changed with a connection; answers parsed with
 * the shared schemas.
 */
import { useQuery } from '@tanstack/react-query';
import { gateDecisionsResponseSchema, joinGateResponseSchema, JOIN_GATE_TEXTS, type JoinRule } from '@shared/access/join-gate.ts';
import { api } from '../../../lib/api.ts';
import { useEntityMutation } from '../../../lib/use-entity-mutation.ts';

export const JOIN_GATE_TOASTS = {
  loadFailed: 'Não foi possível carregar a regra de entrada',
  loadDecisionsFailed: 'Não foi possível carregar as decisões do porteiro',
  saveFailed: 'Não foi possível salvar a regra de entrada',
  saved: JOIN_GATE_TEXTS.saved,
} as const;

export const joinGateKeys = {
  all: (channelId: string) => ['join-gate', channelId] as const,
  decisions: (channelId: string, page: number) => ['join-gate', channelId, 'decisions', page] as const,
};

/** The decisions are read again every so often: requests arrive while the screen is open. */
const REFRESH_MS = 15_000;

export const useJoinGate = (channelId: string, enabled: boolean) =>
  useQuery({
    queryKey: joinGateKeys.all(channelId),
    queryFn: async () => (await api.get(`/access/gate/${channelId}`, { schema: joinGateResponseSchema, fallbackMessage: JOIN_GATE_TOASTS.loadFailed })).data.gate,
    enabled,
    meta: { errorMessage: JOIN_GATE_TOASTS.loadFailed },
  });

export const useGateDecisions = (channelId: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: joinGateKeys.decisions(channelId, page),
    queryFn: async () =>
      (await api.get(`/access/gate/${channelId}/decisions?page=${page}&limit=10`, { schema: gateDecisionsResponseSchema, fallbackMessage: JOIN_GATE_TOASTS.loadDecisionsFailed })).data,
    enabled,
    refetchInterval: REFRESH_MS,
    meta: { errorMessage: JOIN_GATE_TOASTS.loadDecisionsFailed },
  });

export const useSaveJoinRule = (channelId: string) =>
  useEntityMutation({
    call: async (rule: JoinRule) =>
      (await api.request(`/access/gate/${channelId}`, { method: 'PUT', body: { rule }, schema: joinGateResponseSchema, fallbackMessage: JOIN_GATE_TOASTS.saveFailed })).data.gate,
    failed: JOIN_GATE_TOASTS.saveFailed,
    succeeded: JOIN_GATE_TOASTS.saved,
    invalidates: joinGateKeys.all(channelId),
  });
