/**
 * The OpenAPI 3.1 document of the API, generated from the route table and the shared zod schemas at boot (never
 * written by hand, so it cannot drift): operations, the `{ success, data }` envelope, the failure envelope with
 * every error code and its pt-BR text, and the two ways to authenticate.
 */
import { failureEnvelopeSchema } from '@shared/api/envelope.ts';
import { ERROR_MESSAGES, type ErrorCode } from '@shared/errors/codes.ts';
import { jsonSchemaOf, type SchemaSink } from './json-schema.ts';
import { openApiPath, operationOf } from './operation.ts';
import { ROUTE_GROUPS, ROUTE_TABLE } from './route-table/index.ts';

const CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

const DESCRIPTION = [
  'A API do Canalize: a mesma que as telas do aplicativo usam.',
  '',
  '**Respostas.** Sucesso: `{ "success": true, "data": … }` (listas paginadas trazem também `pagination`). Falha: `{ "success": false, "code", "message", "details"? }` com um código em MAIÚSCULAS, a mensagem em português e, em erros de validação, a mensagem de cada campo.',
  '',
  '**Autenticação.** `Authorization: Bearer <token>`: o token de acesso de uma sessão (POST /api/auth/login) ou uma chave de API (`cz_…`) com os escopos dela.',
].join('\n');

const SECURITY_SCHEMES = {
  sessionToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Token de acesso de uma sessão (15 minutos), obtido em POST /api/auth/login e renovado em POST /api/auth/refresh.',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'cz_…',
    description:
      'Chave de API (começa com `cz_`), criada por um proprietário ou administrador da equipe. Age como a equipe, dentro dos escopos da chave (`<área>:read`, `<área>:write`, `*:read`, `*:write`); fora deles a resposta é 403. Nunca alcança a conta, a equipe nem a sincronização do aplicativo.',
  },
};

function errorCodeSchema() {
  return {
    type: 'string',
    enum: CODES,
    description: ['| código | mensagem |', '|---|---|', ...CODES.map((code) => `| \`${code}\` | ${ERROR_MESSAGES[code]} |`)].join('\n'),
    'x-enum-descriptions': CODES.map((code) => ERROR_MESSAGES[code]),
  };
}

export function buildOpenApiDocument() {
  const sink: SchemaSink = { components: {}, next: 0 };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTE_TABLE) {
    if (route.hidden) continue;
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, sink) };
  }
  const failure = jsonSchemaOf(failureEnvelopeSchema, 'output', sink);
  const failureProperties = typeof failure.properties === 'object' ? failure.properties : {};
  return {
    openapi: '3.1.1',
    info: { title: 'Canalize API', version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: ROUTE_GROUPS.map((group) => ({ name: group.tag, description: group.description })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: {
        ...sink.components,
        CodigoDeErro: errorCodeSchema(),
        Falha: { ...failure, properties: { ...failureProperties, code: { $ref: '#/components/schemas/CodigoDeErro' } } },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
