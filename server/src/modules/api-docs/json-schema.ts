/**
 * A shared zod schema as a JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) placed inside the OpenAPI document.
 * zod names the parts it cannot inline (recursive ones) in `$defs` with refs relative to the schema's own root;
 * inside the document those refs would point at its root, so each `$defs` entry moves to components.schemas under a
 * unique name and its refs are rewritten to it.
 */
import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

export type SchemaSink = { components: Record<string, JsonSchema>; next: number };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = key === '$ref' && typeof inner === 'string' ? (names.get(inner) ?? inner) : rewriteRefs(inner, names);
  }
  return out;
}

/** `io`: 'input' for bodies and queries (what a caller sends), 'output' for answers (what the server sends). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output', sink: SchemaSink): JsonSchema {
  const converted: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  const { $schema: _dialect, $defs, ...rest } = converted;
  const names = new Map<string, string>();
  const defs = isRecord($defs) ? $defs : {};
  for (const name of Object.keys(defs)) {
    sink.next += 1;
    names.set(`#/$defs/${name}`, `#/components/schemas/Parte${sink.next}`);
  }
  if (rest.$ref === '#') throw new Error('a schema whose root is recursive needs an id of its own');
  for (const [name, def] of Object.entries(defs)) {
    const target = names.get(`#/$defs/${name}`)?.slice('#/components/schemas/'.length) ?? name;
    const rewritten = rewriteRefs(def, names);
    if (isRecord(rewritten)) sink.components[target] = rewritten;
  }
  const body = rewriteRefs(rest, names);
  return isRecord(body) ? body : {};
}
