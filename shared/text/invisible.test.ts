import { describe, expect, test } from 'bun:test';
import { balanceBidi, isolateText, revealInLinks, revealInvisible, stripBidiControls } from './invisible.ts';

const RLO = '\u202E';
const marks = (pieces: ReturnType<typeof revealInvisible>) => pieces.map((piece) => (piece.kind === 'text' ? piece.text : `⟨${piece.code}⟩`)).join('');

describe('invisible characters', () => {
  test('an override in an address is revealed where it sits, with a pt-BR label', () => {
    const pieces = revealInLinks(`veja https://evil.example/${RLO}gpj.exe agora`);
    expect(marks(pieces)).toBe('veja https://evil.example/⟨U+202E⟩gpj.exe agora');
    expect(pieces[1]).toEqual({ kind: 'invisible', char: RLO, code: 'U+202E', label: 'Caractere invisível U+202E: controla a direção do texto' });
  });

  test('every kind is revealed in an address: bidi controls, zero-width, BOM, other format and control characters', () => {
    const hidden = ['\u202A', '\u202B', '\u202C', '\u202D', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u0007', '\u3164'];
    for (const char of hidden) {
      const pieces = revealInLinks(`https://a.example/x${char}y`);
      expect(pieces.filter((piece) => piece.kind === 'invisible')).toHaveLength(1);
    }
    expect(revealInLinks('https://a.example/\u200Bx')[1]).toMatchObject({ label: 'Caractere invisível U+200B: largura zero' });
    expect(revealInLinks('https://a.example/\u0007')[1]).toMatchObject({ label: 'Caractere invisível U+0007: caractere de controle' });
  });

  test('addresses without a scheme and file names count as addresses; a zero-width no-break space does not split a word', () => {
    expect(marks(revealInLinks(`evil.example/${RLO}gpj.exe`))).toBe('evil.example/⟨U+202E⟩gpj.exe');
    expect(marks(revealInLinks(`fatura${RLO}fdp.exe`))).toBe('fatura⟨U+202E⟩fdp.exe');
    expect(marks(revealInLinks('www.\uFEFFexample.com'))).toBe('www.⟨U+FEFF⟩example.com');
    expect(marks(revealInLinks('h\u200Bttps://evil.example'))).toBe('h⟨U+200B⟩ttps://evil.example');
  });

  test('prose keeps its joiners and direction marks: emoji sequences, Persian, Arabic punctuation', () => {
    for (const text of ['👨‍👩‍👧 família', 'می‌خواهم', 'مرحبا\u200F!', `${RLO}evil`]) expect(revealInLinks(text)).toEqual([{ kind: 'text', text }]);
    expect(revealInLinks('linha 1\n\tlinha 2')).toEqual([{ kind: 'text', text: 'linha 1\n\tlinha 2' }]);
  });

  test('revealInvisible marks every invisible character of a file name, line breaks aside', () => {
    expect(marks(revealInvisible(`a\u200Bb${RLO}c`))).toBe('a⟨U+200B⟩b⟨U+202E⟩c');
    expect(revealInvisible('')).toEqual([]);
  });

  test('stripBidiControls removes every direction control and mark, and nothing else', () => {
    expect(stripBidiControls(`Nova mensagem de ${RLO}evil\u2066x\u2069\u200E\u200F\u061C`)).toBe('Nova mensagem de evilx');
    expect(stripBidiControls('👨‍👩‍👧 می‌خواهم')).toBe('👨‍👩‍👧 می‌خواهم');
  });

  test('balanceBidi closes what the text opens and drops terminators that would close an outer isolate', () => {
    expect(balanceBidi(`${RLO}evil`)).toBe(`${RLO}evil\u202C`);
    expect(balanceBidi('\u2067a\u202Bb')).toBe('\u2067a\u202Bb\u202C\u2069');
    expect(balanceBidi('\u2069\u202Cx')).toBe('x');
    expect(balanceBidi('\u2066\u202Ea\u2069b')).toBe('\u2066\u202Ea\u2069b');
    expect(balanceBidi('\u202Ea\u2066b\u202Cc\u2069\u202C')).toBe('\u202Ea\u2066bc\u2069\u202C');
    expect(isolateText(`\u2069${RLO}evil`)).toBe(`\u2068${RLO}evil\u202C\u2069`);
  });
});
