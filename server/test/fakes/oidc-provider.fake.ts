import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export interface FakeOidcUser {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name?: string;
  family_name?: string;
}

interface PendingAuth {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce?: string;
  codeChallenge: string;
}

/**
 * A local OpenID Connect provider speaking the real wire protocol (discovery, authorization code with
 * PKCE S256, token endpoint with client_secret_basic/post, RS256 id_token, JWKS) on loopback.
 * `interactive` shows a consent page with a button (for the browser); otherwise /authorize redirects at once.
 */
export async function startFakeOidcProvider(opts: {
  clientId: string;
  clientSecret: string;
  user: FakeOidcUser;
  interactive?: boolean;
}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
  const transactions = new Map<string, PendingAuth>();
  const codes = new Map<string, PendingAuth & { used: boolean }>();
  let issuer = '';

  const redirectWithCode = (res: http.ServerResponse, txn: PendingAuth) => {
    const code = randomBytes(16).toString('hex');
    codes.set(code, { ...txn, used: false });
    const target = new URL(txn.redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', txn.state);
    res.writeHead(302, { location: target.href }).end();
  };

  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid', 'email', 'profile'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const p = url.searchParams;
      if (p.get('client_id') !== opts.clientId) return json(res, 400, { error: 'invalid_client' });
      if (p.get('response_type') !== 'code') return json(res, 400, { error: 'unsupported_response_type' });
      if (p.get('code_challenge_method') !== 'S256' || !p.get('code_challenge')) {
        return json(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
      }
      if (!p.get('state') || !p.get('redirect_uri')) return json(res, 400, { error: 'invalid_request' });
      const txn: PendingAuth = {
        clientId: opts.clientId,
        redirectUri: p.get('redirect_uri')!,
        state: p.get('state')!,
        nonce: p.get('nonce') ?? undefined,
        codeChallenge: p.get('code_challenge')!,
      };
      if (!opts.interactive) return redirectWithCode(res, txn);
      const id = randomBytes(8).toString('hex');
      transactions.set(id, txn);
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
        `<!doctype html><html lang="en"><title>Fake Google</title><main><h1>Choose an account</h1>
         <form method="post" action="/authorize/approve"><input type="hidden" name="txn" value="${id}">
         <button type="submit" id="approve">Continue as ${opts.user.email}</button></form></main></html>`,
      );
    }
    if (url.pathname === '/authorize/approve' && req.method === 'POST') {
      const txnId = new URLSearchParams(await readBody(req)).get('txn') ?? '';
      const txn = transactions.get(txnId);
      transactions.delete(txnId);
      if (!txn) return json(res, 400, { error: 'invalid_request' });
      return redirectWithCode(res, txn);
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      let clientId = form.get('client_id');
      let secret = form.get('client_secret');
      const basic = req.headers.authorization;
      if (basic?.startsWith('Basic ')) {
        const [id, sec] = Buffer.from(basic.slice(6), 'base64').toString().split(':');
        clientId = decodeURIComponent(id);
        secret = decodeURIComponent(sec ?? '');
      }
      if (clientId !== opts.clientId || secret !== opts.clientSecret)
        return json(res, 401, { error: 'invalid_client' });
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || form.get('grant_type') !== 'authorization_code') {
        return json(res, 400, { error: 'invalid_grant' });
      }
      code.used = true;
      if (form.get('redirect_uri') !== code.redirectUri) return json(res, 400, { error: 'invalid_grant' });
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (challenge !== code.codeChallenge) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
      }
      const idToken = await new SignJWT({ ...opts.user, ...(code.nonce ? { nonce: code.nonce } : {}) })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
        .setIssuer(issuer)
        .setAudience(opts.clientId)
        .setSubject(opts.user.sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      return json(res, 200, {
        access_token: randomBytes(16).toString('hex'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
        scope: 'openid email profile',
      });
    }
    return json(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
