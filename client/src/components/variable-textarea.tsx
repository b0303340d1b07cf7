/**
 * A text area that knows the editor's variables (docs/decisions.md#d-flow-variables): they are highlighted as
 * typed (known ones blue, unknown ones amber), typing `{{` (flow) or `{` (welcome) offers them in a list (arrows,
 * Enter or Tab, or a tap), and each unknown one is listed under the field with the variable it probably meant.
 * Shared by the flow editor's panel and the welcome form, whose syntaxes differ.
 */
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type Ref, type TextareaHTMLAttributes } from 'react';
import { FLOW_VARIABLES, unknownVariables, variableTokens, WELCOME_VARIABLE_NAMES, type VariableSyntax } from '@shared/flows/variables.ts';
import { cn } from '../lib/cn.ts';

type Option = { insert: string; label: string; description: string };

const WELCOME_DESCRIPTIONS: Record<string, string> = {
  username: '@usuário do membro (ou o primeiro nome)',
  firstName: 'Primeiro nome do membro',
  lastName: 'Sobrenome do membro',
  channel: 'Nome do grupo ou canal',
};

const OPTIONS: Record<VariableSyntax, Option[]> = {
  flow: FLOW_VARIABLES.map((v) => ({ insert: `{{${v.path}}}`, label: v.path, description: v.description })),
  welcome: WELCOME_VARIABLE_NAMES.map((name) => ({ insert: `{${name}}`, label: name, description: WELCOME_DESCRIPTIONS[name] ?? '' })),
};

/** The variable being typed just before the caret: where it starts and what is typed of its name. */
function openVariable(text: string, caret: number, syntax: VariableSyntax): { start: number; typed: string } | undefined {
  const before = text.slice(0, caret);
  const match = syntax === 'flow' ? /\{\{\s*([\w.]*)$/.exec(before) : /(?<!\{)\{(\w*)$/.exec(before);
  return match ? { start: match.index, typed: match[1] ?? '' } : undefined;
}

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  syntax: VariableSyntax;
  /** The classes of the control (border, padding, font): the highlight layer copies them to line up. */
  controlClassName: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function VariableTextarea({ value, onChange, syntax, controlClassName, ref, onKeyDown, ...props }: Props) {
  const own = useRef<HTMLTextAreaElement | null>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const caretAfter = useRef<number | null>(null);
  const tokens = useMemo(() => variableTokens(value, syntax), [value, syntax]);
  const issues = useMemo(() => unknownVariables(value, syntax), [value, syntax]);
  const open = caret === null || dismissed ? undefined : openVariable(value, caret, syntax);
  const options = open ? OPTIONS[syntax].filter((o) => o.label.toLowerCase().includes(open.typed.toLowerCase())) : [];
  const showing = options.length > 0;

  useLayoutEffect(() => {
    const element = own.current;
    const at = caretAfter.current;
    if (!element || at === null) return;
    caretAfter.current = null;
    element.focus();
    element.setSelectionRange(at, at);
    setCaret(at);
  }, [value]);

  function pick(option: Option) {
    if (!open || caret === null) return;
    // A closing brace already typed after the caret is replaced, not doubled.
    const rest = value.slice(caret).replace(syntax === 'flow' ? /^\s*\}\}/ : /^\}/, '');
    const next = value.slice(0, open.start) + option.insert + rest;
    caretAfter.current = open.start + option.insert.length;
    setActive(0);
    onChange(next);
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (showing) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((i) => (i + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const option = options[Math.min(active, options.length - 1)];
        if (option) pick(option);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        setDismissed(true);
        return;
      }
    }
    onKeyDown?.(event);
  }

  const track = () => setCaret(own.current?.selectionStart ?? null);
  const pieces: { text: string; known?: boolean }[] = [];
  let at = 0;
  for (const token of tokens) {
    if (token.start < at) continue;
    pieces.push({ text: value.slice(at, token.start) }, { text: token.text, known: token.known });
    at = token.end;
  }
  pieces.push({ text: `${value.slice(at)}\n` });

  return (
    <div>
      <div className="relative rounded-lg bg-white">
        <div
          ref={backdrop}
          aria-hidden="true"
          className={cn(controlClassName, 'pointer-events-none absolute inset-0 overflow-hidden !border-transparent !bg-transparent break-words whitespace-pre-wrap !text-transparent')}
        >
          {pieces.map((piece, i) =>
            piece.known === undefined ? (
              piece.text
            ) : (
              <mark key={i} data-variable={piece.known ? 'known' : 'unknown'} className={cn('rounded text-transparent', piece.known ? 'bg-brand-100' : 'bg-amber-200')}>
                {piece.text}
              </mark>
            ),
          )}
        </div>
        <textarea
          {...props}
          ref={(element) => {
            own.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          value={value}
          // Stays a textbox (forms find it by that role); the list it controls is announced through these.
          aria-autocomplete="list"
          aria-controls={showing ? listId : undefined}
          aria-activedescendant={showing ? `${listId}-${Math.min(active, options.length - 1)}` : undefined}
          className={cn(controlClassName, 'relative !bg-transparent')}
          onChange={(event) => {
            setCaret(event.target.selectionStart);
            setDismissed(false);
            setActive(0);
            onChange(event.target.value);
          }}
          onKeyDown={keyDown}
          onKeyUp={(event) => !['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(event.key) && track()}
          onClick={track}
          onBlur={(event) => {
            setCaret(null);
            props.onBlur?.(event);
          }}
          onScroll={(event) => {
            if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
        {showing && (
          <ul id={listId} role="listbox" aria-label="Variáveis" className="absolute inset-x-0 top-full z-30 mt-1 max-h-56 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
            {options.map((option, i) => (
              <li
                key={option.insert}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === Math.min(active, options.length - 1)}
                // The text area keeps the focus (and its caret) while an option is clicked.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
                className={cn('cursor-pointer rounded-md px-2 py-1.5 text-sm', i === Math.min(active, options.length - 1) ? 'bg-brand-50 text-brand-800' : 'text-slate-700')}
              >
                <span className="font-mono">{option.insert}</span>
                <span className="ml-2 text-xs text-slate-500">{option.description}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {issues.length > 0 && (
        <ul aria-label="Variáveis desconhecidas" className="mt-1.5 space-y-1">
          {issues.map((issue) => (
            <li key={issue.found} className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-800 ring-1 ring-amber-200">
              {issue.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
