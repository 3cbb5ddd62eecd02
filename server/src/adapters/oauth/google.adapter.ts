import * as oidc from 'openid-client';

export interface GoogleClaims {
  sub: string;
  email: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
}

/** What the browser must carry from the start of a sign-in to its callback (kept in a signed cookie). */
export interface PendingGoogleLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface GoogleAuth {
  /** Builds the provider's authorization URL with state, nonce and PKCE (S256). */
  start(): Promise<{ url: string; pending: PendingGoogleLogin }>;
  /** Exchanges the callback's code, verifying state, nonce and PKCE; requires a verified e-mail. */
  finish(callbackUrl: URL, pending: PendingGoogleLogin): Promise<GoogleClaims>;
}

/** Google sign-in over OpenID Connect; `issuer` is overridable so tests can use a local fake provider. */
export function googleAuth(opts: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}): GoogleAuth {
  let config: Promise<oidc.Configuration> | undefined;
  const getConfig = () => {
    config ??= oidc
      .discovery(new URL(opts.issuer), opts.clientId, opts.clientSecret, undefined, {
        // Plain http is only accepted for a loopback issuer (the local fake provider in tests and e2e).
        execute: /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(opts.issuer)
          ? [oidc.allowInsecureRequests]
          : [],
      })
      .catch((err) => {
        config = undefined; // try discovery again on the next sign-in
        throw err;
      });
    return config;
  };

  return {
    async start() {
      const cfg = await getConfig();
      const pending = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(cfg, {
        redirect_uri: opts.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        prompt: 'select_account',
      });
      return { url: url.href, pending };
    },
    async finish(callbackUrl, pending) {
      const cfg = await getConfig();
      const tokens = await oidc.authorizationCodeGrant(cfg, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) {
        throw new Error('Google account has no verified e-mail');
      }
      return {
        sub: claims.sub,
        email: claims.email,
        givenName: typeof claims.given_name === 'string' ? claims.given_name : undefined,
        familyName: typeof claims.family_name === 'string' ? claims.family_name : undefined,
        picture: typeof claims.picture === 'string' ? claims.picture : undefined,
      };
    },
  };
}
