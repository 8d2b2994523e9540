import type { User } from '@proshop/domain/user-schemas';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { Message } from '../../components/Message.tsx';
import { TextField } from '../../components/TextField.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { selectUserInfo, signedIn } from '../../state/session-slice.ts';
import { useUpdateUserMutation } from './users-admin-api.ts';

export function UserEditForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const userInfo = useSelector(selectUserInfo);
  const [updateUser, { isLoading, error }] = useUpdateUserMutation();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [isAdmin, setIsAdmin] = useState(user.isAdmin);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      const updated = await updateUser({ id: user._id, name, email, isAdmin }).unwrap();
      // An admin renaming their own account sees the new name in the header at once.
      if (userInfo?._id === updated._id) dispatch(signedIn({ ...userInfo, ...updated }));
      void navigate('/admin/userlist');
    } catch {
      // The error is shown from the mutation's state.
    }
  }

  return (
    <>
      {error && <Message variant="danger">{errorMessage(error)}</Message>}
      <Form onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          controlId="user-name"
          label="Name"
          required
          placeholder="Enter name"
          value={name}
          onChange={setName}
        />
        <TextField
          controlId="user-email"
          label="Email Address"
          type="email"
          required
          placeholder="Enter email"
          value={email}
          onChange={setEmail}
        />
        <Form.Group className="mb-3" controlId="user-is-admin">
          <Form.Check
            type="checkbox"
            label="Is Admin"
            checked={isAdmin}
            onChange={(event) => setIsAdmin(event.target.checked)}
          />
        </Form.Group>
        <Button type="submit" variant="dark" disabled={isLoading}>
          Update
        </Button>
      </Form>
    </>
  );
}
