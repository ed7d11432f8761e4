import { OAuth2Server } from 'oauth2-mock-server';

export interface GoogleStandIn {
  /** the server settings that send "Continue with Google" to this stand-in */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** A loopback OIDC provider standing in for Google: the ID tokens it signs carry `identity()` (read at
 *  each sign-in, so a test can change who signs in next). */
export async function startGoogleStandIn(identity: () => Record<string, unknown>): Promise<GoogleStandIn> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => Object.assign(token.payload, identity()));
  const issuer = oidc.issuer.url!;
  return {
    env: {
      GOOGLE_CLIENT_ID: 'e2e-client',
      GOOGLE_CLIENT_SECRET: 'e2e-secret',
      GOOGLE_AUTH_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_JWKS_URL: `${issuer}/jwks`,
      GOOGLE_ISSUER: issuer,
    },
    stop: () => oidc.stop(),
  };
}
