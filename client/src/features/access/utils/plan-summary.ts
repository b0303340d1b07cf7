import type { Plan } from '@shared/access/plans.ts';
import { formatCount } from '../../../lib/format.ts';

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 49,90", or a dash when the plan has no price. */
export const priceLabel = (plan: Pick<Plan, 'priceCents'>) => (plan.priceCents === null ? '—' : money.format(plan.priceCents / 100));

/** "30 dias" or "Vitalício", with the grace period: "30 dias · carência de 1 dia". */
export const durationLabel = (plan: Pick<Plan, 'lifetime' | 'durationDays' | 'graceDays'>) =>
  `${plan.lifetime || plan.durationDays === null ? 'Vitalício' : formatCount(plan.durationDays, 'dia', 'dias')} · carência de ${formatCount(plan.graceDays, 'dia', 'dias')}`;

/** What to do when the bot cannot invite and ban in a chat of the plan. */
export const NOT_READY_FIX =
  'Em Telegram, abra o chat › Administradores › o bot e ative "Convidar usuários" e "Banir usuários"; depois toque em Sincronizar em Meus Bots.';
