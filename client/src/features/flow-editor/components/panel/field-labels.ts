import { ACCESS_EVENT_LABELS } from '@shared/flows/access-events.ts';

/** pt-BR labels of the configuration options (docs/product.md#rules-nodes lists the values). */
export const DELAY_UNIT_LABELS: Record<string, string> = { seconds: 'segundos', minutes: 'minutos', hours: 'horas' };
export const OPERATOR_LABELS: Record<string, string> = {
  equals: 'Igual a',
  notEquals: 'Diferente de',
  contains: 'Contém',
  notContains: 'Não contém',
  greaterThan: 'Maior que',
  lessThan: 'Menor que',
};
export const PARSE_MODE_LABELS: Record<string, string> = { none: 'Nenhum', Markdown: 'Markdown', HTML: 'HTML' };
export const MEDIA_TYPE_LABELS: Record<string, string> = { photo: 'Foto', video: 'Vídeo', audio: 'Áudio', document: 'Documento' };
export const WATCH_FIELD_LABELS: Record<string, string> = { firstName: 'Nome', lastName: 'Sobrenome', phoneNumber: 'Telefone', username: 'Nome de usuário' };

const KEY_LABELS: Record<string, string> = {
  pattern: 'Texto',
  command: 'Comando',
  watchFields: 'Campos',
  funnelId: 'Funil',
  buttonData: 'Botão',
  event: 'Evento',
  variable: 'Variável',
  operator: 'Operador',
  value: 'Valor',
  probability: 'Probabilidade',
  method: 'Método',
  url: 'URL',
};

/** The card's key/value list for subtypes without a dedicated body. */
export function describeConfig(config: Record<string, unknown>): [string, string][] {
  return Object.entries(config).flatMap(([key, raw]): [string, string][] => {
    if (!(key in KEY_LABELS) || raw === '' || raw === undefined || (Array.isArray(raw) && raw.length === 0)) return [];
    let value = Array.isArray(raw) ? raw.map((f) => WATCH_FIELD_LABELS[String(f)] ?? String(f)).join(', ') : String(raw);
    if (key === 'operator') value = OPERATOR_LABELS[value] ?? value;
    if (key === 'event') value = Object.entries(ACCESS_EVENT_LABELS).find(([event]) => event === value)?.[1] ?? value;
    if (key === 'probability' && typeof raw === 'number') value = `${Math.round(raw * 100)}%`;
    return [[KEY_LABELS[key] ?? key, value]];
  });
}
