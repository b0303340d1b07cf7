import { describe, expect, test } from 'bun:test';
import { BotApiError } from '../core/bot-api-error.ts';
import { parseHtml } from './html-entities.ts';

const failure = (html: string): string => {
  try {
    parseHtml(html);
  } catch (error) {
    if (error instanceof BotApiError) return error.description;
  }
  return 'no error';
};

describe('parse_mode HTML', () => {
  test('keeps nested entities with UTF-16 offsets', () => {
    expect(parseHtml('😀 <b>negrito <i>itálico</i></b>')).toEqual({
      text: '😀 negrito itálico',
      entities: [
        { type: 'bold', offset: 3, length: 15 },
        { type: 'italic', offset: 11, length: 7 },
      ],
    });
  });

  test('decodes entities and supports spoilers, pre with language and expandable quotes', () => {
    const parsed = parseHtml('&lt;tag&gt; <span class="tg-spoiler">s</span><pre><code class="language-ts">x</code></pre><blockquote expandable>q</blockquote>');
    expect(parsed.text).toBe('<tag> sxq');
    expect(parsed.entities.map((e) => e.type)).toEqual(['spoiler', 'pre', 'expandable_blockquote']);
    expect(parsed.entities[1]).toMatchObject({ language: 'ts' });
  });

  test('reports errors with byte offsets like Telegram', () => {
    expect(failure('ção <p>x</p>')).toBe('Bad Request: can\'t parse entities: Unsupported start tag "p" at byte offset 6');
    expect(failure('<b>x</i>')).toBe('Bad Request: can\'t parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"');
    expect(failure('1 < 2')).toBe('Bad Request: can\'t parse entities: Unclosed start tag at byte offset 2');
  });
});
