// Benchmark orchestrator: runs each bench section and prints its table. Sections are added here.
import { engineBench, type BenchTable } from './engine.bench';
import { landingBench } from './landing.bench';
import { httpBench } from './http.bench';
import { scaleoutBench } from './scaleout.bench';
import { sideBySideBench } from './sidebyside.bench';
import { spawnSync } from 'node:child_process';
import { ENGINE_ALLOCATOR_ENV, engineProcessEnv } from '../engine/process.env';

// The product runs the engine in processes started with its allocator settings (engine/process.env.ts);
// the engine section measures it in this process, so the bench restarts itself with them when missing.
if (Object.keys(ENGINE_ALLOCATOR_ENV).some((k) => !(k in process.env))) {
  const child = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: engineProcessEnv(),
  });
  process.exit(child.status ?? 1);
}

const sections: { name: string; run: () => Promise<BenchTable> }[] = [
  { name: 'engine', run: () => engineBench() },
  { name: 'sidebyside', run: () => sideBySideBench() },
  { name: 'landing', run: () => landingBench() },
  { name: 'http', run: () => httpBench() },
  { name: 'scaleout', run: () => scaleoutBench() },
];

function print(table: BenchTable): void {
  const w0 = Math.max(...table.rows.map((r) => r[0].length), 6);
  const w1 = Math.max(...table.rows.map((r) => r[1].length), 6);
  console.log(`\n## ${table.title}\n`);
  console.log(`| ${'metric'.padEnd(w0)} | ${'value'.padEnd(w1)} |`);
  console.log(`|${'-'.repeat(w0 + 2)}|${'-'.repeat(w1 + 2)}|`);
  for (const [k, v] of table.rows) console.log(`| ${k.padEnd(w0)} | ${v.padEnd(w1)} |`);
}

const only = process.argv[2];
for (const section of sections) {
  if (only && section.name !== only) continue;
  print(await section.run());
}
