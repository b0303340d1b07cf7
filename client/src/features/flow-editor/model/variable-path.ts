/**
 * The if_else variable (docs/decisions.md#d-flow-variables) is a free path: the known variables are suggestions, and paths inside the
 * last HTTP response (`http.body.campo`) are typed. The engine accepts the path with or without `{{ }}`.
 */
import { nodeConfigSchemas } from '@shared/flows/node-configs.ts';
import { FLOW_VARIABLES, type VariableHint } from '@shared/flows/variables.ts';

export const VARIABLE_PATH_TEXTS = {
  tooLong: 'A variável deve ter no máximo 200 caracteres',
  invalid: 'Use um caminho como contact.firstName ou http.body.campo',
} as const;

const PATH = /^[\p{L}\p{N}_-]+(\.[\p{L}\p{N}_-]+)*$/u;

/** The shared list, then what the server adds; the server's text wins for a path both know. */
export function variableSuggestions(server: readonly VariableHint[] = []): VariableHint[] {
  const byPath = new Map(FLOW_VARIABLES.map((v) => [v.path, v]));
  for (const hint of server) byPath.set(hint.path, hint);
  return [...byPath.values()];
}

/** The pt-BR error of an if_else config's variable, checked by the shared schema first; undefined when it is fine. */
export function variablePathError(config: Record<string, unknown>): string | undefined {
  const parsed = nodeConfigSchemas.if_else.safeParse(config);
  if (!parsed.success) return parsed.error.issues.some((issue) => issue.path[0] === 'variable') ? VARIABLE_PATH_TEXTS.tooLong : undefined;
  const path = parsed.data.variable.trim().replace(/^\{\{\s*|\s*\}\}$/g, '');
  return path === '' || PATH.test(path) ? undefined : VARIABLE_PATH_TEXTS.invalid;
}
