import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useParams } from 'react-router';

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
    <Form key={keyword} role="search" className="d-flex my-2 my-lg-0" onSubmit={handleSubmit}>
      <Form.Label htmlFor="search-keyword" visuallyHidden>
        Search products
      </Form.Label>
      <Form.Control
        id="search-keyword"
        type="search"
        name="keyword"
        defaultValue={keyword}
        placeholder="Search Products.."
        className="me-2"
      />
      <Button type="submit" variant="outline-light">
        Search
      </Button>
    </Form>
  );
}
