/** docs/product.md#screen-chat: hour:minute under 24 h old, otherwise day/month. */
const time = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' });
const dayMonth = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' });
const DAY_MS = 24 * 60 * 60 * 1000;

export function formatChatTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return now.getTime() - date.getTime() < DAY_MS ? time.format(date) : dayMonth.format(date);
}
