import { Link } from 'react-router';

export function NotFoundScreen() {
  return (
    <>
      <h1>Page Not Found</h1>
      <p>There is no page at this address.</p>
      <Link to="/" className="btn btn-dark">
        Go to the home page
      </Link>
    </>
  );
}
