import { useMemo, type RefObject } from 'react';
import { variableTokens, type VariableSyntax } from '@shared/flows/variables.ts';
import { cn } from '../lib/cn.ts';

/** The text in pieces, each variable a piece of its own (known or not), ending with a newline like a text area's last line. */
function pieces(value: string, syntax: VariableSyntax): { text: string; known?: boolean }[] {
  const out: { text: string; known?: boolean }[] = [];
  let at = 0;
  for (const token of variableTokens(value, syntax)) {
    if (token.start < at) continue;
    out.push({ text: value.slice(at, token.start) }, { text: token.text, known: token.known });
    at = token.end;
  }
  out.push({ text: `${value.slice(at)}\n` });
  return out;
}

type Props = { value: string; syntax: VariableSyntax; controlClassName: string; ref: RefObject<HTMLDivElement | null> };

/**
 * The layer under the text area that paints the variables (known ones blue, unknown ones amber): the same classes
 * as the control and transparent text, so the marks fall exactly under the typed letters.
 */
export function VariableHighlight({ value, syntax, controlClassName, ref }: Props) {
  const parts = useMemo(() => pieces(value, syntax), [value, syntax]);
  return (
    <div
      ref={ref}
      aria-hidden="true"
      className={cn(controlClassName, 'pointer-events-none absolute inset-0 overflow-hidden !border-transparent !bg-transparent break-words whitespace-pre-wrap !text-transparent')}
    >
      {parts.map((piece, i) =>
        piece.known === undefined ? (
          piece.text
        ) : (
          <mark key={i} data-variable={piece.known ? 'known' : 'unknown'} className={cn('rounded text-transparent', piece.known ? 'bg-brand-100' : 'bg-amber-200')}>
            {piece.text}
          </mark>
        ),
      )}
    </div>
  );
}
