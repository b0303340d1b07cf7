/**
 * The "Acesso pago" trigger's events (docs/product.md#acessos): what happens to a buyer's paid access that an
 * operator answers with a flow in the buyer's private chat — the two reminders before access_until, the end, and
 * the gateway's payment news. pt-BR labels as the editor's select shows them.
 */
export const ACCESS_EVENTS = ['expires_in_3_days', 'expires_tomorrow', 'expired', 'payment_approved', 'refunded', 'payment_late'] as const;
export type AccessEvent = (typeof ACCESS_EVENTS)[number];

export const ACCESS_EVENT_LABELS: Record<AccessEvent, string> = {
  expires_in_3_days: 'Expira em 3 dias',
  expires_tomorrow: 'Expira amanhã',
  expired: 'Expirou',
  payment_approved: 'Pagamento aprovado',
  refunded: 'Reembolso',
  payment_late: 'Pagamento atrasado',
};

/** The reminders the expiry sweep fires before access_until: the window each one opens, in days. */
export const REMINDER_DAYS = { expires_in_3_days: 3, expires_tomorrow: 1 } as const satisfies Partial<Record<AccessEvent, number>>;
