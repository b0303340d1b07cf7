/** pt-BR formatting for dates and numbers (docs/product.md#purpose). Intl formatters are built once and reused. */
const LOCALE = 'pt-BR';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const longDateFormat = new Intl.DateTimeFormat(LOCALE, { weekday: 'long', day: 'numeric', month: 'long' });
const numberFormat = new Intl.NumberFormat(LOCALE);

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 23/11/2025 */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '—';
}

/** 23/11/2025, 14:05 */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '—';
}

/** domingo, 23 de novembro */
export function formatLongDate(value: DateInput): string {
  const date = toDate(value);
  return date ? longDateFormat.format(date) : '—';
}

/** 1.234 */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const moneyFormat = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Reais: 1234.5 → "R$ 1.234,50". */
export function formatMoney(reais: number): string {
  return moneyFormat.format(reais);
}

/** 1 mensagem, 2 mensagens, 0 mensagens: the count in pt-BR with the word that agrees with it. */
export function formatCount(count: number, singular: string, plural: string): string {
  return `${formatNumber(count)} ${count === 1 ? singular : plural}`;
}
