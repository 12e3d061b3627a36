import type { ReactNode } from 'react';

/** A column heading: its text, and a class where the column is aligned or sized apart ('num'). */
export type Heading = string | { label: ReactNode; className?: string };

/** The header row of a table, one heading a column, each a column header for screen readers. */
export function TableHead({ columns }: { columns: readonly Heading[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) => {
          const { label, className } =
            typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the columns of a table never move
            <th key={index} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** A column of figures, right-aligned. */
export function num(label: string): Heading {
  return { label, className: 'num' };
}

/** A column whose heading only a screen reader needs (the column of Remove buttons). */
export function hidden(label: string): Heading {
  return { label: <span className="visually-hidden">{label}</span> };
}

/**
 * A table that on a phone becomes one card a row, each cell labelled by its data-label (.table-cards), and
 * scrolls sideways on its own where it is wider than the screen (.table-wrap). The caption names it for screen
 * readers.
 */
export function CardTable({
  caption,
  columns,
  className,
  tableClassName = 'table',
  testId,
  children,
}: {
  caption?: ReactNode;
  columns: readonly Heading[];
  className?: string;
  /** 'table table-sm' for a compact one. */
  tableClassName?: string;
  testId?: string;
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className={className ? `table-cards ${className}` : 'table-cards'}>
      <div className="table-wrap">
        <table className={tableClassName} data-testid={testId}>
          {caption ? <caption className="visually-hidden">{caption}</caption> : null}
          <TableHead columns={columns} />
          <tbody>{children}</tbody>
        </table>
      </div>
    </div>
  );
}
