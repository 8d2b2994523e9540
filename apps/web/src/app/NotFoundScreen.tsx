import { Link } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title.ts';

export function NotFoundScreen() {
  useDocumentTitle('Page Not Found');
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
