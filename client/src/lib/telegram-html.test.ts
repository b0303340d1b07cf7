import { describe, expect, test } from 'bun:test';
import { parseTelegramHtml, safeHref, type ParseResult } from './telegram-html.ts';

const nodes = (result: ParseResult) => {
  if (!result.ok) throw new Error(result.error);
  return result.nodes;
};

describe('Telegram HTML parsing for the preview', () => {
  test('reads the allowed tags as formatting, aliases included', () => {
    expect(nodes(parseTelegramHtml('<b>a</b><strong>b</strong><i>c</i><em>d</em><u>e</u><ins>f</ins><s>g</s><strike>h</strike><del>i</del>'))).toEqual([
      { kind: 'bold', children: [{ kind: 'text', text: 'a' }] },
      { kind: 'bold', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'italic', children: [{ kind: 'text', text: 'c' }] },
      { kind: 'italic', children: [{ kind: 'text', text: 'd' }] },
      { kind: 'underline', children: [{ kind: 'text', text: 'e' }] },
      { kind: 'underline', children: [{ kind: 'text', text: 'f' }] },
      { kind: 'strikethrough', children: [{ kind: 'text', text: 'g' }] },
      { kind: 'strikethrough', children: [{ kind: 'text', text: 'h' }] },
      { kind: 'strikethrough', children: [{ kind: 'text', text: 'i' }] },
    ]);
  });

  test('nests formatting and keeps links, spoilers, code, pre and blockquote', () => {
    expect(
      nodes(parseTelegramHtml('<b>Oi <i>João</i></b> <a href="https://t.me/canal">entre</a> <tg-spoiler>x</tg-spoiler><span class="tg-spoiler">y</span>')),
    ).toEqual([
      { kind: 'bold', children: [{ kind: 'text', text: 'Oi ' }, { kind: 'italic', children: [{ kind: 'text', text: 'João' }] }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://t.me/canal', children: [{ kind: 'text', text: 'entre' }] },
      { kind: 'text', text: ' ' },
      { kind: 'spoiler', children: [{ kind: 'text', text: 'x' }] },
      { kind: 'spoiler', children: [{ kind: 'text', text: 'y' }] },
    ]);
    expect(nodes(parseTelegramHtml('<code>a</code><pre>b</pre><blockquote expandable>c</blockquote>')).map((node) => node.kind)).toEqual([
      'code',
      'pre',
      'blockquote',
    ]);
  });

  test('decodes the four named entities and numeric ones, and keeps line breaks', () => {
    expect(nodes(parseTelegramHtml('1 &lt; 2 &amp;&amp; 3 &gt; 2 &quot;ok&quot; &#233;&#x1F600;\nfim'))).toEqual([
      { kind: 'text', text: '1 < 2 && 3 > 2 "ok" é😀\nfim' },
    ]);
    expect(nodes(parseTelegramHtml('a &nbsp; b & c'))).toEqual([{ kind: 'text', text: 'a &nbsp; b & c' }]);
  });

  test('refuses what Telegram refuses, with the reason', () => {
    const cases: [string, string][] = [
      ['<div>oi</div>', 'a tag <div> não é suportada pelo Telegram'],
      ['<script>alert(1)</script>', 'a tag <script> não é suportada pelo Telegram'],
      ['<b>oi', 'a tag <b> não foi fechada'],
      ['<b>oi</i>', 'esperava </b>, encontrou </i>'],
      ['oi</b>', 'a tag </b> fecha algo que não foi aberto'],
      ['2 < 3', 'há um “<” sem tag; escreva &lt; para mostrar o símbolo'],
      ['<span>x</span>', 'a tag <span> só é aceita com class="tg-spoiler"'],
      ['<br>', 'a tag <br> não é suportada pelo Telegram'],
    ];
    for (const [input, error] of cases) expect(parseTelegramHtml(input)).toEqual({ ok: false, error, text: input });
  });

  test('never keeps a link a browser would run', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JavaScript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
    expect(safeHref(undefined)).toBeNull();
    expect(safeHref('https://exemplo.com/a?b=1')).toBe('https://exemplo.com/a?b=1');
    expect(safeHref('tg://resolve?domain=canal')).toBe('tg://resolve?domain=canal');
    expect(nodes(parseTelegramHtml('<a href="javascript:alert(1)">x</a>'))).toEqual([{ kind: 'link', href: null, children: [{ kind: 'text', text: 'x' }] }]);
  });
});
