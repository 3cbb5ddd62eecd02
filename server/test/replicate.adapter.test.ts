import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startFakeReplicate } from './fakes/replicate.fake';
import { backgroundPrompt, replicateGenerator } from '../src/adapters/generation/replicate.adapter';

let fake: Awaited<ReturnType<typeof startFakeReplicate>>;
let scene: Buffer;
beforeAll(async () => {
  scene = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer();
  fake = await startFakeReplicate({ token: 'r8_test_token', image: scene });
});
afterAll(async () => fake?.close());

describe('Replicate scene generator against a fake Replicate', () => {
  it('asks for the background only and downloads the output', async () => {
    const gen = replicateGenerator({ token: 'r8_test_token', baseUrl: fake.baseUrl, pollMs: 10 });
    const image = await gen.generateBackground('karlı dağ yolu, gün batımı', '3:2');
    expect(image.equals(scene)).toBe(true);
    const input = fake.created.at(-1)!;
    expect(input.prompt).toBe(backgroundPrompt('karlı dağ yolu, gün batımı'));
    expect(String(input.prompt)).toContain('no vehicles');
    expect(input).toMatchObject({ aspect_ratio: '3:2', output_format: 'jpg' });
  });

  it('polls until a failed prediction and reports it', async () => {
    const gen = replicateGenerator({ token: 'r8_test_token', baseUrl: fake.baseUrl, pollMs: 10 });
    await expect(gen.generateBackground('FAIL please', '3:2')).rejects.toThrow(/failed/);
  });

  it('refuses a wrong token', async () => {
    const gen = replicateGenerator({ token: 'wrong-token', baseUrl: fake.baseUrl, pollMs: 10 });
    await expect(gen.generateBackground('deniz kenarı', '3:2')).rejects.toThrow(/401/);
  });
});
