import { useState } from 'react';
import { HTTP_METHODS } from '@shared/flows/node-configs.ts';
import { AreaField, SelectField, str, TextField, type ConfigDraft } from './controls.tsx';

/** JSON is stored parsed; text that does not parse is kept as typed (docs/product.md#rules-nodes). */
export function parseJsonOrText(text: string): unknown {
  if (text.trim() === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? '', null, 2));

/** http_request: GET / POST / PUT / DELETE, URL, JSON headers and body. */
export function HttpFields({ config, set }: ConfigDraft) {
  const [headers, setHeaders] = useState(() => asText(config.headers));
  const [body, setBody] = useState(() => asText(config.body));
  return (
    <>
      <SelectField label="Método" value={str(config.method) || 'GET'} options={HTTP_METHODS} onChange={(v) => set('method', v)} />
      <TextField label="URL" value={str(config.url)} placeholder="https://api.exemplo.com/pedidos" onChange={(v) => set('url', v)} />
      <AreaField label="Cabeçalhos (JSON)" rows={3} value={headers} onChange={(v) => (setHeaders(v), set('headers', parseJsonOrText(v) || {}))} />
      <AreaField label="Corpo (JSON)" rows={4} value={body} onChange={(v) => (setBody(v), set('body', parseJsonOrText(v)))} />
    </>
  );
}
