/** A column heading: its text, right-aligned for numbers, or read only by screen readers (an actions column). */
type Column = string | { label: string; num?: boolean; hidden?: boolean };

/** A table's heading row, one `<th scope="col">` per column. */
export function Thead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => {
          const col = typeof c === 'string' ? { label: c } : c;
          return (
            <th key={col.label} scope="col" className={col.num ? 'num' : undefined}>
              {col.hidden ? <span className="visually-hidden">{col.label}</span> : col.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
