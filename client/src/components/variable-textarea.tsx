/**
 * A text area that knows the editor's variables (docs/decisions.md#d-flow-variables): they are highlighted as
 * typed (known ones blue, unknown ones amber), typing `{{` (flow) or `{` (welcome) offers them in a list (arrows,
 * Enter or Tab, or a tap), and each unknown one is listed under the field with the variable it probably meant.
 * Shared by the flow editor's panel and the welcome form, whose syntaxes differ.
 */
import { useId, useMemo, useRef, type Ref, type TextareaHTMLAttributes } from 'react';
import { unknownVariables, type VariableSyntax } from '@shared/flows/variables.ts';
import { cn } from '../lib/cn.ts';
import { useVariableSuggestions } from './use-variable-suggestions.ts';
import { VariableHighlight } from './variable-highlight.tsx';
import { VariableList } from './variable-list.tsx';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  syntax: VariableSyntax;
  /** The classes of the control (border, padding, font): the highlight layer copies them to line up. */
  controlClassName: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function VariableTextarea({ value, onChange, syntax, controlClassName, ref, onKeyDown, ...props }: Props) {
  const backdrop = useRef<HTMLDivElement>(null);
  const listId = useId();
  const suggest = useVariableSuggestions(value, onChange, syntax);
  const issues = useMemo(() => unknownVariables(value, syntax), [value, syntax]);
  const showing = suggest.options.length > 0;

  return (
    <div>
      <div className="relative rounded-lg bg-white">
        <VariableHighlight ref={backdrop} value={value} syntax={syntax} controlClassName={controlClassName} />
        <textarea
          {...props}
          ref={(element) => {
            suggest.own.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          value={value}
          // Stays a textbox (forms find it by that role); the list it controls is announced through these.
          aria-autocomplete="list"
          aria-controls={showing ? listId : undefined}
          aria-activedescendant={showing ? `${listId}-${suggest.selected}` : undefined}
          className={cn(controlClassName, 'relative !bg-transparent')}
          onChange={(event) => {
            suggest.typed(event.target.selectionStart);
            onChange(event.target.value);
          }}
          onKeyDown={(event) => !suggest.listKey(event) && onKeyDown?.(event)}
          onKeyUp={(event) => !suggest.isListKey(event.key) && suggest.track(event.currentTarget.selectionStart)}
          onClick={(event) => suggest.track(event.currentTarget.selectionStart)}
          onBlur={(event) => {
            suggest.track(null);
            props.onBlur?.(event);
          }}
          onScroll={(event) => {
            if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
        {showing && <VariableList id={listId} options={suggest.options} selected={suggest.selected} onPick={suggest.pick} />}
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
