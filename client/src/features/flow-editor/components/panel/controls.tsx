/** Small labelled controls of the configuration panel; each binds one config key. */
import { useId, type ReactNode } from 'react';
import { controlClasses } from '../../../../components/ui/field.tsx';
import { VariableTextarea } from '../../../../components/variable-textarea.tsx';

export type ConfigDraft = { config: Record<string, unknown>; set: (key: string, value: unknown) => void };

export const str = (value: unknown) => (typeof value === 'string' ? value : '');
export const num = (value: unknown, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

export function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function TextField({ label, value, onChange, placeholder }: { label: string; value: string; onChange: (v: string) => void; placeholder?: string }) {
  return <Labelled label={label}>{(id) => <input id={id} className={`${controlClasses(false)} h-9`} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />}</Labelled>;
}

export function NumberField({ label, value, min, max, step, onChange }: { label: string; value: number; min?: number; max?: number; step?: number; onChange: (v: number) => void }) {
  return (
    <Labelled label={label}>
      {(id) => (
        <input
          id={id}
          type="number"
          className={`${controlClasses(false)} h-9`}
          value={value}
          min={min}
          max={max}
          step={step}
          onChange={(e) => {
            const next = e.target.valueAsNumber;
            if (!Number.isFinite(next)) return;
            onChange(Math.min(max ?? next, Math.max(min ?? next, next)));
          }}
        />
      )}
    </Labelled>
  );
}

export function AreaField({ label, value, onChange, rows = 4, placeholder }: { label: string; value: string; onChange: (v: string) => void; rows?: number; placeholder?: string }) {
  return <Labelled label={label}>{(id) => <textarea id={id} rows={rows} className={`${controlClasses(false)} py-2 font-normal`} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />}</Labelled>;
}

type SelectProps = { label: string; value: string; options: readonly string[]; labels?: Record<string, string>; onChange: (v: string) => void };

export function SelectField({ label, value, options, labels, onChange }: SelectProps) {
  return (
    <Labelled label={label}>
      {(id) => (
        <select id={id} className={`${controlClasses(false)} h-9`} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels?.[option] ?? option}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** A text the bot sends: `{{variables}}` highlighted, offered after `{{`, unknown ones flagged with a suggestion. */
export function VariableAreaField({ label, value, onChange, rows = 4 }: { label: string; value: string; onChange: (v: string) => void; rows?: number }) {
  return (
    <Labelled label={label}>
      {(id) => <VariableTextarea id={id} rows={rows} syntax="flow" controlClassName={`${controlClasses(false)} py-2 font-normal`} value={value} onChange={onChange} />}
    </Labelled>
  );
}
