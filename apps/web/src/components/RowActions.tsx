import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

interface RowActionsProps {
  /** What the row shows, for the buttons' accessible names ("Edit Blue lamp"). */
  name: string;
  editTo: string;
  /** Without it the row has no Delete (the admin's own account). */
  onDelete?: (() => void) | undefined;
  deleting?: boolean;
  /** Buttons of the list's own between Edit and Delete (a discount's Deactivate). */
  children?: ReactNode;
}

/**
 * The header cell above RowActions: the column's name is for screen readers only. On a phone
 * the column stays in view while the table scrolls in its box (`table-actions` in app.css).
 */
export function RowActionsHeader() {
  return (
    <th className="table-actions">
      <span className="visually-hidden">Actions</span>
    </th>
  );
}

/** The Edit link and Delete button that end a row of every admin list. */
export function RowActions({
  name,
  editTo,
  onDelete,
  deleting = false,
  children,
}: RowActionsProps) {
  return (
    <td className="text-nowrap table-actions">
      <Link to={editTo} className="btn btn-light btn-sm me-2" aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {children}
      {onDelete && (
        <Button
          variant="danger"
          size="sm"
          aria-label={`Delete ${name}`}
          disabled={deleting}
          onClick={onDelete}
        >
          Delete
        </Button>
      )}
    </td>
  );
}
