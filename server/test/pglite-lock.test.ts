import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oto-lock-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(Boolean(process.env.DATABASE_URL))('PGlite is opened by one process at a time', () => {
  it('refuses while another live process holds the files, and takes over a dead one', async () => {
    const lock = path.join(dataDir, 'pgdata', 'oto-process.lock');
    fs.mkdirSync(path.dirname(lock), { recursive: true });
    // Another process "running the server".
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    fs.writeFileSync(lock, String(other.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/başka bir süreç tarafından kullanılıyor/);
    other.kill();
    await new Promise((r) => other.once('exit', r));

    const db = await openDatabase({ dataDir });
    expect(fs.readFileSync(lock, 'utf8')).toBe(String(process.pid));
    await db.close();
    expect(fs.existsSync(lock)).toBe(false);
  });
});
