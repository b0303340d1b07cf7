import { cn } from '../../../lib/cn.ts';
import { CHAT_TEXTS } from '../api/chat-texts.ts';

export type ComposerMode = 'reply' | 'note';

const MODES: ReadonlyArray<{ mode: ComposerMode; label: string }> = [
  { mode: 'reply', label: CHAT_TEXTS.replyMode },
  { mode: 'note', label: CHAT_TEXTS.noteMode },
];

/** "Responder" / "Nota interna": what the reply box does with its text. */
export function ComposerModeSwitch({ mode, onChange }: { mode: ComposerMode; onChange(mode: ComposerMode): void }) {
  return (
    <div role="group" aria-label={CHAT_TEXTS.modeGroup} className="mb-2 flex gap-1">
      {MODES.map((item) => (
        <button
          key={item.mode}
          type="button"
          aria-pressed={mode === item.mode}
          onClick={() => onChange(item.mode)}
          className={cn(
            'min-h-7 rounded-full px-3 text-xs font-medium transition-colors',
            mode === item.mode
              ? item.mode === 'note' ? 'bg-amber-700 text-white' : 'bg-brand-600 text-white'
              : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
          )}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

