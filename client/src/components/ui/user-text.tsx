import { revealInLinks, revealInvisible, type TextPiece } from '@shared/text/invisible.ts';

type Props = {
  children: string | null | undefined;
  /** Show invisible characters as marks: in the addresses and file names of a message (`links`), or everywhere (`all`, a file name). */
  reveal?: 'links' | 'all';
  className?: string;
};

/**
 * Text a contact, a Telegram chat or a teammate wrote (names, titles, messages), isolated in a `<bdi>` whose
 * direction is its own first strong letter: a right-to-left name or an override inside it can reorder only itself,
 * never the console's words around it (shared/text/invisible.ts says where the marks go and why).
 */
export function UserText({ children, reveal, className }: Props) {
  const text = children ?? '';
  const pieces = reveal === 'all' ? revealInvisible(text) : reveal === 'links' ? revealInLinks(text) : undefined;
  return (
    <bdi dir="auto" className={className}>
      {pieces ? pieces.map(renderPiece) : text}
    </bdi>
  );
}

function renderPiece(piece: TextPiece, index: number) {
  if (piece.kind === 'text') return piece.text;
  return <InvisibleMark key={index} code={piece.code} label={piece.label} />;
}

/** One invisible character made visible: `⟨U+202E⟩`, named for screen readers, its own left-to-right island. */
function InvisibleMark({ code, label }: { code: string; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      dir="ltr"
      data-invisible-char={code}
      className="mx-px inline-block rounded bg-amber-100 px-0.5 font-mono text-[0.8em] leading-tight font-medium text-amber-900 ring-1 ring-amber-400"
    >
      {`⟨${code}⟩`}
    </span>
  );
}
