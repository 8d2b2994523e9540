/**
 * An id shown short, so that a table of them fits a phone: its first 8 characters, upper case
 * (`short-id` in app.css). The text is still the whole id: for screen readers, a search of the
 * page, a copy, and in the tooltip.
 */
export function ShortId({ id }: { id: string }) {
  return (
    <span className="short-id font-monospace" title={id}>
      {id}
    </span>
  );
}
