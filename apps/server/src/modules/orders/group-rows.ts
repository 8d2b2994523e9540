/**
 * Rows of a parent LEFT JOIN its lines, in order, grouped as each parent with its lines, listed
 * under the id of what the parent belongs to (an order): the shape of refunds and of return
 * requests as an order's answer reads them.
 */
export function groupUnder<P extends { id: string }, L>(
  rows: readonly { parent: P; line: L | null }[],
  ownerOf: (parent: P) => string,
): Map<string, { parent: P; lines: L[] }[]> {
  const byOwner = new Map<string, { parent: P; lines: L[] }[]>();
  const byId = new Map<string, { parent: P; lines: L[] }>();
  for (const { parent, line } of rows) {
    let entry = byId.get(parent.id);
    if (!entry) {
      entry = { parent, lines: [] };
      byId.set(parent.id, entry);
      const list = byOwner.get(ownerOf(parent));
      if (list) list.push(entry);
      else byOwner.set(ownerOf(parent), [entry]);
    }
    if (line) entry.lines.push(line);
  }
  return byOwner;
}
