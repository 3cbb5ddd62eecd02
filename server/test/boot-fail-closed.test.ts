import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the real server entry point and collects what it prints until it exits (or the time runs out). */
function boot(env: Record<string, string>, timeoutMs = 30_000) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('production boot with the default payment settings', () => {
  it('exits at once with a message naming the payment problem (issue 13, item 1)', async () => {
    const { code, output } = await boot({
      NODE_ENV: 'production',
      COOKIE_SECRET: 'x'.repeat(40),
      DATA_DIR: '/nonexistent/never-opened',
    });
    expect(code).toBe(1);
    expect(output).toContain('PAYMENT_PROVIDER: the sandbox takes no money');
    expect(output).toContain(
      'PAYTR_MERCHANT_KEY: the published development key is never accepted in production',
    );
  });
});
