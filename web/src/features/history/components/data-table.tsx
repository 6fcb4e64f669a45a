import type { ReactNode } from 'react';

export interface DataTableProps {
  caption: string;
  columns: string[];
  /** Cells as shown; the first one of a row is its header. */
  rows: string[][];
  /** Optional content of each row's header cell in place of its text (a link to open it). */
  heads?: ReactNode[];
}

/** The table alternative of a chart: the same values, one row per time or period. */
export function DataTable({ caption, columns, rows, heads }: DataTableProps) {
  return (
    <div
      className="table-responsive"
      style={{ maxHeight: '28rem' }}
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="table table-sm table-striped mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead className="sticky-top">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="text-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([head, ...cells], row) => (
            <tr key={head}>
              <th scope="row" className="fw-normal text-nowrap">
                {heads?.[row] ?? head}
              </th>
              {cells.map((cell, i) => (
                <td key={columns[i + 1] ?? i} className="text-end text-nowrap">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
