// The authorization request of Google sign-in (spec §7): code flow, scopes openid profile email,
// redirect back to /oauth/callback. A random `state` kept in sessionStorage guards the callback
// against forged redirects.

const STATE_KEY = 'oauth_state';

export const oauthRedirectUri = () => `${window.location.origin}/oauth/callback`;

export function googleAuthorizationUrl(authUrl: string, clientId: string): string {
  const state = crypto.randomUUID();
  sessionStorage.setItem(STATE_KEY, state);
  const url = new URL(authUrl);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: oauthRedirectUri(),
    response_type: 'code',
    scope: 'openid profile email',
    state,
  }).toString();
  return url.toString();
}

/** True when the callback's state is the one this tab sent (consumed: a state works once). */
export function takeOAuthState(state: string | null): boolean {
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return Boolean(expected) && state === expected;
}
