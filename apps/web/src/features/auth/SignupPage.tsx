import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, PASSWORD_RULES } from '@app/contract';
import { Alert, Button, ErrorText, Input, textLinkClass } from '../../components/index.ts';
import { useRegister } from './api.ts';
import { FIRST_BACKTEST_TEXT } from '../../components/firstBacktestText.ts';
import { isFirstRunPath } from '../../lib/starters.ts';
import { AuthCard } from './components/AuthCard.tsx';
import { GoogleButton } from './components/GoogleButton.tsx';
import { fieldErrors, shownUnderInput, signupErrorMessage } from './errors.ts';
import { fromPath, peekReturnPath, rememberReturnPath, returnPath } from './returnTo.ts';

const INPUTS = ['email', 'password1', 'password2'] as const;

export default function SignupPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Where the guard was taking the user: handed on to the login page after sign-up.
  const target = returnPath(location.state, null, peekReturnPath());
  const sentFrom = fromPath(location.state);
  useEffect(() => {
    if (sentFrom) rememberReturnPath(sentFrom);
  }, [sentFrom]);
  const [email, setEmail] = useState('');
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const request = useRegister();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setFields({});
    if (password1 !== password2) return setError(AUTH_MESSAGES.signupPasswordsMismatch);
    request.mutate(
      { email: email.trim(), password1, password2 },
      {
        // Spec §2: successful signup goes to /login.
        onSuccess: () => navigate('/login', { state: { notice: 'Your account has been created. Please log in.', from: target } }),
        onError: (err) => {
          setError(signupErrorMessage(err));
          setFields(fieldErrors(err));
        },
      },
    );
  };

  return (
    <AuthCard
      title="Sign up"
      lead="Create a free account to save templates, periods and scanner queries."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={{ from: target }} className={textLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      {isFirstRunPath(target) && (
        <Alert tone="info" className="mb-4">
          {FIRST_BACKTEST_TEXT.signupReason}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Input label="Email" type="email" name="email" autoComplete="email" autoFocus required value={email} onChange={(e) => setEmail(e.target.value)} error={fields.email} />
        <Input
          label="Password"
          type="password"
          name="password1"
          autoComplete="new-password"
          required
          value={password1}
          onChange={(e) => setPassword1(e.target.value)}
          error={fields.password1}
          hint={
            <span>
              Your password needs:{' '}
              {PASSWORD_RULES.map((r) => r.replace(/\.$/, '').toLowerCase()).join('; ')}.
            </span>
          }
        />
        <Input
          label="Confirm password"
          type="password"
          name="password2"
          autoComplete="new-password"
          required
          value={password2}
          onChange={(e) => setPassword2(e.target.value)}
          error={fields.password2}
        />
        {/* Spec §8's line; read out but not shown again when the same words sit under an input. */}
        <ErrorText className={shownUnderInput(error, fields, INPUTS) ? 'sr-only' : undefined}>{error}</ErrorText>
        <Button type="submit" loading={request.isPending || request.isSuccess} className="w-full">
          Create account
        </Button>
      </form>
      <GoogleButton returnTo={target} />
    </AuthCard>
  );
}
