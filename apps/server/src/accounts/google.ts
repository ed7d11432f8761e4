import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Config } from '../config.ts';

// Google sign-in, server half of the OAuth 2 / OIDC code flow: exchange the code at the token
// endpoint, then verify the ID token's signature (provider JWKS), issuer, audience and expiry.
// Every URL comes from config so a loopback OIDC provider can stand in for Google in tests.

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
}

export class GoogleSignInError extends Error {}

export const googleConfigured = (config: Config) => Boolean(config.googleClientId && config.googleClientSecret);

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwks(url: string) {
  let set = jwksCache.get(url);
  if (!set) jwksCache.set(url, (set = createRemoteJWKSet(new URL(url))));
  return set;
}

export async function exchangeGoogleCode(config: Config, code: string, redirectUri: string): Promise<GoogleIdentity> {
  let res: Response;
  try {
    res = await fetch(config.googleTokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: config.googleClientId!,
        client_secret: config.googleClientSecret!,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (e) {
    throw new GoogleSignInError(`token endpoint unreachable: ${(e as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as { id_token?: string; error?: string } | null;
  if (!res.ok || !body?.id_token) throw new GoogleSignInError(`code exchange failed: ${res.status} ${body?.error ?? ''}`);
  try {
    const { payload } = await jwtVerify(body.id_token, jwks(config.googleJwksUrl), {
      issuer: config.googleIssuer,
      audience: config.googleClientId!,
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('ID token lacks sub or email');
    return {
      sub: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
      givenName: typeof payload.given_name === 'string' ? payload.given_name : '',
      familyName: typeof payload.family_name === 'string' ? payload.family_name : '',
    };
  } catch (e) {
    throw new GoogleSignInError(`ID token rejected: ${(e as Error).message}`);
  }
}
