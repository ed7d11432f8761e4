import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { AUTH_MESSAGES, type UserDetails } from '@app/contract';
import { Alert, Button, Card, CardBody, CardHeader, ErrorText, Input, Loading, Page } from '../../components/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useLogoutEverywhere, useUpdateUser, useUser } from './api.ts';

/** Profile (spec §2): view or edit first and last name; the e-mail is read only. */
export default function ProfilePage() {
  const user = useUser();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  return (
    <Page title="Profile" intro="Your account details." width="2xl">
      <div className="mt-6">
        {user.isPending ? (
          <Loading />
        ) : user.isError || !user.data ? (
          <Alert tone="error">{AUTH_MESSAGES.profileLoadFailed}</Alert>
        ) : editing ? (
          <EditProfile
            user={user.data}
            onDone={(ok) => {
              setEditing(false);
              setSaved(ok);
            }}
          />
        ) : (
          <ViewProfile
            user={user.data}
            saved={saved}
            onEdit={() => {
              setSaved(false);
              setEditing(true);
            }}
          />
        )}
        {user.data && <Sessions />}
      </div>
    </Page>
  );
}

/** Ends every session of the account (other browsers and devices too), then this one. */
function Sessions() {
  const everywhere = useLogoutEverywhere();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const onClick = async () => {
    setError('');
    try {
      await everywhere.mutateAsync();
    } catch {
      setError(AUTH_MESSAGES.logoutEverywhereFailed);
      return;
    }
    await logout();
    navigate('/');
  };
  return (
    <Card className="mt-6">
      <CardHeader title="Sessions" />
      <CardBody>
        <p className="text-sm text-slate-600 dark:text-slate-300">Signed in on another browser or device you no longer use? End every session of this account, this one included.</p>
        <ErrorText>{error}</ErrorText>
        <Button variant="secondary" className="mt-3" loading={everywhere.isPending} onClick={() => void onClick()}>
          Log out everywhere
        </Button>
      </CardBody>
    </Card>
  );
}

function ViewProfile({ user, saved, onEdit }: { user: UserDetails; saved: boolean; onEdit(): void }) {
  const row = (label: string, value: string, testId: string) => (
    <div className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2 dark:text-slate-100" data-testid={testId}>
        {value || <span className="text-slate-500 dark:text-slate-400">Not set</span>}
      </dd>
    </div>
  );
  return (
    <Card>
      <CardHeader title="Account" actions={<Button variant="secondary" size="sm" onClick={onEdit}>Edit</Button>} />
      <CardBody>
        {saved && (
          <Alert tone="success" className="mb-2">
            {AUTH_MESSAGES.profileUpdated}
          </Alert>
        )}
        <dl className="divide-y divide-slate-200 dark:divide-slate-800">
          {row('First name', user.first_name, 'profile-first-name')}
          {row('Last name', user.last_name, 'profile-last-name')}
          {row('Email', user.email, 'profile-email')}
        </dl>
      </CardBody>
    </Card>
  );
}

function EditProfile({ user, onDone }: { user: UserDetails; onDone(saved: boolean): void }) {
  const update = useUpdateUser();
  const [firstName, setFirstName] = useState(user.first_name);
  const [lastName, setLastName] = useState(user.last_name);
  const [error, setError] = useState('');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    try {
      await update.mutateAsync({ first_name: firstName.trim(), last_name: lastName.trim() });
      onDone(true);
    } catch {
      setError(AUTH_MESSAGES.profileUpdateFailed);
    }
  };

  return (
    <Card>
      <CardHeader title="Edit account" />
      <CardBody>
        <form onSubmit={onSubmit} className="space-y-4">
          <Input label="First name" name="first_name" autoComplete="given-name" autoFocus maxLength={150} value={firstName} onChange={(e) => setFirstName(e.target.value)} />
          <Input label="Last name" name="last_name" autoComplete="family-name" maxLength={150} value={lastName} onChange={(e) => setLastName(e.target.value)} />
          <Input label="Email" name="email" value={user.email} readOnly disabled hint="Your e-mail address cannot be changed." />
          <ErrorText>{error}</ErrorText>
          <div className="flex gap-3">
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
            <Button variant="secondary" onClick={() => onDone(false)} disabled={update.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
