/**
 * CSV files Excel in pt-BR opens as they are (docs/decisions.md, "CSV exports"): UTF-8 with a BOM (else accents
 * break), `;` between cells (the comma is the decimal separator there), CRLF line ends. A cell that starts like a
 * formula (= + - @, a tab or a carriage return) is prefixed with `'`, so opening the file never runs what a contact
 * or a buyer wrote. Streamed in batches read by keyset, so a large workspace neither holds every row in memory nor
 * skips or repeats one.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-safe, quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: (string | null)[]) => `${cells.map(csvCell).join(';')}\r\n`;

/** Date and time in the viewer's zone as Excel in pt-BR reads them: `31/12/2026 23:59`. */
export function csvDateFormat(timeZone: string): (value: Date) => string {
  const format = new Intl.DateTimeFormat('pt-BR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (value) => format.format(value).replace(',', '');
}

export type CsvSource<Row, Cursor> = {
  header: string[];
  /** The next `limit` rows after `after` (null: the first), in the keyset's order. */
  batch: (after: Cursor | null, limit: number) => Promise<Row[]>;
  cursorOf: (row: Row) => Cursor;
  cells: (row: Row) => (string | null)[];
  batchSize?: number;
};

/** The file as a stream: the BOM and the header first, then one chunk per batch until a short batch ends it. */
export function csvStream<Row, Cursor>(source: CsvSource<Row, Cursor>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const limit = source.batchSize ?? 1000;
  let after: Cursor | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(source.header)}`));
        return;
      }
      const rows = await source.batch(after, limit);
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map((row) => csvLine(source.cells(row))).join('')));
      const last = rows.at(-1);
      if (rows.length < limit || last === undefined) controller.close();
      else after = source.cursorOf(last);
    },
  });
}

/** `attachment` headers of a CSV download, never cached. */
export const csvDownloadHeaders = (fileName: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});
