import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { syntheticCarPhoto } from './testing/synthetic.fixture';

const run = promisify(execFile);
const cli = (args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'engine/cli.ts', ...args], {
    cwd: process.cwd(),
    timeout: 60_000,
  });

describe('engine CLI (stable, scriptable)', () => {
  it('prints plates as JSON with box, quad, score and text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-cli-'));
    const input = join(dir, 'car.jpg');
    await writeFile(input, await syntheticCarPhoto(960, 640, '34 ABC 123'));
    const { stdout } = await cli(['plates', input, '--json']);
    const plates = JSON.parse(stdout) as {
      x: number;
      y: number;
      w: number;
      h: number;
      quad: number[][];
      score: number;
      text: string;
    }[];
    expect(plates).toHaveLength(1);
    expect(Object.keys(plates[0])).toEqual(['x', 'y', 'w', 'h', 'quad', 'score', 'text']);
    expect(plates[0].quad).toHaveLength(4);
    expect(plates[0].text).toBe('34ABC123');
  });

  it('processes with the documented flags and writes a JPEG', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-cli-'));
    const input = join(dir, 'car.jpg');
    const out = join(dir, 'out.jpg');
    await writeFile(input, await syntheticCarPhoto(800, 533, '06 KL 4321'));
    const { stdout } = await cli([
      'process',
      input,
      '-o',
      out,
      '--ops',
      'plate_customize',
      '--plate-text',
      '35 TR 2024',
      '--plate-color',
      'yellow',
      '--plate-text-color',
      'black',
      '--watermark',
    ]);
    expect(JSON.parse(stdout).plates).toBe(1);
    expect((await sharp(await readFile(out)).metadata()).format).toBe('jpeg');
  });

  it('exits 2 with a typed error for a non-image', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engine-cli-'));
    const input = join(dir, 'fake.jpg');
    await writeFile(input, 'definitely not a jpeg');
    const err = await cli(['process', input, '-o', join(dir, 'o.jpg'), '--ops', 'plate_hide']).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect((err as { code: number }).code).toBe(2);
    expect((err as { stderr: string }).stderr).toMatch(/NOT_AN_IMAGE/);
  });
});
