import { Link, useParams } from 'react-router';
import { FormContainer } from '../../components/FormContainer.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { UserEditForm } from './UserEditForm.tsx';
import { useGetUserQuery } from './users-admin-api.ts';

function UserEdit() {
  const { id = '' } = useParams();
  const { data: user, isLoading, error } = useGetUserQuery(id);

  return (
    <>
      <Link to="/admin/userlist" className="btn btn-light mb-3">
        Go Back
      </Link>
      <FormContainer>
        <h1>Edit User</h1>
        {isLoading ? (
          <Loader />
        ) : error ? (
          <Message variant="danger">{errorMessage(error)}</Message>
        ) : (
          user && <UserEditForm key={user._id} user={user} />
        )}
      </FormContainer>
    </>
  );
}

/** Admin: a user's name, e-mail and admin flag (the only place the flag changes). */
export function UserEditScreen() {
  useDocumentTitle('Edit User');
  return (
    <RequireAdmin>
      <UserEdit />
    </RequireAdmin>
  );
}
