import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyPgDatabase, spawnServer } from './processes';

// Issue 15, reproduction 1: processes started together on a fresh PostgreSQL database crashed (duplicate
// CREATE TYPE, deadlock) while migrating and creating pg-boss queues. PGlite has one process by design.
describe.skipIf(!process.env.DATABASE_URL)('processes started at once on an empty database', () => {
  it('all boot: migrations and queue creation take turns under the boot lock', async () => {
    const db = await emptyPgDatabase(process.env.DATABASE_URL!, 'bootrace');
    const dirs = [0, 1, 2, 3].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'oto-boot-')));
    const procs = dirs.map((dir, i) =>
      spawnServer({
        DATABASE_URL: db.url,
        DATA_DIR: dir,
        ROLES: i === 0 ? 'api,worker' : 'worker',
        PORT: '0',
        HOST: '127.0.0.1',
      }),
    );
    try {
      for (const p of procs) await p.waitFor(/"msg":"ready"/, 'ready');
      for (const p of procs) expect(await p.stop()).toBe(0);
    } finally {
      for (const p of procs) await p.stop();
      await db.drop();
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    }
  }, 240_000);
});
