import Spinner from 'react-bootstrap/Spinner';

export function Loader() {
  return (
    <Spinner
      animation="border"
      role="status"
      className="d-block mx-auto my-4"
      style={{ width: '100px', height: '100px' }}
    >
      <span className="visually-hidden">Loading...</span>
    </Spinner>
  );
}
