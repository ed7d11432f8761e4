import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES } from '@app/contract';
import { Alert, Button, ErrorText, Input, Loading, textLinkClass } from '../../components/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useLogin } from './api.ts';
import { FIRST_BACKTEST_TEXT } from '../../components/firstBacktestText.ts';
import { isFirstRunPath } from '../../lib/starters.ts';
import { AuthCard } from './components/AuthCard.tsx';
import { GoogleButton } from './components/GoogleButton.tsx';
import { forgetReturnPath, fromPath, peekReturnPath, rememberReturnPath, returnPath } from './returnTo.ts';
import { loginErrorMessage } from './errors.ts';

export default function LoginPage() {
  const { isAuthenticated, loading, sessionExpired, expiredFrom, login } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const request = useLogin();
  // Still submitting after success, until the navigation below leaves this screen.
  const submitting = request.isPending || request.isSuccess;
  const target = returnPath(location.state, expiredFrom, peekReturnPath());
  // Remembered for the tab, so a detour through sign-up or a reload still ends on that page.
  const sentFrom = fromPath(location.state) ?? expiredFrom;
  useEffect(() => {
    if (sentFrom) rememberReturnPath(sentFrom);
  }, [sentFrom]);
  const { notice, error: redirectError } = (location.state ?? {}) as { notice?: string; error?: string };

  if (loading) return <Loading />;
  // Spec §2: /login sends an authenticated user home (not after the server refused the session).
  if (isAuthenticated && !sessionExpired && !submitting) return <Navigate to="/" replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!email.trim() || !password) return setError(AUTH_MESSAGES.loginMissingFields);
    try {
      const { access } = await request.mutateAsync({ email: email.trim(), password });
      login(access);
      forgetReturnPath();
      navigate(target, { replace: true });
    } catch (err) {
      setError(loginErrorMessage(err));
      request.reset();
    }
  };

  return (
    <AuthCard
      title="Log in"
      lead="Welcome back. Sign in to build templates, run backtests and scan the market."
      footer={
        <>
          No account yet?{' '}
          <Link to="/signup" state={{ from: target }} className={textLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      {isFirstRunPath(target) && (
        <Alert tone="info" className="mb-4">
          {FIRST_BACKTEST_TEXT.loginReason}
        </Alert>
      )}
      {notice && (
        <Alert tone="success" className="mb-4">
          {notice}
        </Alert>
      )}
      {redirectError && !error && (
        <Alert tone="error" className="mb-4">
          {redirectError}
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Input label="Email" type="email" name="email" autoComplete="email" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
        <Input label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex justify-end text-sm">
          <Link to="/forgot-password" className={textLinkClass}>
            Forgot password?
          </Link>
        </div>
        <ErrorText>{error}</ErrorText>
        <Button type="submit" loading={submitting} className="w-full">
          Log in
        </Button>
      </form>
      <GoogleButton returnTo={target} />
    </AuthCard>
  );
}
