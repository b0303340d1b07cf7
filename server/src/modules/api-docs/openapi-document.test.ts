import { describe, expect, test } from 'bun:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ERROR_MESSAGES } from '@shared/errors/codes.ts';
import { appRoutes, NOT_ENDPOINTS } from '../../test-support/app-routes.ts';
import { ROUTE_FIXTURES } from '../../test-support/route-fixtures.ts';
import { buildOpenApiDocument } from './openapi-document.ts';
import { ROUTE_TABLE } from './route-table/index.ts';

const document = buildOpenApiDocument();

describe('the route table', () => {
  test('lists exactly the routes the app registers', () => {
    // The live event stream is registered only when the server has an event hub (startServer always passes one).
    const registered = [...appRoutes().map((route) => route.key), 'GET /api/events'].sort();
    expect(ROUTE_TABLE.map((route) => route.key).sort()).toEqual(registered);
    expect(new Set(ROUTE_TABLE.map((route) => route.key)).size).toBe(ROUTE_TABLE.length);
    expect(Object.keys(NOT_ENDPOINTS).filter((key) => ROUTE_TABLE.some((route) => route.key === key))).toEqual([]);
  });

  test('agrees with the route fixtures: the same body and query schemas, the same public routes', () => {
    const disagreements = ROUTE_TABLE.flatMap((route) => {
      const fixture = ROUTE_FIXTURES[route.key];
      if (!fixture) return [`${route.key}: no fixture`];
      return [
        ...(fixture.body?.schema && fixture.body.schema !== route.body ? [`${route.key}: another body schema`] : []),
        ...(fixture.query?.schema && fixture.query.schema !== route.query ? [`${route.key}: another query schema`] : []),
        ...(!fixture.body?.schema && route.body && !fixture.viaMutations ? [`${route.key}: the fixture names no body schema`] : []),
        ...(fixture.query && !route.query ? [`${route.key}: the fixture sends a query the table does not document`] : []),
        ...(Boolean(fixture.public) !== Boolean(route.public) ? [`${route.key}: public in one, not in the other`] : []),
      ];
    });
    expect(disagreements).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document (an independent validator)', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toStartWith('3.1');
  });

  test('has one operation per documented route, with unique ids, tags and pt-BR summaries', () => {
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item)) as { operationId: string; summary: string; tags: string[] }[];
    expect(operations.length).toBe(ROUTE_TABLE.filter((route) => !route.hidden).length);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    expect(operations.filter((operation) => operation.summary.length < 5 || operation.tags.length !== 1)).toEqual([]);
  });

  test('documents the answer of every JSON operation with a shared schema', () => {
    const undocumented = ROUTE_TABLE.filter((route) => !route.hidden && !route.answer && !route.media && route.status !== 204).map((route) => route.key);
    expect(undocumented).toEqual([]);
  });

  test('declares both credentials and every error code with its pt-BR text', () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'sessionToken']);
    expect(document.components.securitySchemes.apiKey.description).toContain('cz_');
    const codes = document.components.schemas.CodigoDeErro;
    expect<string[]>(codes.enum).toEqual(Object.keys(ERROR_MESSAGES));
    expect(codes['x-enum-descriptions']).toEqual(Object.values(ERROR_MESSAGES));
  });

  test('an operation carries its body, query, answer and errors from the shared schemas', () => {
    const example = (code: 'BOT_NOT_RUNNING') => ({ value: { success: false, code, message: ERROR_MESSAGES[code] } });
    expect(document.paths['/api/messages/send']).toMatchObject({
      post: {
        requestBody: { content: { 'application/json': { schema: { required: expect.arrayContaining(['botId', 'contactId']) } } } },
        security: [{ sessionToken: [] }, { apiKey: [] }],
        responses: { '200': {}, '400': {}, '401': {}, '403': {}, '422': {}, '500': {}, '409': { content: { 'application/json': { examples: { BOT_NOT_RUNNING: example('BOT_NOT_RUNNING') } } } } },
      },
    });
    expect(document.paths['/api/contacts']).toMatchObject({
      get: {
        parameters: expect.arrayContaining([expect.objectContaining({ name: 'botId', in: 'query' }), expect.objectContaining({ name: 'page', in: 'query' })]),
        responses: { '200': { content: { 'application/json': { schema: { properties: { pagination: expect.any(Object) } } } } } },
      },
    });
    expect(document.paths['/api/sync/pull']).toMatchObject({ get: { security: [{ sessionToken: [] }] } });
    expect(document.paths['/api/auth/login']).toMatchObject({ post: { security: [] } });
  });
});
