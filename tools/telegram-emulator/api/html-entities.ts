// Parses parse_mode=HTML the way Telegram does, closely enough to fail where Telegram fails: only the supported
// tags, properly nested, with the &lt; &gt; &amp; &quot; entities. The result is the plain text and the entities a
// client would receive, with offsets in UTF-16 code units as the Bot API counts them.
import { badRequest } from '../core/bot-api-error.ts';
import type { MessageEntity } from 'grammy/types';

type SimpleType = MessageEntity.CommonMessageEntity['type'] | 'pre';
const SIMPLE_TAGS: Record<string, SimpleType> = {
  b: 'bold', strong: 'bold', i: 'italic', em: 'italic', u: 'underline', ins: 'underline',
  s: 'strikethrough', strike: 'strikethrough', del: 'strikethrough', 'tg-spoiler': 'spoiler', code: 'code',
  pre: 'pre', blockquote: 'blockquote',
};
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

interface OpenTag {
  name: string;
  start: number;
  entity?: MessageEntity;
}

export interface ParsedText {
  text: string;
  entities: MessageEntity[];
}

const fail = (reason: string): never => {
  throw badRequest(`can't parse entities: ${reason}`);
};

export function parseHtml(input: string): ParsedText {
  const encoder = new TextEncoder();
  const byteOffset = (index: number): number => encoder.encode(input.slice(0, index)).length;
  const stack: OpenTag[] = [];
  const entities: MessageEntity[] = [];
  let text = '';
  let i = 0;
  while (i < input.length) {
    const char = input[i] ?? '';
    if (char === '&') {
      const match = /^&(#x[0-9a-f]+|#\d+|[a-z]+);/i.exec(input.slice(i, i + 12));
      const decoded = match ? decodeEntity(match[1] ?? '') : undefined;
      if (match && decoded !== undefined) {
        text += decoded;
        i += match[0].length;
        continue;
      }
      text += char;
      i++;
      continue;
    }
    if (char !== '<') {
      text += char;
      i++;
      continue;
    }
    const close = input.indexOf('>', i);
    if (close < 0) fail(`Unclosed start tag at byte offset ${byteOffset(i)}`);
    const body = input.slice(i + 1, close);
    if (body.startsWith('/')) {
      const name = body.slice(1).trim().toLowerCase();
      const open = stack.pop();
      if (!open) fail(`Unexpected end tag at byte offset ${byteOffset(i)}`);
      else if (open.name !== name) {
        fail(`Unmatched end tag at byte offset ${byteOffset(i)}, expected "</${open.name}>", found "</${name}>"`);
      } else if (open.entity && text.length > open.start) {
        entities.push({ ...open.entity, offset: open.start, length: text.length - open.start });
      }
    } else {
      stack.push(openTag(body, text.length, stack, byteOffset(i)));
    }
    i = close + 1;
  }
  const unclosed = stack.pop();
  if (unclosed) fail(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  entities.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { text, entities };
}

function openTag(body: string, start: number, stack: OpenTag[], at: number): OpenTag {
  const name = (/^[a-z][a-z0-9-]*/i.exec(body)?.[0] ?? '').toLowerCase();
  const attrs = parseAttributes(body.slice(name.length));
  if (name === 'a') {
    const href = attrs.get('href');
    if (!href) return { name, start };
    const user = /^tg:\/\/user\?id=(\d+)$/.exec(href);
    if (user) return { name, start, entity: { type: 'text_mention', offset: 0, length: 0, user: { id: Number(user[1]), is_bot: false, first_name: '' } } };
    return { name, start, entity: { type: 'text_link', offset: 0, length: 0, url: href } };
  }
  if (name === 'span') {
    if (attrs.get('class') !== 'tg-spoiler') fail(`Tag "span" must have class "tg-spoiler" at byte offset ${at}`);
    return { name, start, entity: { type: 'spoiler', offset: 0, length: 0 } };
  }
  if (name === 'tg-emoji') {
    const id = attrs.get('emoji-id');
    if (!id) fail(`Tag "tg-emoji" must have attribute "emoji-id" at byte offset ${at}`);
    return { name, start, entity: { type: 'custom_emoji', offset: 0, length: 0, custom_emoji_id: id ?? '' } };
  }
  if (name === 'blockquote' && attrs.has('expandable')) {
    return { name, start, entity: { type: 'expandable_blockquote', offset: 0, length: 0 } };
  }
  const type = Object.hasOwn(SIMPLE_TAGS, name) ? SIMPLE_TAGS[name] : undefined;
  if (!type) return fail(`Unsupported start tag "${name}" at byte offset ${at}`);
  // <pre><code class="language-x"> is one pre entity with a language, not two entities.
  const parent = stack[stack.length - 1];
  if (name === 'code' && parent?.name === 'pre' && parent.entity && parent.start === start) {
    const language = /^language-(.+)$/.exec(attrs.get('class') ?? '')?.[1];
    if (language) parent.entity = { type: 'pre', offset: 0, length: 0, language };
    return { name, start };
  }
  const entity: MessageEntity = type === 'pre' ? { type, offset: 0, length: 0 } : { type, offset: 0, length: 0 };
  return { name, start, entity };
}

function parseAttributes(source: string): Map<string, string> {
  const attrs = new Map<string, string>();
  for (const match of source.matchAll(/([a-z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"']+)))?/gi)) {
    const value = match[2] ?? match[3] ?? match[4] ?? '';
    attrs.set((match[1] ?? '').toLowerCase(), decodeAll(value));
  }
  return attrs;
}

function decodeAll(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => decodeEntity(name) ?? whole);
}

function decodeEntity(name: string): string | undefined {
  if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
  if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
  const key = name.toLowerCase();
  return Object.hasOwn(NAMED_ENTITIES, key) ? NAMED_ENTITIES[key] : undefined;
}
