import { UNREAD_CONVERSATIONS_CAP, type ActivityNow } from '@shared/dashboard/schemas.ts';
import { formatNumber } from '../../../lib/format.ts';

/** An "agora" figure in pt-BR; unread conversations at the API's cap read "999+". */
export function formatNowFigure(key: keyof ActivityNow, value: number): string {
  if (key === 'unreadConversations' && value >= UNREAD_CONVERSATIONS_CAP) return `${formatNumber(UNREAD_CONVERSATIONS_CAP - 1)}+`;
  return formatNumber(value);
}
