import { Link } from 'react-router';

interface PaginateProps {
  pages: number;
  page: number;
  isAdmin?: boolean;
  keyword?: string;
}

function pageLink(pageNumber: number, isAdmin: boolean, keyword: string | undefined): string {
  if (isAdmin) return `/admin/productlist/${pageNumber}`;
  if (keyword) return `/search/${encodeURIComponent(keyword)}/page/${pageNumber}`;
  return `/page/${pageNumber}`;
}

export function Paginate({ pages, page, isAdmin = false, keyword }: PaginateProps) {
  if (pages <= 1) return null;
  const pageNumbers = Array.from({ length: pages }, (_, index) => index + 1);
  return (
    <nav aria-label="Pages">
      <ul className="pagination justify-content-center">
        {pageNumbers.map((pageNumber) => {
          const active = pageNumber === page;
          return (
            <li key={pageNumber} className={active ? 'page-item active' : 'page-item'}>
              <Link
                className="page-link"
                to={pageLink(pageNumber, isAdmin, keyword)}
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
