import { describe, expect, test } from 'bun:test';
import { nodeConfigSchemas } from '../flows/node-configs.ts';
import { flowButtonSchema } from '../flows/buttons.ts';
import { welcomeMessageInputSchema } from '../welcome/schemas.ts';
import { renderWelcome } from '../welcome/render.ts';
import { escapeTelegramHtml, isSafeButtonUrl, telegramHtmlProblem } from './html.ts';

describe('escapeTelegramHtml', () => {
  test('a value cannot leave the attribute it lands in', () => {
    const name = 'x" href="https://evil.example/phish';
    const rendered = renderWelcome('<a href="https://loja/?ref={firstName}">Loja</a>', { firstName: name, channel: 'Canal' });
    expect(rendered).toBe('<a href="https://loja/?ref=x&quot; href=&quot;https://evil.example/phish">Loja</a>');
    expect(escapeTelegramHtml('<b>&"')).toBe('&lt;b&gt;&amp;&quot;');
  });
});

describe('telegramHtmlProblem', () => {
  test.each([
    ['Olá <b>Ana</b> &amp; <a href="https://t.me/x">link</a>', undefined],
    ['<i>um</i> <u>dois</u> <s>três</s> <code>x</code> <pre>y</pre> <blockquote>z</blockquote> <tg-spoiler>w</tg-spoiler>', undefined],
    ['<span class="tg-spoiler">segredo</span>', undefined],
    ['<img src="x.png">', 'O Telegram não aceita a tag <img>. Use apenas <b>, <i>, <u>, <s>, <a href="…">, <code>, <pre>, <blockquote> e <tg-spoiler>.'],
    ['<b>negrito', 'A tag <b> foi aberta e não foi fechada.'],
    ['fim</i>', 'A tag </i> fecha algo que não foi aberto.'],
    ['<b><i>x</b></i>', 'A tag </b> fecha antes de </i>: feche primeiro a que abriu por último.'],
    ['2 < 3', 'Para escrever o sinal < no texto, use &lt; (o Telegram o leria como o começo de uma tag).'],
    ['<span>x</span>', 'A tag <span> só é aceita como <span class="tg-spoiler">.'],
  ])('%s', (text, problem) => expect(telegramHtmlProblem(text)).toBe(problem));
});

describe('where texts are saved', () => {
  test('a welcome message Telegram cannot parse is refused, naming the tag', () => {
    const parsed = welcomeMessageInputSchema.safeParse({ message: 'Oi <img src="x">' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toContain('<img>');
  });

  test('flow texts are checked in HTML mode only; media URLs are web addresses; link buttons never javascript:', () => {
    expect(nodeConfigSchemas.send_text.safeParse({ message: '<b>oi', parseMode: 'HTML' }).error?.issues[0]).toMatchObject({ path: ['message'], message: 'A tag <b> foi aberta e não foi fechada.' });
    expect(nodeConfigSchemas.send_text.safeParse({ message: '<b>oi', parseMode: 'none' }).success).toBe(true);
    expect(nodeConfigSchemas.send_media.safeParse({ caption: '<div>x</div>', parseMode: 'HTML' }).error?.issues[0]?.path).toEqual(['caption']);
    expect(nodeConfigSchemas.send_media.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(nodeConfigSchemas.send_media.safeParse({ url: 'file:///etc/passwd' }).success).toBe(false);
    expect(nodeConfigSchemas.send_media.safeParse({ url: 'https://exemplo.com/a.png' }).success).toBe(true);
    expect(nodeConfigSchemas.send_media.safeParse({ url: '{{http.body.foto}}' }).success).toBe(true);
    expect(nodeConfigSchemas.send_media.safeParse({ url: '/api/media/00000000-0000-4000-8000-000000000001', source: 'upload' }).success).toBe(true);
    expect(flowButtonSchema.safeParse({ text: 'x', type: 'url', value: 'javascript:alert(1)' }).success).toBe(false);
    expect(flowButtonSchema.safeParse({ text: 'x', type: 'url', value: 'JavaScript:alert(1)' }).success).toBe(false);
    for (const value of ['https://exemplo.com', 'tg://resolve?domain=x', '{{link}}']) {
      expect(isSafeButtonUrl(value)).toBe(true);
      expect(flowButtonSchema.safeParse({ text: 'x', type: 'url', value }).success).toBe(true);
    }
  });
});
