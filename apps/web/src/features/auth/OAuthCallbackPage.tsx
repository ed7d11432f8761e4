import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { AUTH_API_MESSAGES } from '@app/contract';
import { Loading } from '../../components/index.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useGoogleLogin } from './api.ts';
import { oauthRedirectUri, takeOAuthState } from './google.ts';
import { takeReturnPath } from './returnTo.ts';

/** /oauth/callback (spec §7): exchanges the code; no code, a failed exchange or no access token → /login. */
export default function OAuthCallbackPage() {
  const { isAuthenticated, loading, login } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false); // a code works once; StrictMode runs effects twice
  const { mutateAsync: exchange } = useGoogleLogin();

  useEffect(() => {
    if (loading || isAuthenticated || started.current) return;
    started.current = true;
    const code = params.get('code');
    const fail = () => navigate('/login', { replace: true, state: { error: AUTH_API_MESSAGES.googleFailed } });
    if (!code || !takeOAuthState(params.get('state'))) return void navigate('/login', { replace: true });
    exchange({ code, redirect_uri: oauthRedirectUri() })
      .then(({ access }) => {
        if (!access) return fail();
        login(access);
        navigate(takeReturnPath(), { replace: true });
      })
      .catch(fail);
  }, [loading, isAuthenticated, params, login, navigate, exchange]);

  // Spec §2: the callback sends an already authenticated user home.
  // eslint-disable-next-line react-hooks/refs -- `started` must flip synchronously (a code works once); a state would lag a render
  if (!loading && isAuthenticated && !started.current) return <Navigate to="/" replace />;
  return <Loading text="Signing you in with Google..." />;
}
