/**
 * A small RFC 4180 reader for the contacts import, the same on the console (the header, to map columns) and the
 * server (every line): quoted cells with `""` and line breaks inside, CRLF or LF, a UTF-8 BOM, and the separator
 * found on the first line (`;` as Excel in pt-BR writes it, else `,` or a tab). No dependency: the format is small,
 * and one reader on both sides means the mapping the operator saw is the one the server applies.
 */

export type CsvRecord = {
  /** The file's line where the record starts (1 = the header), as a spreadsheet numbers it. */
  line: number;
  cells: string[];
};

/** The separator of the header line outside quotes: the most frequent of `;`, `,` and tab (`;` on a tie). */
export function detectSeparator(text: string): string {
  const counts = new Map<string, number>([[';', 0], [',', 0], ['\t', 0]]);
  let quoted = false;
  for (const char of text.replace(/^\uFEFF/, '')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ';';
  for (const [separator, count] of counts) if (count > (counts.get(best) ?? 0)) best = separator;
  return best;
}

/** Every record of `text`, blank lines skipped; the separator detected unless given. */
export function* csvRecords(text: string, separator = detectSeparator(text)): Generator<CsvRecord> {
  const source = text.replace(/^\uFEFF/, '');
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let startLine = 1;
  const finish = (): CsvRecord | undefined => {
    cells.push(cell);
    const record = cells.length === 1 && cells[0] === '' ? undefined : { line: startLine, cells };
    cells = [];
    cell = '';
    return record;
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      const record = finish();
      if (record) yield record;
      line += 1;
      startLine = line;
    } else cell += char;
  }
  const last = finish();
  if (last) yield last;
}

/** The header's cells, read from the start of the file only (the console reads a slice, not a 20 MB file). */
export function csvHeader(text: string): { separator: string; columns: string[] } {
  const separator = detectSeparator(text);
  const first = csvRecords(text, separator).next();
  return { separator, columns: first.done ? [] : first.value.cells.map((cell) => cell.trim()) };
}

/** A file's bytes as text: UTF-8 as the export writes it, else Windows-1252 (what Excel's "CSV" saves in pt-BR). */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}
