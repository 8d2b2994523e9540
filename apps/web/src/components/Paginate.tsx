import { Link } from 'react-router';
import { GAP, pageLinks } from '../lib/page-links.ts';

interface PaginateProps {
  pages: number;
  page: number;
  /** The admin list the links go to (`/admin/productlist`, `/admin/orderlist`); pages append `/{n}`. */
  adminList?: string;
  keyword?: string;
  /** Kept on every page link, e.g. `?status=paid` (the admin order list's filter). */
  search?: string;
}

function pageLink(pageNumber: number, adminList: string | undefined, keyword: string | undefined) {
  if (adminList) return `${adminList}/${pageNumber}`;
  if (keyword) return `/search/${encodeURIComponent(keyword)}/page/${pageNumber}`;
  return `/page/${pageNumber}`;
}

export function Paginate({ pages, page, adminList, keyword, search = '' }: PaginateProps) {
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
                to={pageLink(pageNumber, adminList, keyword) + search}
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
