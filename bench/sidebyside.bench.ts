// Side-by-side with the peer library on the same 12-MP photo, interleaved in one run: ours = background
// change + plate hide (the product's request), peer = @imgly/background-removal-node's bare cut-out. Each
// measurement is its own child process (bench/sidebyside.child.ts: models loaded, one warm-up call, one
// timed call), so each side's peak RSS is its own; rounds alternate ours, peer, ours, peer... so a load
// change on the machine hits both alike.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { twelveMegapixelPhoto, type BenchTable } from './engine.bench';
import { engineProcessEnv } from '../engine/process.env';

const run = promisify(execFile);

const median = (v: number[]): number => {
  const s = v.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

interface Sample {
  side: 'ours' | 'peer';
  ms: number;
  rssMb: number;
}

/** Ratio target (issue 12): ours / the peer's bare cut-out. */
export const RATIO_TARGET = 0.6;
/** Peak RSS target of ours, MiB (1.1 GB). */
export const RSS_TARGET_MB = 1100 * 0.953674;

export async function sideBySideBench(
  rounds = Number(process.env.BENCH_PEER_ROUNDS ?? 3),
): Promise<BenchTable> {
  const root = resolve(import.meta.dirname, '..');
  const { jpeg, source } = await twelveMegapixelPhoto(root);
  // The upscaled photo lives in a temporary folder for the run only (nothing from eval-dev is stored).
  const dir = await mkdtemp(join(tmpdir(), 'sidebyside-'));
  const photo = join(dir, 'photo.jpg');
  await writeFile(photo, jpeg);
  const samples: Sample[] = [];
  try {
    for (let r = 0; r < rounds; r++) {
      for (const side of ['ours', 'peer'] as const) {
        // Both sides under the allocator settings the product's image workers run with (same conditions).
        const { stdout } = await run(
          process.execPath,
          ['--import', 'tsx', join(root, 'bench', 'sidebyside.child.ts'), side, photo],
          { cwd: root, maxBuffer: 16 << 20, env: { ...engineProcessEnv(), NODE_OPTIONS: '' } },
        );
        const line = stdout.trim().split('\n').pop() ?? '';
        samples.push(JSON.parse(line) as Sample);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const of = (side: Sample['side']) => samples.filter((s) => s.side === side);
  const ours = of('ours');
  const peer = of('peer');
  const oursMs = median(ours.map((s) => s.ms));
  const peerMs = median(peer.map((s) => s.ms));
  const oursRss = Math.max(...ours.map((s) => s.rssMb));
  const peerRss = Math.max(...peer.map((s) => s.rssMb));
  const list = (v: Sample[]) => v.map((s) => (s.ms / 1000).toFixed(2)).join(', ');
  const ratio = oursMs / peerMs;
  return {
    title: 'side-by-side with the peer (12 MP, interleaved child processes)',
    rows: [
      [
        'photo',
        `${source === 'synthetic' ? 'synthetic' : source.split('/').pop()} upscaled to 4243x2828 (12.0 MP)`,
      ],
      ['rounds (ours, peer alternating)', String(rounds)],
      ['ours: background_change + plate_hide', `median ${(oursMs / 1000).toFixed(2)} s (${list(ours)})`],
      [
        'peer: @imgly/background-removal-node removeBackground',
        `median ${(peerMs / 1000).toFixed(2)} s (${list(peer)})`,
      ],
      [
        'ours / peer',
        `${ratio.toFixed(2)} (target <= ${RATIO_TARGET}) ${ratio <= RATIO_TARGET ? 'met' : 'NOT met'}`,
      ],
      [
        'peak RSS ours',
        `${oursRss.toFixed(0)} MiB = ${((oursRss * 1.048576) / 1000).toFixed(2)} GB (target <= 1.1 GB) ${oursRss <= RSS_TARGET_MB ? 'met' : 'NOT met'}`,
      ],
      ['peak RSS peer', `${peerRss.toFixed(0)} MiB = ${((peerRss * 1.048576) / 1000).toFixed(2)} GB`],
    ],
  };
}
