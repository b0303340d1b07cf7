/**
 * if_else over the variables of docs/decisions.md#d-flow-variables with the six operators of the shared schema (equals is exact after
 * trimming; contains is case- and accent-insensitive like trigger_message), and random.
 */
import type { NodeConfigs } from '@shared/flows/node-configs.ts';
import { foldText } from '@shared/flows/matching.ts';
import { renderTemplate, resolvePath, stringify, type Variables } from './variables.ts';

export function evaluateIfElse(config: NodeConfigs['if_else'], variables: Variables): boolean {
  const path = config.variable.trim().replace(/^\{\{\s*|\s*\}\}$/g, '');
  const left = stringify(resolvePath(variables, path));
  const right = renderTemplate(config.value, variables);
  switch (config.operator) {
    case 'equals':
      return left.trim() === right.trim();
    case 'notEquals':
      return left.trim() !== right.trim();
    case 'contains':
      return foldText(left).includes(foldText(right));
    case 'notContains':
      return !foldText(left).includes(foldText(right));
    case 'greaterThan':
      return compare(left, right) > 0;
    case 'lessThan':
      return compare(left, right) < 0;
  }
}

/** Numbers compare as numbers (a status code, a count); anything else compares as pt-BR text. */
function compare(left: string, right: string): number {
  const a = Number(left);
  const b = Number(right);
  if (left.trim() !== '' && right.trim() !== '' && Number.isFinite(a) && Number.isFinite(b)) return a - b;
  return left.localeCompare(right, 'pt-BR');
}

export function evaluateRandom(config: NodeConfigs['random'], draw: () => number = Math.random): boolean {
  return draw() < config.probability;
}
