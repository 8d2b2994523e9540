import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';

/** Plain Bootstrap form classes: react-bootstrap's Form would bring all its controls along. */
export function SearchBox() {
  const navigate = useNavigate();
  const { keyword = '' } = useParams();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    const trimmed = typeof value === 'string' ? value.trim() : '';
    void navigate(trimmed ? `/search/${encodeURIComponent(trimmed)}` : '/');
  }

  return (
    // Keyed by the keyword so the box shows the search of the page being looked at.
    <form key={keyword} role="search" className="d-flex my-2 my-lg-0" onSubmit={handleSubmit}>
      <label htmlFor="search-keyword" className="visually-hidden">
        Search products
      </label>
      <input
        id="search-keyword"
        type="search"
        name="keyword"
        defaultValue={keyword}
        placeholder="Search Products.."
        className="form-control me-2"
      />
      <button type="submit" className="btn btn-outline-light">
        Search
      </button>
    </form>
  );
}
