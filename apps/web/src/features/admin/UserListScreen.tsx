import type { User } from '@proshop/domain/user-schemas';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import Table from 'react-bootstrap/Table';
import { RowActions, RowActionsHeader } from '../../components/RowActions.tsx';
import { Loader } from '../../components/Loader.tsx';
import { Message } from '../../components/Message.tsx';
import { RequireAdmin } from '../../components/RequireAdmin.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ShortId } from '../../components/ShortId.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo } from '../../state/session-slice.ts';
import { DeleteUserModal } from './DeleteUserModal.tsx';
import { useGetUsersQuery } from './users-admin-api.ts';

function AdminMark({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? (
    <span className="text-success fw-bold" role="img" aria-label="Yes">
      ✓
    </span>
  ) : (
    <span className="text-danger fw-bold" role="img" aria-label="No">
      ✗
    </span>
  );
}

function UserList() {
  const { data: users, isLoading, error } = useGetUsersQuery();
  const [userToDelete, setUserToDelete] = useState<User | null>(null);
  const me = useSelector(selectUserInfo);

  return (
    <>
      <h1>Users</h1>
      {isLoading ? (
        <Loader />
      ) : error ? (
        <Message variant="danger">{errorMessage(error)}</Message>
      ) : (
        users && (
          <Table striped bordered hover responsive size="sm" className="admin-cards">
            <thead>
              <tr>
                <th>ID</th>
                <th>NAME</th>
                <th>EMAIL</th>
                <th>ADMIN</th>
                <RowActionsHeader />
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user._id}>
                  <td className="small" data-label="ID">
                    <ShortId id={user._id} />
                  </td>
                  <td className="admin-card-title">{user.name}</td>
                  <td data-label="EMAIL">
                    <a href={`mailto:${user.email}`}>{user.email}</a>
                  </td>
                  <td className="text-center" data-label="ADMIN">
                    <AdminMark isAdmin={user.isAdmin} />
                  </td>
                  <RowActions
                    name={user.name}
                    editTo={`/admin/user/${user._id}/edit`}
                    // The server refuses an admin's deleting themselves: no button to try.
                    onDelete={user._id === me?._id ? undefined : () => setUserToDelete(user)}
                  />
                </tr>
              ))}
            </tbody>
          </Table>
        )
      )}
      {userToDelete && (
        <DeleteUserModal user={userToDelete} onClose={() => setUserToDelete(null)} />
      )}
    </>
  );
}

/** Admin: every account, with edit and a delete that asks for the user's name. */
export function UserListScreen() {
  useDocumentTitle('Users');
  return (
    <RequireAdmin>
      <UserList />
    </RequireAdmin>
  );
}
