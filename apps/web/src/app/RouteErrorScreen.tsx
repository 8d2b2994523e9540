import { Link } from 'react-router';
import { Message } from '../components/Message.tsx';
import { useDocumentTitle } from '../components/use-document-title.ts';

export function RouteErrorScreen() {
  useDocumentTitle('Something went wrong');
  return (
    <>
      <h1>Something went wrong</h1>
      <Message variant="danger">
        This page could not be shown. Reload the page, or try again in a moment.
      </Message>
      <Link to="/" className="btn btn-dark">
        Go to the home page
      </Link>
    </>
  );
}
