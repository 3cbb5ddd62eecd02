import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs raw SQL for pg-boss; multi-statement text without parameters must be supported. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** For pg-boss on PGlite; null on PostgreSQL, where pg-boss opens its own pool. */
  executeSql: ExecuteSql | null;
  connectionString: string | null;
  migrate(): Promise<void>;
  /**
   * Runs `fn` while holding the cluster-wide boot lock (a PostgreSQL advisory lock on its own connection),
   * so processes starting together on an empty database migrate and create queues one after another.
   */
  withBootLock<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as a tarball, which `openDatabase({ template })` starts from. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Any fixed 64-bit number; the same in every process of the deployment. */
const BOOT_LOCK_KEY = 7_120_415_033;

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite files may be opened by one process only: a second one (e.g. `npm run user:create` while the server
 * runs) used to report success while its writes never reached the server. A pid file refuses the second
 * process; a lock left by a crashed process (its pid gone) is taken over.
 */
function takeProcessLock(dir: string): () => void {
  const file = path.join(dir, 'oto-process.lock');
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `Veritabanı dosyaları (${dir}) başka bir süreç tarafından kullanılıyor (pid ${holder}). PGlite aynı anda tek süreçle çalışır: önce sunucuyu durdurun ya da DATABASE_URL ile PostgreSQL kullanın.`,
      );
    }
    fs.writeFileSync(file, String(process.pid));
  }
  return () => fs.rmSync(file, { force: true });
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite: file-backed under `dataDir`,
 * or in memory when dataDir is null (tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  /** PGlite only: start from this dumped data directory instead of an empty one (tests: a migrated copy). */
  template?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process: the pool
    // replaces it on the next query.
    pool.on('error', (err) => console.error(`postgres idle connection error: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    async function withBootLock<T>(fn: () => Promise<T>): Promise<T> {
      // A connection of its own: the lock is held by the session, whatever the pool does meanwhile.
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      client.on('error', () => undefined); // a drop ends the session and so releases the lock
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
        return await fn();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY]).catch(() => undefined);
        await client.end().catch(() => undefined);
      }
    }
    return {
      kind: 'postgres',
      db,
      executeSql: null,
      connectionString: opts.databaseUrl,
      // Under the boot lock: processes starting together would race on CREATE TYPE / CREATE TABLE.
      migrate: () => withBootLock(() => migratePg(drizzlePg(pool, { schema }), { migrationsFolder })),
      withBootLock,
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  let releaseLock = () => {};
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    releaseLock = takeProcessLock(dir);
  }
  const client = await PGlite.create(dir, opts.template ? { loadDataDir: opts.template } : {});
  const pgliteDb = drizzlePglite(client, { schema });
  const executeSql: ExecuteSql = async (text, values) => {
    if (values && values.length > 0) {
      const res = await client.query(text, values);
      return { rows: res.rows };
    }
    // pg-boss sends whole scripts (BEGIN; ...; COMMIT) without parameters; only exec accepts those.
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
  return {
    kind: 'pglite',
    db: pgliteDb as unknown as Db,
    executeSql,
    connectionString: null,
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    // One process per PGlite database (the pid lock above): nobody to wait for.
    withBootLock: (fn) => fn(),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
