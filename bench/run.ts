// Benchmark orchestrator: runs each bench section and prints its table. Sections are added here.
import { engineBench, type BenchTable } from './engine.bench';
import { landingBench } from './landing.bench';
import { httpBench } from './http.bench';
import { scaleoutBench } from './scaleout.bench';
import { sideBySideBench } from './sidebyside.bench';

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
