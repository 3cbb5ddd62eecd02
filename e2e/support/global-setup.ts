import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeOidcProvider } from '../../server/test/fakes/oidc-provider.fake';
import { startFakeSmtp } from '../../server/test/fakes/smtp.fake';
import { e2eUsers, E2E_PASSWORD, GOOGLE_USER } from './users';
import { waitUntil } from '../../server/test/wait-until';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** GET ?to=<address>: JSON list of the raw messages the loopback SMTP server received for it. */
    mailboxURL: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');

async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  const outcome = await waitUntil(
    async () =>
      server.exitCode !== null
        ? 'exited'
        : (await fetch(`${url}/healthz`).catch(() => null))?.ok && 'healthy',
    'the server to become healthy',
    { timeoutMs: 60_000, intervalMs: 250 },
  ).catch((err: Error) => {
    throw new Error(`${err.message}\n${log()}`);
  });
  if (outcome === 'exited') throw new Error(`server exited early:\n${log()}`);
}

/** Starts a fake Google, creates the test accounts, then starts the real server on the built app. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does)');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-e2e-'));
  const port = 3400 + Math.floor(Math.random() * 400);
  const baseURL = `http://127.0.0.1:${port}`;
  const oidc = await startFakeOidcProvider({
    clientId: 'e2e-client',
    clientSecret: 'e2e-secret',
    user: GOOGLE_USER,
    interactive: true,
  });
  // A real SMTP server on loopback receives the app's mail; tests read it through a small JSON mailbox
  // (the spec files run in another process than this setup).
  const smtp = await startFakeSmtp();
  const mailbox = http.createServer((req, res) => {
    const to = new URL(req.url ?? '/', 'http://x').searchParams.get('to')?.toLowerCase() ?? '';
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smtp.received.filter((m) => m.to.includes(to))));
  });
  await new Promise<void>((r) => mailbox.listen(0, '127.0.0.1', r));
  const mailboxURL = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`;
  const env = {
    ...process.env,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Oto Stüdyo <no-reply@oto.test>',
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    GOOGLE_CLIENT_ID: 'e2e-client',
    GOOGLE_CLIENT_SECRET: 'e2e-secret',
    GOOGLE_ISSUER: oidc.issuer,
  };

  // Accounts made with the documented CLI (PGlite allows one process at a time, so before the server starts).
  for (const u of e2eUsers) {
    const args = [
      'server/src/cli/user-create.ts',
      '--email',
      u.email,
      '--password',
      E2E_PASSWORD,
      '--role',
      u.role,
    ];
    if (u.firstName) args.push('--first-name', u.firstName);
    if (u.lastName) args.push('--last-name', u.lastName);
    if (u.username) args.push('--username', u.username);
    if (u.unverified) args.push('--unverified');
    if (u.allAccess) args.push('--all-access');
    const r = spawnSync(tsx, args, { cwd: root, env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`user:create failed for ${u.email}: ${r.stderr || r.stdout}`);
  }

  let output = '';
  const server = spawn(tsx, ['server/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  await waitForHealth(baseURL, server, () => output);

  project.provide('baseURL', baseURL);
  project.provide('mailboxURL', mailboxURL);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await oidc.close();
    await smtp.close();
    mailbox.close();
    if (process.env.E2E_KEEP_LOGS) console.log(output);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
