/**
 * Telegram's HTML parse mode, as the product writes it (docs/decisions.md#telegram-html): one escaper for every value
 * substituted into a text sent as HTML (flows, welcome, broadcasts), and a check that refuses, when a text is
 * saved, what Telegram would refuse for every recipient ("can't parse entities").
 */

/** `&`, `<`, `>` and `"`: a value may land inside an attribute (`<a href="…{firstName}">`), where `"` would end it. */
export function escapeTelegramHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The tags Telegram accepts (Bot API "HTML style"). */
const TAGS = new Set([
  'b', 'strong', 'i', 'em', 'u', 'ins', 's', 'strike', 'del', 'span', 'tg-spoiler', 'a', 'tg-emoji', 'code', 'pre', 'blockquote',
]);
const ALLOWED_LIST = '<b>, <i>, <u>, <s>, <a href="…">, <code>, <pre>, <blockquote> e <tg-spoiler>';

export const TELEGRAM_HTML_TEXTS = {
  unsupported: (tag: string) => `O Telegram não aceita a tag <${tag}>. Use apenas ${ALLOWED_LIST}.`,
  unclosed: (tag: string) => `A tag <${tag}> foi aberta e não foi fechada.`,
  unexpectedEnd: (tag: string) => `A tag </${tag}> fecha algo que não foi aberto.`,
  crossed: (open: string, close: string) => `A tag </${close}> fecha antes de </${open}>: feche primeiro a que abriu por último.`,
  bareLessThan: 'Para escrever o sinal < no texto, use &lt; (o Telegram o leria como o começo de uma tag).',
  spanClass: 'A tag <span> só é aceita como <span class="tg-spoiler">.',
  linkHref: 'A tag <a> precisa de um endereço: <a href="https://…">.',
} as const;

/** What Telegram would refuse in `text` sent as HTML, in pt-BR naming the tag; undefined when it parses. */
export function telegramHtmlProblem(text: string): string | undefined {
  const open: string[] = [];
  let index = text.indexOf('<');
  while (index >= 0) {
    const end = text.indexOf('>', index);
    const body = end < 0 ? '' : text.slice(index + 1, end);
    const closing = body.startsWith('/');
    const name = (/^[a-z][a-z0-9-]*/i.exec(closing ? body.slice(1).trim() : body)?.[0] ?? '').toLowerCase();
    if (end < 0 || !name) return TELEGRAM_HTML_TEXTS.bareLessThan;
    if (!TAGS.has(name)) return TELEGRAM_HTML_TEXTS.unsupported(name);
    if (closing) {
      const last = open.pop();
      if (!last) return TELEGRAM_HTML_TEXTS.unexpectedEnd(name);
      if (last !== name) return TELEGRAM_HTML_TEXTS.crossed(last, name);
    } else {
      const attributes = body.slice(name.length);
      if (name === 'span' && !/class\s*=\s*["']?tg-spoiler/i.test(attributes)) return TELEGRAM_HTML_TEXTS.spanClass;
      if (name === 'a' && !/href\s*=/i.test(attributes)) return TELEGRAM_HTML_TEXTS.linkHref;
      if (!body.endsWith('/')) open.push(name);
    }
    index = text.indexOf('<', end);
  }
  const unclosed = open.pop();
  return unclosed ? TELEGRAM_HTML_TEXTS.unclosed(unclosed) : undefined;
}

/** Schemes a link button may open: the web and Telegram's own (tg://resolve…); never javascript:, data:, file:… */
export function isSafeButtonUrl(value: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value.trim())?.[1]?.toLowerCase();
  return scheme === undefined ? !value.trim().includes(':') || value.trim().startsWith('{{') : ['http', 'https', 'tg'].includes(scheme);
}

/** For a zod superRefine: the problem of `text`, if any, as an issue on `path`. */
export function checkTelegramHtml(text: string | null | undefined, ctx: { addIssue(issue: { code: 'custom'; path: PropertyKey[]; message: string }): void }, path: PropertyKey[]) {
  const problem = text ? telegramHtmlProblem(text) : undefined;
  if (problem) ctx.addIssue({ code: 'custom', path, message: problem });
}
