/**
 * Parses a welcome message the way Telegram's HTML parse mode reads it, into a small tree the preview renders as
 * React elements. Nothing of the user's text ever reaches the DOM as markup: unknown tags are not rendered but
 * reported, exactly where Telegram would refuse the message ("can't parse entities"), so the preview shows the
 * same verdict the send would get. Rules: only Telegram's tags, properly nested, entities &lt; &gt; &amp; &quot;
 * and numeric ones.
 */
export type FormatKind = 'bold' | 'italic' | 'underline' | 'strikethrough' | 'spoiler' | 'code' | 'pre' | 'blockquote' | 'plain';

export type TelegramNode =
  | { kind: 'text'; text: string }
  | { kind: FormatKind; children: TelegramNode[] }
  | { kind: 'link'; href: string | null; children: TelegramNode[] };

export type ParseResult = { ok: true; nodes: TelegramNode[] } | { ok: false; error: string; text: string };

const TAG_KINDS: Record<string, FormatKind> = {
  b: 'bold', strong: 'bold', i: 'italic', em: 'italic', u: 'underline', ins: 'underline',
  s: 'strikethrough', strike: 'strikethrough', del: 'strikethrough', 'tg-spoiler': 'spoiler',
  code: 'code', pre: 'pre', blockquote: 'blockquote', 'tg-emoji': 'plain',
};
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

type Frame = { name: string; node: Extract<TelegramNode, { children: TelegramNode[] }> };

class ParseError extends Error {}

export function parseTelegramHtml(input: string): ParseResult {
  try {
    return { ok: true, nodes: parse(input) };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { ok: false, error: error.message, text: input };
  }
}

function parse(input: string): TelegramNode[] {
  const root: TelegramNode[] = [];
  const stack: Frame[] = [];
  const children = () => stack.at(-1)?.node.children ?? root;
  const pushText = (text: string) => {
    const list = children();
    const last = list.at(-1);
    if (last?.kind === 'text') last.text += text;
    else list.push({ kind: 'text', text });
  };

  let i = 0;
  while (i < input.length) {
    const char = input.charAt(i);
    if (char === '&') {
      const match = /^&(#x[0-9a-f]+|#\d+|[a-z]+);/i.exec(input.slice(i, i + 12));
      const decoded = match ? decodeEntity(match[1] ?? '') : undefined;
      pushText(match && decoded !== undefined ? decoded : '&');
      i += match && decoded !== undefined ? match[0].length : 1;
      continue;
    }
    if (char !== '<') {
      const next = input.slice(i).search(/[<&]/);
      const end = next < 0 ? input.length : i + next;
      pushText(input.slice(i, end));
      i = end;
      continue;
    }
    const close = input.indexOf('>', i);
    if (close < 0) throw new ParseError('há um “<” sem tag; escreva &lt; para mostrar o símbolo');
    const body = input.slice(i + 1, close);
    if (body.startsWith('/')) {
      const name = body.slice(1).trim().toLowerCase();
      const open = stack.pop();
      if (!open) throw new ParseError(`a tag </${name}> fecha algo que não foi aberto`);
      if (open.name !== name) throw new ParseError(`esperava </${open.name}>, encontrou </${name}>`);
    } else {
      const frame = openTag(body);
      children().push(frame.node);
      stack.push(frame);
    }
    i = close + 1;
  }
  const unclosed = stack.pop();
  if (unclosed) throw new ParseError(`a tag <${unclosed.name}> não foi fechada`);
  return root;
}

function openTag(body: string): Frame {
  const name = (/^[a-z][a-z0-9-]*/i.exec(body)?.[0] ?? '').toLowerCase();
  const attrs = parseAttributes(body.slice(name.length));
  if (name === 'a') return { name, node: { kind: 'link', href: safeHref(attrs.get('href')), children: [] } };
  if (name === 'span') {
    if (attrs.get('class') !== 'tg-spoiler') throw new ParseError('a tag <span> só é aceita com class="tg-spoiler"');
    return { name, node: { kind: 'spoiler', children: [] } };
  }
  const kind = Object.hasOwn(TAG_KINDS, name) ? TAG_KINDS[name] : undefined;
  if (!kind) throw new ParseError(`a tag <${name || body}> não é suportada pelo Telegram`);
  return { name, node: { kind, children: [] } };
}

/** Only links a browser can follow without running anything: http(s), and tg:// as Telegram itself allows. */
export function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return ['http:', 'https:', 'tg:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

function parseAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const match of source.matchAll(/([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/gi)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    attrs.set((match[1] ?? '').toLowerCase(), value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => decodeEntity(entity) ?? whole));
  }
  return attrs;
}

function decodeEntity(name: string): string | undefined {
  const code = /^#x/i.test(name) ? Number.parseInt(name.slice(2), 16) : name.startsWith('#') ? Number(name.slice(1)) : undefined;
  if (code !== undefined) return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  const key = name.toLowerCase();
  return Object.hasOwn(NAMED_ENTITIES, key) ? NAMED_ENTITIES[key] : undefined;
}
