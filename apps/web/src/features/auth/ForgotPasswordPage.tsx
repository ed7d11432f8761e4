import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUTH_MESSAGES } from '@app/contract';
import { Alert, Button, ErrorText, Input, textLinkClass } from '../../components/index.ts';
import { usePasswordReset } from './api.ts';
import { AuthCard } from './components/AuthCard.tsx';
import { forgotErrorMessage } from './errors.ts';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const request = usePasswordReset();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    request.mutate(email.trim(), { onError: (err) => setError(forgotErrorMessage(err)) });
  };

  return (
    <AuthCard
      title="Forgot password"
      lead="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <Link to="/login" className={textLinkClass}>
          Back to login
        </Link>
      }
    >
      {request.isSuccess ? (
        <Alert tone="success">{AUTH_MESSAGES.resetEmailSent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <Input label="Email" type="email" name="email" autoComplete="email" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} />
          <ErrorText>{error}</ErrorText>
          <Button type="submit" loading={request.isPending} className="w-full">
            Send reset link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
