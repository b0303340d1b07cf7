/** The pixel table's date: day, short month and year in pt-BR, e.g. "25 de nov. de 2026" (docs/product.md#screen-pixels). */
const updatedFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatUpdatedDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : updatedFormat.format(date);
}
