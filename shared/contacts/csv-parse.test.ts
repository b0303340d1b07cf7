/** The import's CSV reader and column guess (csv-parse.ts, import.ts): what Excel and spreadsheets write. */
import { describe, expect, test } from 'bun:test';
import { csvHeader, csvRecords, decodeCsvBytes, detectSeparator } from './csv-parse.ts';
import { guessMapping } from './import.ts';

describe('CSV reader', () => {
  test('BOM, `;`, CRLF, quoted separators, doubled quotes and line breaks inside quotes; blank lines skipped', () => {
    const text = '\uFEFFa;b\r\n"x;y";"ele disse ""oi"""\r\n\r\n"duas\nlinhas";z\n1;2';
    expect([...csvRecords(text)]).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;y', 'ele disse "oi"'] },
      { line: 4, cells: ['duas\nlinhas', 'z'] },
      { line: 6, cells: ['1', '2'] },
    ]);
  });

  test('the separator is the header line’s most frequent outside quotes, `;` on a tie', () => {
    expect(detectSeparator('id,nome\n1;2')).toBe(',');
    expect(detectSeparator('"a;b",c,d')).toBe(',');
    expect(detectSeparator('id\tnome')).toBe('\t');
    expect(detectSeparator('id')).toBe(';');
    expect(csvHeader('\uFEFF Telegram ID ; Nome \r\n1;2')).toEqual({ separator: ';', columns: ['Telegram ID', 'Nome'] });
  });

  test('UTF-8 as written, Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('João'))).toBe('João');
    expect(decodeCsvBytes(Uint8Array.from([0x4a, 0x6f, 0xe3, 0x6f]))).toBe('João');
  });

  test('columns guessed from pt-BR and English names, each column used once', () => {
    expect(guessMapping(['Telegram ID', 'Nome', 'Sobrenome', 'Usuário', 'Celular', 'Etiquetas'])).toEqual({
      telegramId: 0, firstName: 1, lastName: 2, username: 3, phoneNumber: 4, labels: 5,
    });
    expect(guessMapping(['user_id', 'first_name', 'phone', 'tags', 'email'])).toEqual({
      telegramId: 0, firstName: 1, lastName: null, username: null, phoneNumber: 2, labels: 3,
    });
  });
});
