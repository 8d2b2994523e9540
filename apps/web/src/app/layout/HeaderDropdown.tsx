import {
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

interface HeaderDropdownProps {
  title: string;
  /** The menu's entries: links and buttons with the `dropdown-item` class. */
  children: ReactNode;
  /** The menu's edge lined up with its button's: `end` for menus at the right of the header. */
  align?: 'start' | 'end';
}

/**
 * A menu of the header: a button that opens a list of links and buttons under it, styled by
 * Bootstrap's dropdown classes. Choosing an entry, clicking outside, leaving it with Tab or
 * pressing Escape closes it; the arrow keys move between the entries. Written here rather than
 * taken from react-bootstrap, whose Dropdown brings Popper into every first page load
 * (the first load of `/` stays under 100 KB of script, docs/decisions/0009-preact-compat.md).
 */
export function HeaderDropdown({ title, children, align = 'end' }: HeaderDropdownProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const focusFirstEntry = useRef(false);
  const menuId = useId();

  const entries = () => [...(root.current?.querySelectorAll<HTMLElement>('.dropdown-item') ?? [])];

  useEffect(() => {
    if (!open) return;
    if (focusFirstEntry.current) {
      focusFirstEntry.current = false;
      entries()[0]?.focus();
    }
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('click', closeOnOutsideClick);
    return () => document.removeEventListener('click', closeOnOutsideClick);
  }, [open]);

  function handleKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) {
      focusFirstEntry.current = true;
      setOpen(true);
      return;
    }
    const list = entries();
    const current = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown' ? Math.min(current + 1, list.length - 1) : Math.max(current - 1, 0);
    list[next]?.focus();
  }

  function handleBlur(event: FocusEvent) {
    // Focus moving to a place outside the menu (Tab past its last entry) closes it.
    if (event.relatedTarget && !root.current?.contains(event.relatedTarget)) {
      setOpen(false);
    }
  }

  return (
    <div ref={root} className="nav-item dropdown" onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <button
        ref={toggle}
        type="button"
        className={open ? 'nav-link dropdown-toggle show' : 'nav-link dropdown-toggle'}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        {title}
      </button>
      {open && (
        // Popper-free placement: Bootstrap's stylesheet places a menu marked data-bs-popper.
        <div
          id={menuId}
          className={
            align === 'end' ? 'dropdown-menu dropdown-menu-end show' : 'dropdown-menu show'
          }
          data-bs-popper="static"
          onClick={() => setOpen(false)}
        >
          {children}
        </div>
      )}
    </div>
  );
}
