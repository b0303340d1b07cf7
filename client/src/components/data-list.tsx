import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { Pagination } from './pagination.tsx';

export type DataColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (and of its header, with `alignEnd`). */
  className?: string;
  alignEnd?: boolean;
};

type Props<Row> = {
  rows: Row[];
  rowKey: (row: Row) => string;
  columns: DataColumn<Row>[];
  /** One row as a card on a phone: a DataCard (components/data-card.tsx). */
  card: (row: Row) => ReactNode;
  /** The accessible name of the card list. */
  label: string;
  /** data-testid of a table row. */
  rowTestId: string;
  /** Shown instead of the list when there are no rows. */
  empty?: ReactNode;
  pagination?: { page: number; totalPages: number; onPage: (page: number) => void };
};

/** Rows as a table on a laptop and as cards on a phone, with an empty state and the page buttons. */
export function DataList<Row>({ rows, rowKey, columns, card, label, rowTestId, empty, pagination }: Props<Row>) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200/80 bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-100 bg-slate-50/60 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            <tr>
              {columns.map((column) => (
                <th key={column.header} className={cn('px-4 py-3', column.alignEnd && 'text-right')}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={column.header} className={cn('px-4 py-3', column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={label} className="space-y-3 md:hidden">
        {rows.map(card)}
      </ul>
      {pagination && <Pagination {...pagination} />}
    </>
  );
}
