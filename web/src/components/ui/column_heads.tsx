/** The header row of a plain table, one column header per label. */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => <th key={label} scope="col">{label}</th>)}
      </tr>
    </thead>
  );
}
