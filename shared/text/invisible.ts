/**
 * Characters that change how text reads without being seen: bidirectional controls reorder what follows them
 * (`https://evil.example/\u202Egpj.exe` reads `…/exe.jpg`), zero-width and other format characters hide inside a
 * word. Text a contact or a teammate wrote is shown isolated (the console's `UserText`), so it can never reorder
 * the console's own words; inside an address or a file name, where none of them has an honest use, each one is
 * shown as a visible mark (`revealInvisible`). Plain prose keeps them: joiners build emoji and Persian words, and
 * direction marks place punctuation in Arabic and Hebrew text.
 */

/** Embeddings, overrides, isolates, their terminators and the direction marks (LRM, RLM, ALM). */
const BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Format and control characters (tab and line breaks aside), and the Hangul fillers that draw as blanks. */
const INVISIBLE = /[\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0]/u;
const LINE_LAYOUT = /[\t\n\r]/;

/** Whitespace that separates words; U+FEFF is not one of them, though JavaScript's `\s` says it is. */
const WORD_BREAK = /([\t\n\v\f\r \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+)/;

/** An address: a scheme, `www.`, or a host name with a dot, optionally followed by a path. */
const LINK_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:|tg:)|^[^\s@/]*[a-z0-9-]\.[a-z]{2,}(?:[/:?#]|$)/i;

export type TextPiece = { kind: 'text'; text: string } | { kind: 'invisible'; char: string; code: string; label: string };

const isInvisible = (char: string): boolean => INVISIBLE.test(char) && !LINE_LAYOUT.test(char);

/** `U+202E`: the code point as Unicode writes it. */
function codePointName(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

function invisibleLabel(char: string, code: string): string {
  const kind = char.match(BIDI_CONTROL) ? 'controla a direção do texto' : /[\u200B-\u200D\u2060\uFEFF]/.test(char) ? 'largura zero' : 'caractere de controle';
  return `Caractere invisível ${code}: ${kind}`;
}

/** Every invisible character of `text` as a piece of its own, the rest as text. */
export function revealInvisible(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let run = '';
  for (const char of text) {
    if (!isInvisible(char)) {
      run += char;
      continue;
    }
    if (run) pieces.push({ kind: 'text', text: run });
    run = '';
    const code = codePointName(char);
    pieces.push({ kind: 'invisible', char, code, label: invisibleLabel(char, code) });
  }
  if (run) pieces.push({ kind: 'text', text: run });
  return pieces;
}

const stripInvisible = (word: string) => [...word].filter((char) => !isInvisible(char)).join('');

/** Whether a word reads as an address once its invisible characters are taken out. */
const isLinkLike = (word: string): boolean => LINK_LIKE.test(stripInvisible(word));

/** `text` with the invisible characters of each address in it revealed; every other word left as it is. */
export function revealInLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const word of text.split(WORD_BREAK)) {
    if (!word) continue;
    const parts = isLinkLike(word) ? revealInvisible(word) : [{ kind: 'text' as const, text: word }];
    for (const part of parts) {
      const last = pieces.at(-1);
      if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
      else pieces.push(part);
    }
  }
  return pieces;
}

/** `text` without bidirectional controls: for places that render plain text with no isolation (OS notifications). */
export const stripBidiControls = (text: string): string => text.replace(BIDI_CONTROL, '');

const OPENS_EMBEDDING = /[\u202A\u202B\u202D\u202E]/;
const OPENS_ISOLATE = /[\u2066-\u2068]/;

/**
 * `text` whose direction changes all end inside it: an embedding or isolate left open is closed at its end, and a
 * terminator with nothing to close (which would close the surrounding isolate early) is dropped.
 */
export function balanceBidi(text: string): string {
  const open: ('embedding' | 'isolate')[] = [];
  let out = '';
  for (const char of text) {
    if (OPENS_EMBEDDING.test(char)) open.push('embedding');
    else if (OPENS_ISOLATE.test(char)) open.push('isolate');
    else if (char === '\u202C') {
      if (open.at(-1) !== 'embedding') continue;
      open.pop();
    } else if (char === '\u2069') {
      const isolate = open.lastIndexOf('isolate');
      if (isolate < 0) continue;
      open.length = isolate;
    }
    out += char;
  }
  return out + open.reverse().map((kind) => (kind === 'embedding' ? '\u202C' : '\u2069')).join('');
}

/**
 * `text` inside a first-strong isolate (FSI…PDI), for plain strings the console shows where no element can wrap it
 * (toasts, `<option>` labels, names joined into one string).
 */
export const isolateText = (text: string): string => `\u2068${balanceBidi(text)}\u2069`;
