/**
 * The join gate of a chat (docs/product.md#acessos): what the bot does with a join request from someone without
 * access, and what it decided. In a chat of an active plan a holder of access is always approved; the rule only
 * speaks for the others, and a human check never opens a paid chat (a passed puzzle there is still declined).
 */
import { z } from 'zod';
import { paginationSchema, successEnvelope } from '../api/envelope.ts';

export const JOIN_RULES = ['admins', 'decline', 'challenge'] as const;
export type JoinRule = (typeof JOIN_RULES)[number];

export const JOIN_RULE_LABELS: Record<JoinRule, string> = {
  admins: 'Deixar para os administradores',
  decline: 'Recusar',
  challenge: 'Desafio anti-robô',
};

export const JOIN_RULE_HINTS: Record<JoinRule, string> = {
  admins: 'O bot não responde: os administradores aprovam ou recusam no Telegram (ou a boas-vindas aprova sozinha, se configurada).',
  decline: 'O bot recusa todo pedido de quem não tem acesso.',
  challenge: 'O bot manda no privado um desafio de botões; quem acerta em até 5 minutos entra, quem erra ou não responde é recusado.',
};

/** The rule when the chat has none stored: today's behaviour outside plans, closed in a plan's chats. */
export const defaultJoinRule = (inPlan: boolean): JoinRule => (inPlan ? 'decline' : 'admins');

/** What a stored rule means for a non-holder: in a plan's chats the human check declines (it never sells access). */
export const effectiveJoinRule = (rule: JoinRule | null, inPlan: boolean): JoinRule => {
  const chosen = rule ?? defaultJoinRule(inPlan);
  return inPlan && chosen === 'challenge' ? 'decline' : chosen;
};

export const GATE_DECISIONS = ['approved', 'declined', 'removed', 'kept', 'challenged'] as const;
export type GateDecisionKind = (typeof GATE_DECISIONS)[number];

export const GATE_DECISION_LABELS: Record<GateDecisionKind, string> = {
  approved: 'Aprovado',
  declined: 'Recusado',
  removed: 'Removido',
  kept: 'Mantido',
  challenged: 'Desafio enviado',
};

export const JOIN_GATE_TEXTS = {
  challengeInPlan: 'O desafio anti-robô não vale para chats de um plano ativo: quem não tem acesso é recusado.',
  ruleInvalid: 'Escolha uma regra válida',
  saved: 'Regra de entrada salva',
} as const;

/** PUT /access/gate/{channelId} */
export const updateJoinGateInputSchema = z.object({
  rule: z.enum(JOIN_RULES, { error: JOIN_GATE_TEXTS.ruleInvalid }),
});
export type UpdateJoinGateInput = z.infer<typeof updateJoinGateInputSchema>;

export const joinGateSchema = z.object({
  channelId: z.string(),
  /** The stored rule; null: the default. */
  rule: z.enum(JOIN_RULES).nullable(),
  /** What a request of someone without access meets now. */
  effectiveRule: z.enum(JOIN_RULES),
  /** The active plans opening this chat (empty: a free chat). */
  plans: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type JoinGate = z.infer<typeof joinGateSchema>;

export const gateDecisionSchema = z.object({
  id: z.string(),
  telegramId: z.string(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  decision: z.enum(GATE_DECISIONS),
  reason: z.string(),
  memberId: z.string().nullable(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  createdAt: z.string(),
});
export type GateDecision = z.infer<typeof gateDecisionSchema>;

const pageNumber = z.coerce.number({ error: 'Página inválida' }).int({ error: 'Página inválida' }).min(1, { error: 'Página inválida' });

/** GET /access/gate/{channelId}/decisions */
export const gateDecisionsQuerySchema = z.object({
  page: pageNumber.default(1),
  limit: pageNumber.max(100, { error: 'Limite inválido' }).default(20),
});

export const joinGateResponseSchema = successEnvelope(z.object({ gate: joinGateSchema }));
export const gateDecisionsResponseSchema = successEnvelope(z.object({ decisions: z.array(gateDecisionSchema), pagination: paginationSchema }));
