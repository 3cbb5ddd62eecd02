// One side of the bench's side-by-side, in its own process so its peak RSS is its own:
//   node --import tsx bench/sidebyside.child.ts <ours|peer> <photo.jpg>
// ours: background_change + plate_hide (luxury-showroom) on the photo, as the product runs it;
// peer: @imgly/background-removal-node's bare removeBackground (default config) on the same photo.
// Each side loads its models and does one untimed warm-up call, then one timed call. Prints one JSON line:
// {"side", "ms", "rssMb"} (rssMb: the process's peak resident set, warm-up included).
import { readFile } from 'node:fs/promises';
import { register } from 'node:module';

const [side, photo] = process.argv.slice(2);
if (side !== 'ours' && side !== 'peer') throw new Error('usage: sidebyside.child.ts <ours|peer> <photo.jpg>');
const jpeg = await readFile(photo);

async function oursRunner(): Promise<() => Promise<unknown>> {
  const { createEngine } = await import('../engine/pipeline');
  const engine = createEngine();
  await engine.warmup();
  return () =>
    engine.process(jpeg, { operations: ['background_change', 'plate_hide'], preset: 'luxury-showroom' });
}

async function peerRunner(): Promise<() => Promise<unknown>> {
  // The peer is written against zod 3 (`z.function().args()`); the project has zod 4, which carries the
  // zod 3 API as 'zod/v3': its imports of 'zod' are resolved there (and only its own).
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier === 'zod' && context.parentURL && context.parentURL.includes('@imgly/background-removal-node'))
      return next('zod/v3', context);
    return next(specifier, context);
  }`;
  register(`data:text/javascript,${encodeURIComponent(hook)}`, import.meta.url);
  const { removeBackground } = (await import('@imgly/background-removal-node')) as {
    removeBackground: (image: Blob) => Promise<Blob>;
  };
  return async () => {
    const out = await removeBackground(new Blob([jpeg], { type: 'image/jpeg' }));
    return out.arrayBuffer();
  };
}

const run = side === 'ours' ? await oursRunner() : await peerRunner();
await run();
const t = performance.now();
await run();
const ms = performance.now() - t;
console.log(JSON.stringify({ side, ms, rssMb: process.resourceUsage().maxRSS / 1024 }));
