import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AUTH_MESSAGES, PASSWORD_RULES, RESET_REDIRECT_DELAY_MS } from '@app/contract';
import { Alert, Button, ErrorText, Input, textLinkClass } from '../../components/index.ts';
import { usePasswordResetConfirm } from './api.ts';
import { AuthCard } from './components/AuthCard.tsx';
import { fieldErrors, resetErrorMessage } from './errors.ts';

export default function ResetConfirmPage() {
  const { uidb64 = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const request = usePasswordResetConfirm();
  const done = request.isSuccess;

  // Spec §2: after a successful reset, /login follows in 2 seconds.
  useEffect(() => {
    if (!done) return;
    const t = window.setTimeout(() => navigate('/login'), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(t);
  }, [done, navigate]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setFields({});
    if (password1 !== password2) return setError(AUTH_MESSAGES.resetConfirmMismatch);
    request.mutate(
      { uid: uidb64, token, new_password1: password1, new_password2: password2 },
      {
        onError: (err) => {
          setError(resetErrorMessage(err));
          setFields(fieldErrors(err));
        },
      },
    );
  };

  return (
    <AuthCard
      title="Choose a new password"
      lead="Enter your new password twice. The reset link works once."
      footer={
        <Link to="/forgot-password" className={textLinkClass}>
          Request a new link
        </Link>
      }
    >
      {done ? (
        <Alert tone="success">{AUTH_MESSAGES.resetConfirmSuccess}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Input
            label="New password"
            type="password"
            name="new_password1"
            autoComplete="new-password"
            autoFocus
            required
            value={password1}
            onChange={(e) => setPassword1(e.target.value)}
            error={fields.new_password1}
            hint={`Your password needs: ${PASSWORD_RULES.map((r) => r.replace(/\.$/, '').toLowerCase()).join('; ')}.`}
          />
          <Input
            label="Confirm new password"
            type="password"
            name="new_password2"
            autoComplete="new-password"
            required
            value={password2}
            onChange={(e) => setPassword2(e.target.value)}
            error={fields.new_password2}
          />
          <ErrorText>{error}</ErrorText>
          <Button type="submit" loading={request.isPending} className="w-full">
            Reset password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
