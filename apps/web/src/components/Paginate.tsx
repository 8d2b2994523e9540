import { Link } from 'react-router';
import { GAP, pageHref, pageLinks, type PageLinkTarget } from '../lib/page-links.ts';

interface PaginateProps extends PageLinkTarget {
  pages: number;
  page: number;
}

/** Links to a list's pages; each keeps the list's query string (its filters and sort). */
export function Paginate({ pages, page, ...target }: PaginateProps) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages">
      <ul className="pagination justify-content-center flex-wrap">
        {pageLinks(pages, page).map((pageNumber, index) => {
          if (pageNumber === GAP) {
            return (
              <li key={`gap-${index}`} className="page-item disabled" aria-hidden="true">
                <span className="page-link">…</span>
              </li>
            );
          }
          const active = pageNumber === page;
          return (
            <li key={pageNumber} className={active ? 'page-item active' : 'page-item'}>
              <Link
                className="page-link"
                to={pageHref(pageNumber, target)}
                aria-current={active ? 'page' : undefined}
              >
                {pageNumber}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
