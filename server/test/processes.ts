import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { loadSettings } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { composeServices } from '../src/compose';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves when a line matches; rejects when the process exits first (with its output). */
  waitFor(pattern: RegExp, what?: string): Promise<string>;
  exited: Promise<number | null>;
  /** SIGTERM and wait; SIGKILL when it does not exit within `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

/** The real server entry point (`node --import tsx server/src/main.ts`) with the given environment. */
export function spawnServer(env: Record<string, string>): ServerProcess {
  // Node itself with tsx's loader (the tsx CLI would put a second process between us and the server).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (d: Buffer) => {
    output += d;
    for (const l of listeners) l();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, what = String(pattern)) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const line = output.split('\n').find((l) => pattern.test(l));
          if (line === undefined) return;
          listeners.delete(check);
          resolve(line);
        };
        listeners.add(check);
        check();
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          listeners.delete(check);
          reject(new Error(`process exited (${code}) before ${what}:\n${output.slice(-4000)}`));
        });
      });
    },
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** A new, empty PostgreSQL database next to `baseUrl` (nothing migrated), and its removal. */
export async function emptyPgDatabase(baseUrl: string, prefix = 'scaleout') {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * An All-Access user with a session, written before a server process starts (PGlite under `dataDir`: one
 * process at a time) or beside it (PostgreSQL at env.DATABASE_URL). Returns its Authorization header.
 */
export async function seedUser(env: Record<string, string>, dataDir: string | null) {
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir ?? os.tmpdir(),
    ...env,
  });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  await database.migrate();
  const services = composeServices(database, settings);
  const now = new Date();
  const id = `seed-${randomBytes(4).toString('hex')}`;
  const user = await services.repos.users.insert({
    id,
    email: `${id}@example.com`,
    overrideAllAccess: true,
    role: 'business',
    createdAt: now,
    updatedAt: now,
  });
  const { token } = await services.auth.createSession(user.id, { ip: '127.0.0.1', userAgent: 'test' });
  return { auth: { authorization: `Bearer ${token}` }, userId: user.id, close: () => database.close() };
}
