import type { ReactNode } from 'react';
import type { TelegramNode } from '../lib/telegram-html.ts';
import { UserText } from './ui/user-text.tsx';
import { revealInLinks } from '@shared/text/invisible.ts';

/**
 * Renders the parsed tree as React elements: text is always a text node and every element is one of a fixed set,
 * so nothing the user typed can become markup or script in the console. A text whose addresses hide invisible
 * characters shows them (the preview is a block of its own, which already keeps its direction from the page's).
 */
export function TelegramHtmlView({ nodes }: { nodes: TelegramNode[] }) {
  return <>{nodes.map(renderNode)}</>;
}

function renderNode(node: TelegramNode, index: number): ReactNode {
  if (node.kind === 'text') return revealInLinks(node.text).some((piece) => piece.kind === 'invisible') ? <UserText key={index} reveal="links">{node.text}</UserText> : node.text;
  const children = node.children.map(renderNode);
  switch (node.kind) {
    case 'bold':
      return <strong key={index}>{children}</strong>;
    case 'italic':
      return <em key={index}>{children}</em>;
    case 'underline':
      return <u key={index}>{children}</u>;
    case 'strikethrough':
      return <s key={index}>{children}</s>;
    case 'spoiler':
      return (
        <span key={index} title="Spoiler" className="rounded bg-slate-300 text-transparent transition-colors hover:bg-slate-200 hover:text-inherit">
          {children}
        </span>
      );
    case 'code':
      return (
        <code key={index} className="rounded bg-slate-100 px-1 font-mono text-[0.9em] text-rose-700">
          {children}
        </code>
      );
    case 'pre':
      return (
        <pre key={index} className="my-1 overflow-x-auto rounded-lg bg-slate-100 p-2 font-mono text-[0.85em] whitespace-pre-wrap">
          {children}
        </pre>
      );
    case 'blockquote':
      return (
        <blockquote key={index} className="my-1 border-l-4 border-sky-400 bg-sky-50/60 py-0.5 pl-2">
          {children}
        </blockquote>
      );
    case 'link':
      return node.href ? (
        <a key={index} href={node.href} target="_blank" rel="noopener noreferrer nofollow" className="text-sky-600 underline">
          {children}
        </a>
      ) : (
        <span key={index} className="text-sky-600 underline">
          {children}
        </span>
      );
    case 'plain':
      return <span key={index}>{children}</span>;
  }
}
