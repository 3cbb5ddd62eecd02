// Command-line interface of the image engine (stable; other tools script it):
//   process <in> -o <out.jpg> --ops background_change,plate_hide,plate_customize,car_clean [--preset ID]
//           [--background file] [--plate-text T] [--plate-color C] [--plate-text-color C] [--logo file]
//           [--mask file] [--watermark] [--prompt "..."] [--hide-style blur|pixelate|blank]
//           [--max-side N] [--preview file]
//   segment <in> -o <mask.png>
//   plates <in> --json
//   presets --sheet <out.png>
// Exit codes: 0 ok, 1 usage or internal error, 2 the input was refused (typed EngineError on stderr).
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { plateColorSchema, plateTextColorSchema } from '../contract/plate';
import { EngineError } from './engine.error';
import { createEngine, OPERATIONS, type Operation, type ProcessRequest } from './pipeline';
import type { HideStyle } from './plate/plate.hide';
import { presetSheet } from './scene/scene.sheet';

const usage = `usage:
  engine process <in> -o <out.jpg> --ops ${OPERATIONS.join(',')} [--preset ID] [--background file]
         [--plate-text T] [--plate-color C] [--plate-text-color C] [--logo file] [--mask file] [--watermark]
         [--prompt "..."] [--hide-style blur|pixelate|blank] [--max-side N] [--preview file]
  engine segment <in> -o <mask.png>
  engine plates <in> --json
  engine presets --sheet <out.png>`;

class UsageError extends Error {}

const round = (v: number): number => Math.round(v * 10) / 10;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      ops: { type: 'string' },
      preset: { type: 'string' },
      background: { type: 'string' },
      'plate-text': { type: 'string' },
      'plate-color': { type: 'string' },
      'plate-text-color': { type: 'string' },
      logo: { type: 'string' },
      mask: { type: 'string' },
      watermark: { type: 'boolean' },
      prompt: { type: 'string' },
      'hide-style': { type: 'string' },
      'max-side': { type: 'string' },
      preview: { type: 'string' },
      json: { type: 'boolean' },
      sheet: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, input] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return;
  }
  const engine = createEngine();
  switch (command) {
    case 'process': {
      if (!input || !values.out) throw new UsageError('process needs <in> and -o <out.jpg>');
      const ops = (values.ops ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      for (const op of ops)
        if (!OPERATIONS.includes(op as Operation)) throw new UsageError(`unknown operation: ${op}`);
      if (!ops.length && !values.prompt) throw new UsageError('--ops is required');
      // SPEC §5: a prompt alone means background_change.
      if (!ops.length && values.prompt) ops.push('background_change');
      const style = values['hide-style'];
      if (style && !['blur', 'pixelate', 'blank'].includes(style))
        throw new UsageError(`unknown hide style ${style}`);
      const request: ProcessRequest = {
        operations: ops as Operation[],
        preset: values.preset,
        prompt: values.prompt,
        background: values.background ? await readFile(values.background) : undefined,
        logo: values.logo ? await readFile(values.logo) : undefined,
        mask: values.mask ? await readFile(values.mask) : undefined,
        watermark: values.watermark ?? false,
        plateHideStyle: style as HideStyle | undefined,
        maxLongSide: values['max-side'] ? Number(values['max-side']) : undefined,
      };
      if (values['plate-text'] !== undefined || ops.includes('plate_customize')) {
        const color = values['plate-color'] ? plateColorSchema.safeParse(values['plate-color']) : undefined;
        const textColor = values['plate-text-color']
          ? plateTextColorSchema.safeParse(values['plate-text-color'])
          : undefined;
        if (color && !color.success) throw new UsageError(`unknown plate colour ${values['plate-color']}`);
        if (textColor && !textColor.success)
          throw new UsageError(`unknown plate text colour ${values['plate-text-color']}`);
        request.plate = { text: values['plate-text'] ?? '', color: color?.data, textColor: textColor?.data };
      }
      const result = await engine.process(await readFile(input), request);
      await writeFile(values.out, result.jpeg);
      if (values.preview) await writeFile(values.preview, result.preview);
      const timings = Object.fromEntries(
        Object.entries(result.timings).map(([k, v]) => [k, Math.round(v ?? 0)]),
      );
      console.log(
        JSON.stringify({
          out: values.out,
          width: result.width,
          height: result.height,
          scene: result.sceneId ?? null,
          plates: result.plates.length,
          timings,
        }),
      );
      return;
    }
    case 'segment': {
      if (!input || !values.out) throw new UsageError('segment needs <in> and -o <mask.png>');
      const { png } = await engine.segment(await readFile(input));
      await writeFile(values.out, png);
      return;
    }
    case 'plates': {
      if (!input) throw new UsageError('plates needs <in>');
      const plates = await engine.plates(await readFile(input));
      const rows = plates.map((p) => ({
        x: p.x,
        y: p.y,
        w: p.w,
        h: p.h,
        quad: p.quad.map(([x, y]) => [round(x), round(y)]),
        score: Math.round(p.score * 1000) / 1000,
        text: p.text,
      }));
      console.log(
        values.json
          ? JSON.stringify(rows)
          : rows.map((r) => `${r.text}\t${r.x},${r.y},${r.w},${r.h}\t${r.score}`).join('\n'),
      );
      return;
    }
    case 'presets': {
      if (!values.sheet) throw new UsageError('presets needs --sheet <out.png>');
      await writeFile(values.sheet, await presetSheet());
      return;
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    if (err instanceof EngineError) {
      console.error(`error ${err.code}: ${err.message}${err.detail ? ` (${err.detail})` : ''}`);
      process.exit(2);
    }
    if (
      err instanceof UsageError ||
      (err instanceof Error && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      console.error(`${err.message}\n${usage}`);
      process.exit(1);
    }
    if (err instanceof Error && 'code' in err && err.code === 'ENOENT') {
      console.error(`error: ${err.message}`);
      process.exit(1);
    }
    console.error(err);
    process.exit(1);
  },
);
