/** One route of the table as an OpenAPI operation: parameters, body, the success answer and the error answers. */
import { errorResponse, routeErrors } from './route-errors.ts';
import { jsonSchemaOf, type JsonSchema, type SchemaSink } from './json-schema.ts';
import type { TableRoute } from './route-table/index.ts';
import { apiKeyScopeOf } from '../../http/route-areas.ts';

const GENERIC_ANSWER: JsonSchema = {
  type: 'object',
  properties: { success: { type: 'boolean', const: true }, data: { type: 'object', additionalProperties: {} } },
  required: ['success', 'data'],
};

/** `/api/contacts/:id` → `/api/contacts/{id}`; a group's root (`/api/bots/`) loses its trailing slash. */
export const openApiPath = (path: string) => path.replace(/\/$/, '').replace(/:(\w+)/g, '{$1}');

export const operationId = (route: TableRoute) =>
  [route.method.toLowerCase(), ...route.path.split('/').slice(2).filter(Boolean)]
    .map((part, index) => {
      const word = part.startsWith(':') ? `by-${part.slice(1)}` : part;
      const camel = word.replace(/[-_.](\w)/g, (_match, letter: string) => letter.toUpperCase());
      return index === 0 ? camel : camel.charAt(0).toUpperCase() + camel.slice(1);
    })
    .join('');

export function securityOf(route: TableRoute) {
  if (route.public) return [];
  // The API-key guard's own rule decides, so the document cannot promise a key a route the guard closes to keys.
  if (!apiKeyScopeOf(route.method, route.path)) return [{ sessionToken: [] }];
  return [{ sessionToken: [] }, { apiKey: [] }];
}

function parametersOf(route: TableRoute, sink: SchemaSink) {
  const path = [...route.path.matchAll(/:(\w+)/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
  if (!route.query) return path;
  const query = jsonSchemaOf(route.query, 'input', sink);
  const required = new Set(Array.isArray(query.required) ? query.required : []);
  const properties = typeof query.properties === 'object' && query.properties !== null ? Object.entries(query.properties) : [];
  return [...path, ...properties.map(([name, schema]) => ({ name, in: 'query', required: required.has(name), schema }))];
}

function successOf(route: TableRoute, sink: SchemaSink) {
  const description = route.status === 204 ? 'Registrado, sem corpo' : 'Sucesso';
  if (route.status === 204) return { description };
  if (route.media === 'attachment/json') {
    const schema = route.answer ? jsonSchemaOf(route.answer, 'output', sink) : { type: 'object' };
    return { description: 'Arquivo JSON para baixar (Content-Disposition: attachment)', content: { 'application/json': { schema } } };
  }
  if (route.media === 'application/octet-stream') return { description: 'O arquivo', content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } } };
  if (route.media) return { description, content: { [route.media]: { schema: { type: 'string' } } } };
  const schema = route.answer ? jsonSchemaOf(route.answer, 'output', sink) : GENERIC_ANSWER;
  return { description, content: { 'application/json': { schema } } };
}

export function operationOf(route: TableRoute, sink: SchemaSink) {
  const responses: Record<string, unknown> = { [String(route.status ?? 200)]: successOf(route, sink) };
  for (const [status, codes] of [...routeErrors(route)].sort(([a], [b]) => a - b)) responses[String(status)] = errorResponse(codes);
  const parameters = parametersOf(route, sink);
  return {
    operationId: operationId(route),
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    security: securityOf(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input', sink) } } } } : {}),
    responses,
  };
}
