import { describe, expect, test } from 'bun:test';
import { z } from 'zod';
import { jsonSchemaOf, type SchemaSink } from './json-schema.ts';

type Node = { name: string; children: Node[] };
const node: z.ZodType<Node> = z.object({ name: z.string(), children: z.array(z.lazy(() => node)) });

describe('a shared schema inside the OpenAPI document', () => {
  test('keeps no dialect and no local $defs: a recursive part moves to components with its refs rewritten', () => {
    const sink: SchemaSink = { components: {}, next: 0 };
    const schema = jsonSchemaOf(z.object({ tree: node }), 'output', sink);
    expect(schema.$schema).toBeUndefined();
    expect(schema.$defs).toBeUndefined();
    const names = Object.keys(sink.components);
    expect(names.length).toBeGreaterThan(0);
    const text = JSON.stringify({ schema, components: sink.components });
    expect(text).not.toContain('#/$defs/');
    expect(text).toContain(`#/components/schemas/${names[0]}`);
  });

  test('an input schema is documented as what a caller sends (defaults optional), an answer as what the server sends', () => {
    const sink: SchemaSink = { components: {}, next: 0 };
    const query = z.object({ page: z.coerce.number().int().default(1) });
    expect(jsonSchemaOf(query, 'input', sink).required).toBeUndefined();
    expect(jsonSchemaOf(query, 'output', sink).required).toEqual(['page']);
  });
});
