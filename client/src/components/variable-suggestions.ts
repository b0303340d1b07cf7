import { FLOW_VARIABLES, WELCOME_VARIABLE_NAMES, type VariableSyntax } from '@shared/flows/variables.ts';

/** A variable offered while typing: what is inserted, its name and what it holds. */
export type VariableOption = { insert: string; label: string; description: string };

const WELCOME_DESCRIPTIONS: Record<string, string> = {
  username: '@usuário do membro (ou o primeiro nome)',
  firstName: 'Primeiro nome do membro',
  lastName: 'Sobrenome do membro',
  channel: 'Nome do grupo ou canal',
};

const OPTIONS: Record<VariableSyntax, VariableOption[]> = {
  flow: FLOW_VARIABLES.map((v) => ({ insert: `{{${v.path}}}`, label: v.path, description: v.description })),
  welcome: WELCOME_VARIABLE_NAMES.map((name) => ({ insert: `{${name}}`, label: name, description: WELCOME_DESCRIPTIONS[name] ?? '' })),
};

/** The variable being typed just before the caret: where it starts and what is typed of its name. */
export function openVariable(text: string, caret: number, syntax: VariableSyntax): { start: number; typed: string } | undefined {
  const before = text.slice(0, caret);
  const match = syntax === 'flow' ? /\{\{\s*([\w.]*)$/.exec(before) : /(?<!\{)\{(\w*)$/.exec(before);
  return match ? { start: match.index, typed: match[1] ?? '' } : undefined;
}

/** The variables whose name contains what is typed. */
export const optionsFor = (syntax: VariableSyntax, typed: string) => OPTIONS[syntax].filter((o) => o.label.toLowerCase().includes(typed.toLowerCase()));

/** `value` with the open variable replaced by `option`; a closing brace already typed after the caret is replaced, not doubled. */
export function insertVariable(value: string, caret: number, start: number, option: VariableOption, syntax: VariableSyntax): { text: string; caret: number } {
  const rest = value.slice(caret).replace(syntax === 'flow' ? /^\s*\}\}/ : /^\}/, '');
  return { text: value.slice(0, start) + option.insert + rest, caret: start + option.insert.length };
}
