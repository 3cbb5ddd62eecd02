import sharp from 'sharp';
import type { RawImage } from '../io/image.decode';
import { grownBox, lumaAt, overlapOnCanvas } from '../io/pixel.box';
import { CAR_HEIGHT_M, measureLight, sceneMeta, type SceneMeta } from './scene.library';
import { streetGlass, studioGlass } from './glass.continuity';
import { groundLines } from './ground.line';
import { feetRow, maskBounds } from '../segment/mask.ops';
import { LIN, photoShadow, toLinear, toSrgb, type PhotoShadow } from './photo.shadow';
import { CAR_WIDTH, skyOcclusion, type SkyOcclusion } from './sky.occlusion';
import { renderScene, type SceneTint } from './scene.render';

/** Car bounding box in source pixels (alpha >= 128) and whether it touches the photo's border. */
export interface CarBox {
  x: number;
  y: number;
  w: number;
  h: number;
  cutLeft: boolean;
  cutRight: boolean;
  cutBottom: boolean;
}

/** A key light whose cast shadow is at least this dark is a sun (or a hard spot): see compositeCar. */
export const SUN_CAST = 0.3;

/** How dark a key of this softness casts a shadow, 0..1 (a sun 0.55): what the metadata's light says. */
function softnessCast(k: Pick<SceneMeta['keyLight'], 'softness' | 'floorLight'>): number {
  return k.floorLight ? 0.65 * (1 - k.softness) : 0;
}

/**
 * How dark the car's cast shadow is drawn on a rendered scene, 0..1: what the key's softness allows, but
 * never darker than the cast shadows the render itself shows (`castSeen`, measured where checked). A sun in
 * the metadata whose light the render does not show on its own poles, kerbs, trees and cars (a cloud, a
 * building or the sky's share washed it out) would give the car alone a hard shadow: "an odd cut-off shadow
 * spreading left while nothing else casts one" (issue 11).
 */
export function keyCast(k: Pick<SceneMeta['keyLight'], 'softness' | 'floorLight' | 'castSeen'>): number {
  return Math.min(softnessCast(k), k.castSeen ?? 1);
}

export function carBox(mask: Uint8Array, width: number, height: number): CarBox | null {
  const bounds = maskBounds(mask, width, height, 128);
  if (!bounds) return null;
  const { x0, y0, x1, y1 } = bounds;
  const edge = 2;
  return {
    x: x0,
    y: y0,
    w: x1 - x0 + 1,
    h: y1 - y0 + 1,
    cutLeft: x0 < edge,
    cutRight: x1 >= width - edge,
    cutBottom: y1 >= height - edge,
  };
}

/** One framing for a whole run: every car gets the same on-canvas height and stands on the same line. */
export interface Framing {
  /** Car height as a share of the canvas height. */
  carHeight: number;
  /** Floor line (tyre contact) as a share of the canvas height. */
  floorY: number;
  /** Widest share of the canvas width a car may take. */
  maxWidth: number;
}

/** A dealer's listing framing: the widest car of the run fills about 76 % of the width (room for its
 * shadow on both sides), never taller than 56 % of the height, standing at 84 %. */
export const LISTING_WIDTH = 0.76;

/**
 * Plans a run's framing so every photo uses the same car height and floor line: the height at which the
 * widest car (by aspect) fills LISTING_WIDTH of the canvas.
 */
export function planFraming(cars: { w: number; h: number }[], canvasW: number, canvasH: number): Framing {
  const floorY = 0.84;
  const maxWidth = 0.9;
  let carHeight = 0.56;
  for (const c of cars) {
    const aspect = c.w / Math.max(1, c.h);
    carHeight = Math.min(carHeight, (LISTING_WIDTH * canvasW) / (aspect * canvasH));
  }
  return { carHeight: Math.max(0.12, carHeight), floorY, maxWidth };
}

export type Background = { kind: 'scene'; id: string } | { kind: 'image'; image: RawImage };

export interface CompositeOptions {
  background: Background;
  width: number;
  height: number;
  framing: Framing;
  /** Scene tint from a free prompt. */
  tint?: SceneTint;
  /** The photo's light colour cast; a studio run passes one for all its photos so they get one grade. */
  light?: LightCast;
  /** See-through glass (source size, 0..255): windows that showed the old background (glassMap). */
  glass?: Uint8Array;
  /** 'drawn': the drawn shadows even where the photo's own could be read (the eval measures that fallback). */
  shadow?: 'drawn';
}

async function greyOp(
  data: Uint8Array,
  w: number,
  h: number,
  fn: (s: sharp.Sharp) => sharp.Sharp,
): Promise<{ data: Buffer; w: number; h: number }> {
  const { data: out, info } = await fn(
    sharp(Buffer.from(data.buffer, data.byteOffset, data.length), {
      raw: { width: w, height: h, channels: 1 },
    }),
  )
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: out, w: info.width, h: info.height };
}

/** Colour cast of a photo's light, per channel relative to grey (1 = neutral). */
export type LightCast = [number, number, number];

/**
 * The photo's light, estimated from its near-grey pixels (concrete, tyres, glass, white walls): grey-world on
 * what should be grey. Not from the car's paint, which would call a red car's light red.
 */
export function photoLight(src: RawImage): LightCast {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const c = src.channels;
  for (let i = 0; i < src.width * src.height; i += 7) {
    const R = src.data[i * c];
    const G = src.data[i * c + 1];
    const B = src.data[i * c + 2];
    if (!nearGrey(R, G, B, 40)) continue;
    r += R;
    g += G;
    b += B;
    n++;
  }
  if (n < Math.ceil((src.width * src.height) / 7) * 0.02) return [1, 1, 1]; // too little grey to judge
  const m = (r + g + b) / 3;
  return [r / m, g / m, b / m];
}

/** A pixel near enough to grey to show the colour of its light (concrete, asphalt, tyres, glass, white walls),
 * its highest channel from `least` up and short of clipping. */
export const nearGrey = (r: number, g: number, b: number, least: number): boolean => {
  const hi = Math.max(r, g, b);
  return hi >= least && hi <= 245 && hi - Math.min(r, g, b) <= 0.28 * hi + 6;
};

/** The mean cast of several photos: one light for a whole studio run, so every photo gets the same grade. */
export function sharedLight(casts: LightCast[]): LightCast {
  if (casts.length === 0) return [1, 1, 1];
  const sum = casts.reduce((a, l) => [a[0] + l[0], a[1] + l[1], a[2] + l[2]], [0, 0, 0]);
  return [sum[0] / casts.length, sum[1] / casts.length, sum[2] / casts.length];
}

/** A per-channel tone curve (256 entries each): the only change the grade may make to the car. */
export type ToneCurve = [Uint8Array, Uint8Array, Uint8Array];

/**
 * A normally exposed daylight photo, as the probes' rule assumes the customer's photo is: a grey card (18 %)
 * facing its key light prints at 18 % linear (the incident meter's definition), a white body (80 %) at 80 %,
 * and the card's shaded side gets `PHOTO_SHADE_RATIO` times less light than its lit side. The ratio is the
 * geometric mean of the probed day scenes' (city centre 18.2, coast road 10.8, mall car park 7.9, sunset drive
 * 3.4, rainy drive 3.3, snowy drive 2.3, foggy morning 2.1: 5.0): a photo between overcast and sun, as most
 * listing photos are.
 */
const PHOTO_GREY = 0.18;
/** Luminance (Rec. 709 weights) of a linear-light colour. */
const luminance = (c: readonly number[]): number => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
/** Linear-light luminance of an sRGB colour (0-255 per channel). */
const linearLuminance = (c: readonly number[]): number => luminance(c.map((v) => toLinear(v / 255)));
const PHOTO_WHITE = 0.8;
export const PHOTO_SHADE_RATIO = 5;

/**
 * The scene's light at the car's place as a curve in linear light (luminance, 0..1 in, 0..1 out), read off
 * the matte probes rendered there (docs/decisions/0006-car-light-grade.md): the photo's grey card and its
 * white body land where the probes' lit sides do in the render (at night their means), below the card the
 * slope of the scene's lit/shade contrast, log-linear between them (the
 * power law of a light that is brighter or harder than the photo's) and beyond (a softly limited shoulder
 * above white, as the render's own film curve has). Undefined (null) for a scene without probes.
 */
export function probeCurve(
  scene: Pick<SceneMeta, 'probe' | 'haze' | 'sky' | 'night'>,
): ((x: number) => number) | null {
  const p = scene.probe;
  if (!p) return null;
  // The probes stand in the scene's fog: the render laid its veil over them as over everything at the car's
  // distance. It is taken back out here, since carToneCurve lays it over the car (the blacks included, which
  // no probe shows) after this curve.
  const haze = scene.haze ?? 0;
  const fog = linearLuminance(scene.sky);
  const lin = (v: number): number => (toLinear(v / 255) - haze * fog) / (1 - haze);
  // Which side of the probe a photo's card and white body stand for. By day, the lit side: the photo's key
  // (sun or bright sky) lights its car as the scene's key does the probe's lit side. At night the scene's
  // light is one lamp or a few (lit/shade 9.6 in the spotlight yard, 29 on the night drive, the photo's 5):
  // the photo's car, lit from the whole daylight sky, has every face near its card's level, and under the
  // lamp each face gets what the probe's face of the same slope gets, on average the probe's mean. Mapped to
  // the lit side, a daylight car stood as bright as its lamp-facing side everywhere ("evenly lit car under
  // one lamp", "lit and reflecting like daylight": the sky's broad reflections on the bonnet and roof stayed
  // bright); only the glints above 90 % keep the lamp's brightness (carToneCurve's shoulder).
  const side = (q: { mean: [number, number, number]; lit: number }): number =>
    scene.night === true ? linearLuminance(q.mean) : lin(q.lit);
  const pts: [number, number][] = [
    [Math.log(PHOTO_GREY), Math.log(Math.max(1e-4, side(p.grey)))],
    [Math.log(PHOTO_WHITE), Math.log(Math.max(1e-4, side(p.white)))],
  ];
  // The shadows' slope is the scene's lighting contrast (the grey probe's lit side over its shade, at night
  // too, below the mean where the card lands) over the photo's, kept within 0.75..1.4: the photo's own ratio
  // is assumed, not measured, and a car's paint, unlike the probe, also has its colour in those tones (a
  // harder power would crush a dark car).
  const contrast = Math.log(Math.max(1e-4, lin(p.grey.lit)) / Math.max(1e-4, lin(p.grey.shade)));
  const s0 = Math.max(0.75, Math.min(1.4, contrast / Math.log(PHOTO_SHADE_RATIO)));
  const s1 = Math.max(0.3, (pts[1][1] - pts[0][1]) / (pts[1][0] - pts[0][0]));
  const top = Math.exp(pts[1][1]);
  return (x: number): number => {
    if (x <= 0) return 0;
    const lx = Math.log(x);
    if (lx <= pts[0][0]) return Math.exp(pts[0][1] + s0 * (lx - pts[0][0]));
    const y = Math.exp(pts[0][1] + s1 * (lx - pts[0][0]));
    if (x <= PHOTO_WHITE) return y;
    // Above the white body (sky mirrored in the clear coat, chrome): on toward 1, never past it.
    const room = 1 - top;
    return top + room * (1 - Math.exp(-(y - top) / Math.max(1e-3, room)));
  };
}

/**
 * The colour a neutral grey takes at the car's place in the render (the grey probe's mean, linear, per
 * channel relative to its luminance): the light's colour there, lamps, sky and bounce from the ground
 * included, as it reaches the faces of a body the camera sees.
 */
function probeCast(scene: Pick<SceneMeta, 'probe'>): [number, number, number] | null {
  const m = scene.probe?.grey.mean;
  if (!m) return null;
  const l = m.map((v) => toLinear(v / 255));
  const y = luminance(l);
  return l.map((v) => v / Math.max(1e-5, y)) as [number, number, number];
}

/**
 * The car's grade toward the scene's light (docs/decisions/0006-car-light-grade.md). With the scene's probes
 * (matte grey and white spheres rendered where the car stands): the photo's exposure, contrast and white
 * balance are mapped onto the render's by `probeCurve`, each channel scaled by the colour the grey probe
 * takes (`probeCast`) over the photo's cast; at night the darkest tones are taken to black by the photo's
 * own toe and a lamp's glint on chrome keeps its brightness. Without probes, the session-4 rule: white
 * balance half way toward the scene's measured cast (at most 8 % per channel), and at night the exposure of
 * the scene's measured level, a gamma of 1.3 and the lamps' colour mixed in at 45 %. At night, given
 * `mirror`, the tones above the car's middle (what its paint and glass mirror) take the light of the place
 * round the car rather than the lamp's on it (see MirroredLight). In fog the car takes
 * the veil the scene's fog lays at its distance (`haze`, toward the scene's sky colour, in linear light).
 * Global and monotone per channel: geometry and texture stay the photo's own, and the grade can be undone
 * from the curve.
 */
export function carToneCurve(
  photo: LightCast,
  scene: GradeTarget,
  carBlack = 0,
  mirror?: MirroredLight,
  place?: PlaceLight,
): ToneCurve {
  const clamp = (v: number): number => Math.max(0.92, Math.min(1.08, v));
  const night = scene.night === true;
  const light = probeCurve(scene);
  const cast = probeCast(scene);
  // The photo's own cast is taken out only as far as a near-grey estimate can be trusted (8 %); the scene's,
  // where probed, is measured and applied in full. By day, given `place`, the colour is that of the light
  // where the car stands in the scene over the photo's (see PlaceLight), at most PLACE_CAST either way.
  const byPlace = cast && place && !night ? place : null;
  const wb = byPlace
    ? [0, 1, 2].map((k) =>
        Math.max(1 / PLACE_CAST, Math.min(PLACE_CAST, byPlace.scene[k] / byPlace.photo[k])),
      )
    : cast
      ? [0, 1, 2].map((k) => cast[k] / clamp(photo[k]))
      : [0, 1, 2].map((k) => clamp(Math.sqrt(scene.light.cast[k] / Math.max(0.5, photo[k]))));
  const norm = cast ? luminance(wb) : (wb[0] + wb[1] + wb[2]) / 3;
  const exposure = night ? Math.max(0.38, Math.min(0.75, scene.light.level / 125)) : 1;
  const gamma = night ? 1.3 : 1;
  const lamp = scene.keyLight.color;
  const lampMean = (lamp[0] + lamp[1] + lamp[2]) / 3;
  // Night: the car's darkest tones (tyres, the shadow under it) go to black as the night's do. A day photo
  // shot in haze or with a flared lens has its blacks lifted (a Honda's 1st percentile at 49 of 255), and
  // darkened for the night it stays a grey, washed car against a black sky ("lit like daylight"). The toe
  // pulls that level down to near black and fades out above mid-grey, so the paint's lighter tones stay as graded.
  const black = night ? Math.max(0, Math.min(0.2, carBlack - 0.03)) : 0;
  const toe = (x: number): number => {
    if (black <= 0 || x >= 0.6) return x;
    const w = x / 0.6;
    const s = w * w * (3 - 2 * w);
    const t = s * s;
    return (1 - t) * (Math.max(0, x - black) / (1 - black)) + t * x;
  };
  // Fog: the air between the camera and the car adds the fog's own light (the scene's sky) in linear light,
  // as it does to everything at that distance in the render. A car left at full contrast in fog that
  // veils the rail behind it read as pasted in ("the car is a hard cut-out against the fog").
  const haze = scene.haze ?? 0;
  const veil = (y: number, k: number): number =>
    toSrgb(toLinear(y) * (1 - haze) + haze * toLinear(scene.sky[k] / 255));
  const gains = [0, 1, 2].map(
    (k) => (wb[k] / norm) * (night && !light ? 1 + 0.45 * (lamp[k] / lampMean - 1) : 1),
  );
  // The glints' colour at night: a lamp's glint on chrome and paint, and a plate lit by its own lamp, are the
  // lamps' light, not the sky's: neutral, or warm by half the light's warmth (in log; a camera balanced for
  // the scene keeps its lamps near white), never cool. Scaled by the light's own colour (until session 16)
  // the blue hour's (red 0.53 of green) turned every white highlight cyan: the landing's night image had a
  // cyan plate (255 printed 135, 230, 255) and a green-cyan glow across the boot lid above it.
  const glint = gains.map((g) => Math.min(1, Math.sqrt(g / gains[0])));
  const gradedAt = (x: number, k: number): number =>
    light ? toSrgb(Math.min(1, light(toLinear(x)) * gains[k])) : exposure * Math.pow(x, gamma) * gains[k];
  // What the paint mirrors (session 19): above the car's middle tone a daylight photo's car shows mostly the
  // sky and the buildings its clear coat and glass mirror, and the cabin they light, not its paint lit by the
  // key. Those tones follow the light of the surroundings, not the light on the car. At night the two part:
  // the spotlight yard's floods give the paint about half its daylight (the grey probe's mean), while the
  // walls and sky round the car give under a tenth of what the photo's salmon house front gave (0.07-0.09
  // for ig02_carsgraz_236, per channel, in linear light); graded like the paint, the
  // bonnet kept that house front ("an orange glow on the bonnet that the lamp doesn't explain"). Each
  // channel's rise above the knee is scaled by the surroundings' gain over the paint's, never raised, and
  // keeps at least MIRROR_LEAST of itself.
  const kneeAt = mirror && night ? toe(toSrgb(mirror.knee)) : 1;
  const rho = [0, 1, 2].map((k) => {
    if (!mirror || kneeAt >= 1) return 1;
    // The paint's gain from its light, read before the toe (which takes the darkest tones to black).
    const diffuse = toLinear(gradedAt(toSrgb(mirror.knee), k)) / Math.max(1e-4, mirror.knee);
    return Math.max(MIRROR_LEAST, Math.min(1, mirror.gain[k] / Math.max(1e-4, diffuse)));
  });
  const bodyAt = (x: number, k: number): number => {
    if (x <= kneeAt) return gradedAt(x, k);
    const base = toLinear(gradedAt(kneeAt, k));
    return toSrgb(base + rho[k] * (toLinear(Math.min(1, gradedAt(x, k))) - base));
  };
  // Shoulder: from 90 % up (a lamp's glint on chrome and paint is as bright as the lamp in any exposure that
  // shows the lamp), blend back toward the ungraded level in the glints' colour (both terms rise with x:
  // monotone). It starts lower where the graded level lies far below the glints (at most 2.3 levels a level
  // on average, the slope of session 16's shoulder on the night drive): a white van's bonnet at 230-250 on
  // the night drive went from 131 to 255 over 25 levels and its grain and the light's blue against the
  // glints' white came out as lavender blotches.
  let from = 0.9;
  while (night && from > 0.6 && (1 - bodyAt(from, 1)) / (1 - from) > 2.3) from -= 0.01;
  return [0, 1, 2].map((k) => {
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const x = toe(v / 255);
      const t = night ? Math.max(0, Math.min(1, (x - from) / (1 - from))) : 0;
      const keep = t * t * (3 - 2 * t);
      const y = (1 - keep) * bodyAt(x, k) + keep * x * glint[k];
      lut[v] = Math.round(Math.min(255, 255 * (haze > 0 ? veil(Math.min(1, y), k) : y)));
    }
    return lut;
  }) as ToneCurve;
}

/** The luminance (0..1, sRGB), or with `brightest` the highest channel, that a share `q` of the car's solid
 * pixels stay under. */
function carTone(rgb: Buffer, alpha: Uint8Array | Buffer, q: number, brightest = false): number {
  const hist = new Uint32Array(256);
  let n = 0;
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i] < 250) continue;
    const [r, g, b] = rgb.subarray(i * 3, i * 3 + 3);
    hist[brightest ? Math.max(r, g, b) : Math.round(0.299 * r + 0.587 * g + 0.114 * b)]++;
    n++;
  }
  let left = n * q;
  for (let v = 0; v < 256; v++) if ((left -= hist[v]) <= 0) return v / 255;
  return 0;
}

/** The car's darkest tones, 0..1: the luminance its darkest 1 % of solid pixels stay under. */
export const darkestTones = (rgb: Buffer, alpha: Uint8Array | Buffer): number => carTone(rgb, alpha, 0.01);

/**
 * How the light the car's paint mirrors changes from the photo to the scene (carToneCurve, at night), in
 * linear light: `knee`, the car's middle tone in its brightest channel (the median of max(R, G, B): half the
 * car has every channel under it), above which a channel is taken as mirrored light; `gain`, per channel,
 * the mean light of the surroundings above the car's middle in the scene over the photo's.
 */
export interface MirroredLight {
  knee: number;
  gain: [number, number, number];
}

/**
 * The colour of the light where the car stands by day, in the photo and in the scene (carToneCurve): the linear
 * mean of the near-grey pixels round the car (its box grown by 0.3 of its height to the sides and above, 0.15
 * below: the street or snow it stands on and what stands beside it), over its luminance. The grey probe is a
 * matte sphere: it gives the light on the paint, not what the clear coat, glass and chrome mirror, and those
 * make a car's greys stand bluer than its street in a real photo (eval-dev's 27 street photos: ln blue +0.14,
 * ln red -0.13, medians). Graded by the probe, a car on the snowy drive stood warm against the blue, sky-lit snow
 * round it (+0.06: "no cold light on the car") and one on the coast road cold against its pale road (+0.22).
 * Graded by the place's colour over the photo's, the car keeps the colour it had against its own street.
 */
export interface PlaceLight {
  photo: [number, number, number];
  scene: [number, number, number];
}
/** The most the place's colour may move a channel either way: a grey estimate from a small ring. */
const PLACE_CAST = 1.25;

/** The mean linear colour of the near-grey pixels of a rectangle outside `alpha` (where given), over its
 * luminance; null when fewer than 200. */
function ringCast(
  img: RawImage,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  alpha?: Uint8Array,
): [number, number, number] | null {
  const s = [0, 0, 0];
  let n = 0;
  const c = img.channels;
  for (let y = Math.max(0, Math.round(y0)); y < Math.min(img.height, Math.round(y1)); y++)
    for (let x = Math.max(0, Math.round(x0)); x < Math.min(img.width, Math.round(x1)); x++) {
      const i = y * img.width + x;
      const [r, g, b] = img.data.subarray(i * c, i * c + 3);
      if ((alpha && alpha[i] !== 0) || !nearGrey(r, g, b, 12)) continue;
      s[0] += LIN[r];
      s[1] += LIN[g];
      s[2] += LIN[b];
      n++;
    }
  if (n < 200) return null;
  const y = luminance(s);
  return s.map((v) => v / Math.max(1e-6, y)) as [number, number, number];
}

/** PlaceLight of the photo's car (`box`, `mask`) and of the scene round the rectangle it will stand in (x0..x1,
 * top..bottom on the scene's canvas, still empty); null where either shows too little grey. */
export function placeLight(
  src: RawImage,
  mask: Uint8Array,
  box: CarBox,
  scene: RawImage,
  at: { x0: number; x1: number; top: number; bottom: number },
): PlaceLight | null {
  const grow = (h: number) => [0.3 * h, 0.15 * h];
  const [m, d] = grow(box.h);
  const photo = ringCast(src, box.x - m, box.x + box.w + m, box.y - m, box.y + box.h + d, mask);
  const [sm, sd] = grow(at.bottom - at.top);
  const there = ringCast(scene, at.x0 - sm, at.x1 + sm, at.top - sm, at.bottom + sd);
  return photo && there ? { photo, scene: there } : null;
}

/** The least share of its rise a mirrored tone keeps: the car's shape is read from its reflections. */
const MIRROR_LEAST = 0.15;

/** Mean linear colour of the pixels of rows [0, row) whose `alpha` (if given) is 0; null when too few. */
function aboveLight(img: RawImage, row: number, alpha?: Uint8Array): [number, number, number] | null {
  const s = [0, 0, 0];
  let n = 0;
  const c = img.channels;
  for (let y = 0; y < Math.min(img.height, Math.round(row)); y += 2)
    for (let x = 0; x < img.width; x += 2) {
      const i = y * img.width + x;
      if (alpha && alpha[i] !== 0) continue;
      for (let k = 0; k < 3; k++) s[k] += LIN[img.data[i * c + k]];
      n++;
    }
  return n < 200 ? null : (s.map((v) => v / n) as [number, number, number]);
}

/**
 * The photo's and the scene's surroundings above the car's middle (what its bonnet, roof and glass mirror),
 * and the car's middle tone: see MirroredLight. Null where the photo shows too little around its car.
 */
export function mirroredLight(
  src: RawImage,
  mask: Uint8Array,
  box: CarBox,
  scene: RawImage,
  sceneMidRow: number,
  carRgb: Buffer,
  carA: Uint8Array | Buffer,
): MirroredLight | null {
  const photo = aboveLight(src, box.y + box.h / 2, mask);
  const there = aboveLight(scene, sceneMidRow);
  if (!photo || !there) return null;
  return {
    knee: toLinear(carTone(carRgb, carA, 0.5, true)),
    gain: [0, 1, 2].map((k) => there[k] / Math.max(1e-4, photo[k])) as [number, number, number],
  };
}

/** What the grade needs to know of the place the car goes into: a rendered scene or a customer's upload. */
export type GradeTarget = Pick<SceneMeta, 'light' | 'night' | 'haze' | 'sky' | 'probe'> & {
  keyLight: Pick<SceneMeta['keyLight'], 'color'>;
};

/**
 * A customer's own background, read the way the scene library is measured: the light where the car will
 * stand (the band around the floor line) and, when that is dark, a night look lit by its own colour.
 */
export function uploadGradeTarget(bg: RawImage, floorY: number): GradeTarget {
  const light = measureLight(
    bg.data,
    bg.width,
    bg.height,
    bg.channels,
    (floorY - 0.3) * bg.height,
    (floorY + 0.1) * bg.height,
  );
  return { light, night: light.level < 70, keyLight: { color: light.cast }, sky: [0, 0, 0] };
}

export interface CompositeResult {
  image: RawImage;
  /** Where the car landed: output = source * scale + (dx, dy). */
  placement: { scale: number; dx: number; dy: number };
  /** Car alpha in output pixels (for later stages: clean, plate warps). */
  alpha: Uint8Array;
  /** The tone curve the car was graded with (toward the scene, or toward an uploaded background's light). */
  grade: ToneCurve;
  /** What the night grade read of the light the car's paint mirrors (absent by day). */
  mirror?: MirroredLight;
}

/** How the floor under the car behaves: from the scene's metadata, or a neutral guess for uploads. */
export interface FloorLight {
  reflection: number;
  /** A wet road: the reflection streaks and breaks up instead of mirroring. */
  wet: boolean;
  roughness: number;
  /** 0 = hard sun .. 1 = overcast or softbox. */
  softness: number;
  /** Canvas pixels a point 1 m up casts its shadow by (x, y); null: light from straight above. */
  shadow: [number, number] | null;
  /** Cast shadow darkness 0..1 (0: no floor light, or none the scene's own objects show). */
  cast: number;
  /** The scene's key is a sun (or a hard spot) from one side, by its metadata: another light than the
   * photo's, whose cast shadow is then cut to its contact. */
  sun: boolean;
  /** The key light's elevation above the floor, degrees (90 where it is not given). */
  elevationDeg?: number;
  /** The scene's camera: its height above the floor and its distance to the car, in metres. */
  camera?: { heightM: number; carDistanceM: number };
  /** Canvas row of the scene's horizon (what a floor mirrors from far away lies as far above it). */
  horizonRow?: number;
}

/** Unpolarised Fresnel reflectance of a dielectric of index n, light arriving `cosI` off the normal. */
function fresnel(n: number, cosI: number): number {
  const sinT = Math.sqrt(Math.max(0, 1 - cosI * cosI)) / n;
  const cosT = Math.sqrt(Math.max(0, 1 - sinT * sinT));
  const rs = ((cosI - n * cosT) / (cosI + n * cosT)) ** 2;
  const rp = ((cosT - n * cosI) / (cosT + n * cosI)) ** 2;
  return (rs + rp) / 2;
}

/**
 * How the floor's reflectance falls off down the car's mirror image, relative to just under the car: the
 * mirror image of a point z metres up the car is seen where the floor lies D h / (h + z) from a camera h
 * up, nearer and so at a steeper angle, where the floor (water, n 1.33; a lacquer or polish, 1.5) reflects
 * less. `zOf(y)`: the height mirrored y rows below the ground line. Exported for drawReflection's tests.
 */
export function fresnelFall(floor: FloorLight, zOf: (y: number) => number): (y: number) => number {
  const cam = floor.camera ?? { heightM: 1.25, carDistanceM: 8.5 };
  const n = floor.wet ? 1.33 : 1.5;
  const at = (z: number): number => {
    const s = (cam.carDistanceM * cam.heightM) / (cam.heightM + z);
    return fresnel(n, cam.heightM / Math.hypot(s, cam.heightM));
  };
  const r0 = at(0);
  return (y) => at(zOf(y)) / r0;
}

const identityCurve = (): ToneCurve => {
  const l = new Uint8Array(256);
  for (let i = 0; i < 256; i++) l[i] = i;
  return [l, l, l];
};

/**
 * Places the car (source pixels + refined alpha) into a scene or custom background: consistent framing,
 * the scene cut to the car's scale with its floor under the wheels, contact and cast shadows from the
 * scene's key light, a floor reflection blurred by the floor's roughness, the car graded by a tone curve
 * toward the scene's light, the scene's grain matched to the car's, edge decontamination.
 */
export async function compositeCar(
  src: RawImage,
  mask: Uint8Array,
  options: CompositeOptions,
): Promise<CompositeResult> {
  const { width: W, height: H, framing } = options;
  const box = carBox(mask, src.width, src.height);
  if (!box) throw new Error('no car found in the mask');

  // Scale: same car height for the run; a car cut at the photo's border keeps its visible size.
  let scale = (framing.carHeight * H) / box.h;
  if (box.w * scale > framing.maxWidth * W) scale = (framing.maxWidth * W) / box.w;
  const pad = Math.ceil(Math.max(box.w, box.h) * 0.02) + 2;
  const { x0: cx0, y0: cy0, x1: cx1, y1: cy1 } = grownBox(box, pad, pad, src.width, src.height);
  let cw = cx1 - cx0;
  let ch = cy1 - cy0;
  const exact = Math.abs(scale - 1) < 0.015;
  if (exact) scale = 1;
  const tw = Math.max(1, Math.round(cw * scale));
  const th = Math.max(1, Math.round(ch * scale));
  const srcSharp = sharp(src.data, { raw: { width: src.width, height: src.height, channels: src.channels } });
  // The libvips work that needs only the box (the car's crop and alpha resized, the scene cut and resized)
  // is started first and awaited where it is used: it runs on libvips' threads while the glass analysis
  // below keeps the JS thread busy. Each is handled at once so a failure elsewhere leaves no unhandled
  // rejection behind; awaiting it still throws.
  const carRgbP = exact
    ? srcSharp.extract({ left: cx0, top: cy0, width: cw, height: ch }).removeAlpha().raw().toBuffer()
    : srcSharp
        .extract({ left: cx0, top: cy0, width: cw, height: ch })
        .removeAlpha()
        .resize(tw, th, { fit: 'fill', kernel: 'lanczos3' })
        .raw()
        .toBuffer();
  const maskCrop = new Uint8Array(cw * ch);
  for (let y = 0; y < ch; y++)
    maskCrop.set(mask.subarray((cy0 + y) * src.width + cx0, (cy0 + y) * src.width + cx0 + cw), y * cw);
  const carAP = exact
    ? Promise.resolve(Buffer.from(maskCrop))
    : // Mitchell, not Lanczos, for the alpha: Lanczos rings at a hard edge and leaves a dotted outline.
      greyOp(maskCrop, cw, ch, (s) => s.resize(tw, th, { fit: 'fill', kernel: 'mitchell' })).then(
        (r) => r.data,
      );
  const carHpx = box.h * scale;
  const background = options.background;
  const sceneP =
    background.kind === 'scene'
      ? renderScene(background.id, W, H, { tint: options.tint, carHeightPx: carHpx, floorY: framing.floorY })
      : undefined;
  for (const p of [carRgbP, carAP, sceneP]) p?.catch(() => undefined);
  // Windows the segmenter saw through (glassA: what they show is replaced by the new scene behind tinted
  // glass), and panes a plain studio backdrop shows through that it did not (paneA: relit, see relightPanes).
  const cropOf = async (map: Uint8Array): Promise<Buffer> => {
    const c = new Uint8Array(cw * ch);
    for (let y = 0; y < ch; y++)
      c.set(map.subarray((cy0 + y) * src.width + cx0, (cy0 + y) * src.width + cx0 + cw), y * cw);
    return exact
      ? Buffer.from(c)
      : (await greyOp(c, cw, ch, (s) => s.resize(tw, th, { fit: 'fill', kernel: 'linear' }))).data;
  };
  const panes = studioGlass(src, mask);
  const paneA = panes.map.includes(255)
    ? await cropOf(await paneFade(panes.map, src.width, src.height, box.h))
    : undefined;
  const glassA = options.glass ? await cropOf(options.glass) : undefined;
  // Outdoors, panes showing the place behind the car (drawn as glass too, darker: see below).
  const street = paneA ? undefined : streetGlass(src, mask);
  const streetA = street?.includes(255)
    ? await cropOf((await greyOp(street, src.width, src.height, (s) => s.blur(0.8))).data)
    : undefined;
  const carRgb = await carRgbP;
  const carA = await carAP;
  cw = tw;
  ch = th;
  limitSoftBand(carA, cw, ch, Math.max(2, Math.round(Math.max(cw, ch) / 320)));
  await defringe(carRgb, carA, cw, ch);

  // The background, and where its floor is.
  let out: Buffer;
  let floorPx: number;
  let floorLight: FloorLight;
  let grade = identityCurve();
  // At night, what the car's paint mirrors is graded by the light of the place round it (carToneCurve).
  let mirror: MirroredLight | undefined;
  const mirrorAt = (night: boolean, canvas: RawImage): MirroredLight | undefined =>
    (night && mirroredLight(src, mask, box, canvas, floorPx - carHpx / 2, carRgb, carA)) || undefined;
  if (background.kind === 'scene') {
    const meta = sceneMeta(background.id);
    const scene = await sceneP;
    if (!scene) throw new Error('scene not started');
    out = scene.data;
    // A car enlarged beyond its photo's pixels is softer than the render: soften the scene to match, so
    // neither looks pasted onto the other.
    if (scale > 1.1) {
      const sigma = Math.min(2.5, 0.7 * (scale - 1));
      out = await sharp(out, { raw: { width: W, height: H, channels: 3 } })
        .blur(Math.max(0.3, sigma))
        .raw()
        .toBuffer();
    }
    floorPx = Math.round(scene.fit.floorRow);
    const k = meta.keyLight;
    const pxPerM = carHpx / CAR_HEIGHT_M;
    floorLight = {
      reflection: meta.floor.gloss,
      wet: meta.floor.kind === 'wet-asphalt',
      roughness: meta.floor.roughness,
      softness: k.softness,
      shadow:
        meta.shadowVector && k.elevationDeg < 75
          ? [
              (meta.shadowVector[0] * meta.width * scene.fit.scale * pxPerM) / scene.fit.metrePx,
              (meta.shadowVector[1] * meta.height * scene.fit.scale * pxPerM) / scene.fit.metrePx,
            ]
          : null,
      cast: keyCast(k),
      // Daylight from one side even where the render shows no cast shadow of it: a photo's own sun shadow
      // still fell where the photo's sun put it, and is cut to its contact (see compositeCar).
      sun: !!meta.shadowVector && k.elevationDeg < 75 && softnessCast(k) >= SUN_CAST,
      elevationDeg: k.elevationDeg,
      camera: meta.camera,
      horizonRow: scene.fit.horizonRow,
    };
    // Where the car will stand (centred; placed below): the day grade reads the colour of the light there.
    const half = (box.w * scale) / 2;
    const at = { x0: W / 2 - half, x1: W / 2 + half, top: floorPx - carHpx, bottom: floorPx };
    grade = carToneCurve(
      options.light ?? photoLight(src),
      meta,
      darkestTones(carRgb, carA),
      (mirror = mirrorAt(meta.night, scene)),
      (!meta.night && placeLight(src, mask, box, scene, at)) || undefined,
    );
  } else {
    const { data } = await sharp(background.image.data, {
      raw: {
        width: background.image.width,
        height: background.image.height,
        channels: background.image.channels,
      },
    })
      .removeAlpha()
      .resize(W, H, { fit: 'cover', position: 'centre' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    out = data;
    floorPx = Math.round(framing.floorY * H);
    floorLight = {
      reflection: 0,
      wet: false,
      roughness: 1,
      softness: 0.8,
      shadow: null,
      cast: 0,
      sun: false,
    };
    // The same grade rule as for a rendered scene, toward the upload's own light where the car stands.
    const upload = { data: out, width: W, height: H, channels: 3 as const };
    const target = uploadGradeTarget(upload, framing.floorY);
    grade = carToneCurve(
      options.light ?? photoLight(src),
      target,
      darkestTones(carRgb, carA),
      (mirror = mirrorAt(target.night, upload)),
    );
  }
  if (box.cutBottom) floorPx = H + 2;

  // Placement: centred horizontally (a car cut at one side hugs that side), tyres on the floor line.
  const boxBottomInCrop = (box.y + box.h - cy0) * scale;
  const boxLeftInCrop = (box.x - cx0) * scale;
  const carWpx = box.w * scale;
  let left = Math.round(W / 2 - carWpx / 2 - boxLeftInCrop);
  if (box.cutLeft && !box.cutRight) left = Math.round(-boxLeftInCrop);
  if (box.cutRight && !box.cutLeft) left = Math.round(W - carWpx - boxLeftInCrop);
  const top = Math.round(floorPx - boxBottomInCrop);

  // Canvas-sized car alpha.
  const alpha = new Uint8Array(W * H);
  const onCanvas = overlapOnCanvas(left, top, cw, ch, W, H);
  for (let y = onCanvas.y0; y < onCanvas.y1; y++)
    alpha.set(carA.subarray(y * cw + onCanvas.x0, y * cw + onCanvas.x1), (top + y) * W + left + onCanvas.x0);

  // The scene's grain matched to the car's own noise (the renders are clean; a phone photo is not).
  await matchGrain(out, W, H, alpha, carRgb, carA, cw, ch);
  // What the windows will show: the scene behind the car (kept before shadows and the car cover it; street
  // panes too, which read the old window, blurred, from the canvas when the segmenter's map was absent).
  const sceneBehind = glassA || paneA || streetA ? Buffer.from(out) : out;

  // The car graded by its tone curve, its soft edge re-coloured from inside the car (no halo of the old
  // background): every later use of the car (reflection, edges) sees this one.
  const car = await cleanCar(carRgb, carA, cw, ch, grade);

  // Ground contact: the lower hull of the silhouette, per column in crop coordinates. Tyres touch the
  // ground on this line; in a 3/4 view it slopes (the far wheel sits higher).
  const ground = groundLines(carA, cw, ch);
  const drop = floorPx - top - Math.max(...ground.hull.filter((v) => v >= 0));
  const groundY = ground.floor.map((v) => (v >= 0 ? v + drop : v));
  const canvas: Canvas = { out, W, H };
  const placed: Placed = { carA, cw, ch, left, top, groundY, carH: carHpx };

  if (!box.cutBottom) {
    // The scene as rendered, before the shadows darken it, for the reflection: a wet road's film is read off
    // it (read after them, the lit floor just past the contact shadow's edge, brighter than its blurred
    // surroundings, counted as film at the cap (1.6), a bright line of reflection along the car that no film
    // put there), and a glossy floor's own mirror image of the scene behind the car is taken out of it.
    const bareScene = floorLight.reflection > 0.01 ? Buffer.from(out) : null;
    // Shadow first: it takes away the floor's diffuse light; the reflection is specular and lies on top.
    // The photo's own shadow when its old floor could be read (it matches the car's light and shape as no
    // drawn shadow does); the drawn contact, occlusion and cast shadows otherwise.
    // Under the scene's sun the photo's cast shadow would fall where the photo's sun put it ("blotchy
    // pasted shadow with hard edges"): only its contact and occlusion are kept, the cast is the scene's.
    const sunny = floorLight.sun;
    // The least light kept under the car is a street photo's under its sills: 0.3 of the open floor's
    // encoded level (the eval's "contact profile, street, sill", 0.28-0.31): 0.077-0.091 of sRGB's linear light
    // on floors of 0.8-0.5 of white (0.07, 0.3 ^ 2.2, while the darkness was laid as a 1/2.2 power).
    const reach = sunny ? { full: 0.04, end: 0.14, least: 0.085 } : undefined;
    const own = photoShadow(src, mask, box, reach);
    if (options.shadow !== 'drawn' && own && own.trust >= 0.35 && shadowDepth(own) >= 0.25) {
      // Whatever the photo's light was, the floor near the car is at least as dark as the new scene's light
      // leaves it there: the share of the sky (or the room) the car hides from it and, under a key light,
      // the floor under the body, which the key cannot reach (see drawPhotoShadow).
      const under = underside(placed);
      const sky = under ? placedOcclusion(placed, under, W, H) : null;
      await drawPhotoShadow(
        canvas,
        own,
        { scale, dx: left - cx0 * scale, dy: top - cy0 * scale },
        sky
          ? {
              sky,
              share: sunny ? 1 - floorLight.cast : 1,
              body: sunny ? await underBodyShade(placed, floorLight, W, H) : null,
              cast: floorLight.cast,
              keep: reach?.least ?? 0,
            }
          : null,
      );
      // The tyre's own footprint is a line or two of pixels the map's cells are too coarse to hold.
      await drawShadow(canvas, placed, floorLight, 'footprints');
      // The floor under the body is in the map above already (with the photo's darkness, not on top of it).
      if (sunny) await drawCastShadow(canvas, placed, floorLight, null, false);
    } else await drawShadow(canvas, placed, floorLight, 'all');
    if (floorLight.reflection > 0.01) await drawReflection(canvas, placed, car, floorLight, bareScene);
  }

  blendCar(out, W, car, carA, cw, left, top, onCanvas);
  if (glassA) await drawGlass(canvas, sceneBehind, placed, glassA, skyOf(options.background), 0.55);
  // A side window seen from outside by day passes little of what is behind the car (two panes and a dark
  // cabin): at the segmenter's glass share the street panes read as "a blurred copy of the background" and
  // "the forest instead of the interior" in the session-10 review.
  if (streetA) await drawGlass(canvas, sceneBehind, placed, streetA, skyOf(options.background), 0.3);
  if (paneA) {
    const seen = panes.backdrop.map((v, k) => grade[k][Math.round(v)]) as [number, number, number];
    await relightPanes(canvas, sceneBehind, placed, paneA, seen);
  }
  return {
    image: { data: out, width: W, height: H, channels: 3 },
    placement: { scale, dx: left - cx0 * scale, dy: top - cy0 * scale },
    alpha,
    grade,
    mirror,
  };
}

/**
 * The graded car laid over the canvas through its alpha, with a slight choke of the soft edge (the
 * outermost, mostly-background pixels of the cut go). A function of its own (optimised once).
 */
function blendCar(
  out: Uint8Array,
  W: number,
  car: Uint8Array,
  carA: Uint8Array,
  cw: number,
  left: number,
  top: number,
  onCanvas: { x0: number; x1: number; y0: number; y1: number },
): void {
  for (let y = onCanvas.y0; y < onCanvas.y1; y++) {
    const oy = top + y;
    for (let x = onCanvas.x0; x < onCanvas.x1; x++) {
      const ox = left + x;
      const av = carA[y * cw + x];
      if (av <= CHOKE) continue;
      const a = Math.min(1, (av - CHOKE) / (255 - CHOKE));
      const o = (oy * W + ox) * 3;
      const s = (y * cw + x) * 3;
      for (let k = 0; k < 3; k++) out[o + k] = Math.round(car[s + k] * a + out[o + k] * (1 - a));
    }
  }
}

/**
 * Sensor noise of the car, measured as the median absolute deviation of a 4-neighbour Laplacian over its
 * interior, is added to the background (Gaussian, luminance-only): a clean render behind a grainy car is
 * one of the first things that gives a composite away; grain added over the car too would be another.
 */
async function matchGrain(
  out: Buffer,
  W: number,
  H: number,
  alpha: Uint8Array,
  car: Buffer,
  carA: Buffer | Uint8Array,
  cw: number,
  ch: number,
): Promise<void> {
  // |Laplacian| is an integer 0..1020: a histogram gives the median exactly, without sorting ~10^5 values.
  const hist = new Uint32Array(1021);
  let count = 0;
  for (let y = 2; y < ch - 2; y += 3)
    for (let x = 2; x < cw - 2; x += 3) {
      if (carA[y * cw + x] < 250 || carA[(y - 2) * cw + x] < 250 || carA[(y + 2) * cw + x] < 250) continue;
      const i = (y * cw + x) * 3 + 1;
      const lap = 4 * car[i] - car[i - 3] - car[i + 3] - car[i - cw * 3] - car[i + cw * 3];
      hist[Math.abs(lap)]++;
      count++;
    }
  if (count < 200) return;
  // The value at index count >> 1 of the sorted list.
  let median = 0;
  for (let seen = 0; median < hist.length; median++) {
    seen += hist[median];
    if (seen > count >> 1) break;
  }
  // MAD of a Laplacian of white noise: sigma * sqrt(20) * 0.674.
  const sigma = Math.min(6, median / (Math.sqrt(20) * 0.674));
  if (sigma < 0.4) return;
  addGrain(out, alpha, sigma);
}

/**
 * Grain of `sigma` levels on the canvas outside the car (less under its soft edge): a function of its own,
 * so its loop over every canvas pixel is optimised once (inline, it ran unoptimised on a process's first
 * photos).
 */
function addGrain(out: Uint8Array, alpha: Uint8Array, sigma: number): void {
  let seed = 0x2545f491;
  for (let i = 0; i < alpha.length; i++) {
    if (alpha[i] >= 250) continue;
    // Sum of three uniforms (xorshift32): close enough to Gaussian, variance 1/4 -> scale by 2 sigma.
    let u = 0;
    for (let k = 0; k < 3; k++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      u += (seed >>> 0) / 4294967296;
    }
    const n = (u - 1.5) * 2 * sigma * (1 - alpha[i] / 255);
    const o = i * 3;
    for (let k = 0; k < 3; k++) {
      const v = out[o + k] + n;
      out[o + k] = v < 0 ? 0 : v > 255 ? 255 : v;
    }
  }
}

/**
 * Floor reflection: each column of the graded car mirrored about its own contact line (so the reflection
 * starts under each wheel), Fresnel-weighted (stronger at the grazing angle near the car, fading with the
 * distance below it) and blurred by the floor's roughness, on a layer composited once. `bare`: the canvas
 * before the shadows (the scene as rendered, without the car). Exported for its tests.
 */
export async function drawReflection(
  canvas: Canvas,
  placed: Placed,
  car: Buffer,
  floor: FloorLight,
  bare: Buffer | null,
): Promise<void> {
  const { out, W, H } = canvas;
  const { carA, cw, left, top, groundY, carH } = placed;
  // The whole car, roof included: at its roof the floor still reflects some 0.45 of what it does at the tyres.
  const depth = Math.round(carH * 1.02);
  let y0 = H;
  for (let x = 0; x < cw; x++) if (groundY[x] >= 0) y0 = Math.min(y0, top + groundY[x]);
  y0 = Math.max(0, y0);
  const y1 = Math.min(H, y0 + depth + Math.round(carH * 0.2));
  if (y1 <= y0) return;
  const lh = y1 - y0;
  const sigma = 0.6 + floor.roughness * carH * 0.08;
  // Wet asphalt does not mirror a blurred car: the water film reflects in streaks drawn toward the viewer
  // (a long vertical blur, little sideways; `wetStreaks`) and the stones that break the film cut it up.
  const streaks = { vertical: carH * WET_STREAK * floor.roughness, sideways: Math.max(0.6, sigma * 0.6) };
  // The layer holds the car's columns only, plus more than the blurs' sideways reach (libvips' Gaussian
  // stops at 0.2 of its peak, under 1.8 sigma; wetStreaks' at 3 sigma): beyond that the full-width layer is
  // zero and blurs to exactly zero, and a band of zeros at the cut edge extends as zeros, so every pixel
  // comes out as it would on the full width.
  const maxSigma = floor.wet ? streaks.sideways : Math.max(0.5, sigma * 2);
  const margin = Math.ceil(3 * maxSigma) + 4;
  let first = cw;
  let last = -1;
  for (let x = 0; x < cw; x++)
    if (groundY[x] >= 0 && left + x >= 0 && left + x < W) {
      if (x < first) first = x;
      last = x;
    }
  if (last < 0) return;
  const lx0 = Math.max(0, left + first - margin);
  const lx1 = Math.min(W, left + last + 1 + margin);
  const lw = lx1 - lx0;
  const layer = Buffer.alloc(lw * lh * 3);
  const layerA = Buffer.alloc(lw * lh);
  // What the floor mirrored there before the car stood in the way, read off the scene as rendered. A floor
  // point d rows below the car's contact line mirrors, along the ray the car now blocks, a thing at the car's
  // distance d rows above that line and a thing at infinity as far above the horizon as the point lies below
  // it; the scene's depth is not known, so `behind` is the mean of the column between the two. (Until session
  // 19 only the first: on the foggy morning the wet road under the car mirrors the pale sky, 0.57 of white in
  // linear light, where the verge grass right behind the car is 0.09, and taking the grass out for the red
  // car's image left the floor as bright as it was.) Without the horizon's row (an uploaded background), the
  // first.
  const scene = bare ?? out;
  const hz = floor.horizonRow;
  const behind = Buffer.alloc(lw * lh * 3);
  // Column sums of the scene above the car's lowest contact, for the means.
  const rows = Math.min(H, y0 + 1);
  const sums = new Float64Array(lw * (rows + 1) * 3);
  for (let x = lx0; x < lx1; x++)
    for (let y = 0; y < rows; y++)
      for (let k = 0; k < 3; k++) {
        const s = ((x - lx0) * (rows + 1) + y) * 3 + k;
        sums[s + 3] = sums[s] + scene[(y * W + x) * 3 + k];
      }
  for (let x = 0; x < cw; x++) {
    const ox = left + x;
    if (ox < 0 || ox >= W || groundY[x] < 0) continue;
    const axis = groundY[x];
    for (let y = 0; y < depth; y++) {
      const sy = axis - 1 - y;
      const oy = top + axis + y - y0;
      if (sy < 0 || oy >= lh || oy < 0) continue;
      const a = carA[sy * cw + x];
      if (!a) continue;
      const o = oy * lw + ox - lx0;
      const c = (sy * cw + x) * 3;
      layer[o * 3] = car[c];
      layer[o * 3 + 1] = car[c + 1];
      layer[o * 3 + 2] = car[c + 2];
      layerA[o] = a;
      const near = Math.max(0, Math.min(rows - 1, top + sy));
      const far =
        hz === undefined ? near : Math.max(0, Math.min(near, Math.round(2 * hz - (top + axis + y))));
      const col = (ox - lx0) * (rows + 1);
      for (let k = 0; k < 3; k++)
        behind[o * 3 + k] = Math.round(
          (sums[(col + near + 1) * 3 + k] - sums[(col + far) * 3 + k]) / (near + 1 - far),
        );
    }
  }
  const fall = fresnelFall(floor, (y) => (y / carH) * CAR_HEIGHT_M);
  // The scene behind the car is blurred through the car's own coverage, so its mirror image is lost where
  // the car's takes its place, and more than the car's: mirrored about the car's contact line rather than
  // each thing's own foot, it is right in its broad light, not in its detail (the luxury showroom's wooden
  // slats behind the car, blurred like the car, came back as pale stripes in the floor).
  const hidP = weightedBlur(behind, layerA, lw, lh, Math.max(sigma * 2, carH * 0.06));
  if (floor.wet) {
    const lit = wetStreaks(layer, layerA, lw, lh, streaks.vertical, streaks.sideways);
    const [breakup, hid] = await Promise.all([
      floorBreakup(bare ?? out, W, y0, lh, Math.max(1, Math.round(carH * 0.08))),
      hidP,
    ]);
    for (let y = 0; y < lh; y++) {
      const fy = fall(y);
      for (let x = lx0; x < lx1; x++) {
        const j = y * lw + x - lx0;
        const a = lit.weight[j] * breakup[y * W + x];
        if (a < 0.004) continue;
        // A wet road mirrors as strongly as its gloss says (water at the grazing angle of a car photo
        // reflects a third of the light) and the spotlight yard's probes confirm it (0.21-0.28 of the white
        // sphere down its image), streaked and broken by the stones, never a copy of the wheels ("a fake
        // mirror reflection on the road", session 8). In linear light: mixed in sRGB (until session 16) a
        // dark body's image darkened the floor by the full share while a lamp's added half of what it does.
        // As on a dry glossy floor, the film mirrors the car in place of the scene behind it: the scene's
        // image (what the render's film showed there: the foggy morning's pale sky, the yard's lit wall) is
        // taken out and the car's put in. Until session 19 the floor was only faded by w (its own light, not
        // the brighter sky its film mirrored), and a red car over a wet road in fog left a faint pink tint
        // ("no reflection of the red car on the wet road"). At least a quarter of the floor's light stays:
        // what the film mirrored is estimated (mirrored about the car's contact line, blurred), the road's
        // own diffuse light is not.
        const w = floor.reflection * (1 - floor.roughness) ** 2 * a * fy;
        const seen = hid.weight[j] > 0;
        const o = ((y0 + y) * W + x) * 3;
        for (let k = 0; k < 3; k++) {
          const own = LIN[out[o + k]];
          const floorOnly = seen
            ? Math.max(0.25 * own, own - 0.9 * w * LIN[hid.colour[j * 3 + k]])
            : own * (1 - w);
          const v = floorOnly + lit.colour[j * 3 + k] * 0.9 * w;
          out[o + k] = Math.round(255 * toSrgb(Math.max(0, Math.min(1, v))));
        }
      }
    }
    return;
  }
  // A rough floor blurs what it mirrors more the farther the mirrored point is from the floor (the spread of
  // reflected rays grows with the path): the tyres' feet mirror almost sharp, the roof as a soft glow. One
  // blur for all read as cloudy blotches of the dark sills and tyres ("a smudge under the car"). Two
  // blurs, blended down the reflection by distance from the ground line.
  const [p, q, hid] = await Promise.all([
    weightedBlur(layer, layerA, lw, lh, Math.max(0.5, sigma * 0.3)),
    weightedBlur(layer, layerA, lw, lh, Math.max(0.5, sigma * 2)),
    hidP,
  ]);
  // One colour and weight per pixel: each row blends the two levels by its distance (weighted by the levels'
  // own coverage, so a level with no car there adds none of its empty colour).
  const colour = Buffer.alloc(lw * lh * 3);
  const weight = Buffer.alloc(lw * lh);
  for (let y = 0; y < lh; y++) {
    const f = Math.min(1, y / depth / 0.5);
    for (let j = y * lw; j < (y + 1) * lw; j++) {
      const ap = p.weight[j] * (1 - f);
      const aq = q.weight[j] * f;
      const a = ap + aq;
      if (a < 0.5) continue;
      weight[j] = Math.round(a);
      for (let k = 0; k < 3; k++)
        colour[j * 3 + k] = Math.round((p.colour[j * 3 + k] * ap + q.colour[j * 3 + k] * aq) / a);
    }
  }
  for (let y = 0; y < lh; y++) {
    const fy = fall(y);
    for (let x = lx0; x < lx1; x++) {
      const j = y * lw + x - lx0;
      const a = weight[j] / 255;
      if (a < 0.004) continue;
      // Reflectance falls as the view steepens with distance below the car (Fresnel at the scene's camera,
      // `fresnelFall`). Until session 15 it fell as (1 - d)^1.2 of the depth, to nothing at the mirrored
      // roof: 0.19 of the top at three quarters down where Fresnel keeps 0.49, so the mirrored body, glass
      // and lamps, the bright parts of a car, were gone.
      // A rough floor scatters the reflection: weaker as well as blurrier (a satin studio floor shows
      // only a faint darkening, not a mirror image).
      // The floor's specular term there is the car's mirror image instead of the scene's: the scene's is taken
      // out with the same reflectance and the car's put in, and the floor's diffuse light stays. Until
      // session 18 the floor as a whole was faded by w (out (1 - w) + car 0.9 w): at a satin floor's small w
      // the scene's mirrored lights and wall survived almost whole under the car, where a real floor
      // mirrors its dark underside and body.
      const w = floor.reflection * (1 - floor.roughness) ** 2 * a * fy;
      const o = ((y0 + y) * W + x) * 3;
      for (let k = 0; k < 3; k++) {
        const v = out[o + k] + (colour[j * 3 + k] - hid.colour[j * 3 + k]) * 0.9 * w;
        out[o + k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
}

/**
 * A wet floor's streak length below a car, as a share of the car's height per unit of roughness: the
 * film's ripples tilt the mirrored rays mostly toward and away from the camera, so the image is drawn out
 * vertically (at the yards' roughness 0.2, a Gaussian of 0.03 of the car's height, a little more than the
 * 0.021 of sessions 8-15; the sideways blur stays the floor's `sigma`).
 */
const WET_STREAK = 0.15;

/**
 * The mirrored car (sRGB, with its alpha) streaked as a wet floor draws it: a vertical Gaussian of
 * `vertical` px and a sideways one of `sideways`, weighted by alpha, in linear light. Blurred in linear
 * light a lamp keeps its energy and spreads it down the streak, the long bright smear wet asphalt shows
 * under every light at night; blurred in sRGB (as until session 16) it sank into the dark body around it.
 * Colour in linear light (0..1) and weight (0..1) per layer pixel; outside the layer counts as empty.
 */
function wetStreaks(
  rgb: Buffer,
  alpha: Buffer,
  w: number,
  h: number,
  vertical: number,
  sideways: number,
): { colour: Float32Array; weight: Float32Array } {
  // Premultiplied linear colour and weight, four values a pixel.
  let cur: Float32Array = new Float32Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const a = alpha[i] / 255;
    if (!a) continue;
    cur[i * 4] = LIN[rgb[i * 3]] * a;
    cur[i * 4 + 1] = LIN[rgb[i * 3 + 1]] * a;
    cur[i * 4 + 2] = LIN[rgb[i * 3 + 2]] * a;
    cur[i * 4 + 3] = a;
  }
  // A Gaussian of `s` px along rows or columns, as three box blurs of running sums (a cost that does not
  // grow with the streak's length: at 1280 px the streak is some 20 px and a direct kernel took half a
  // second). Outside the layer counts as zero, which the weight channel divides back out.
  const pass = (src: Float32Array, s: number, along: 'x' | 'y'): Float32Array => {
    const r = Math.max(1, Math.floor((Math.sqrt(4 * s * s + 1) - 1) / 2));
    const n = along === 'x' ? w : h;
    const step = along === 'x' ? 4 : w * 4;
    const lines = along === 'x' ? h : w;
    const line = new Float32Array(n + 2 * r + 1);
    let a = src;
    for (let round = 0; round < 3; round++) {
      const b = new Float32Array(a.length);
      for (let l = 0; l < lines; l++) {
        const base = along === 'x' ? l * w * 4 : l * 4;
        for (let c = 0; c < 4; c++) {
          // The line with r zeros either side; its running sum over 2r + 1 values.
          let any = false;
          for (let p = 0; p < n; p++) {
            const v = a[base + p * step + c];
            line[p + r] = v;
            if (v) any = true;
          }
          if (!any) continue;
          let sum = 0;
          for (let k = 0; k < 2 * r; k++) sum += line[k];
          for (let p = 0; p < n; p++) {
            sum += line[p + 2 * r];
            b[base + p * step + c] = sum / (2 * r + 1);
            sum -= line[p];
          }
        }
      }
      a = b;
    }
    return a;
  };
  if (vertical > 0.3) cur = pass(cur, vertical, 'y');
  if (sideways > 0.3) cur = pass(cur, sideways, 'x');
  const colour = new Float32Array(w * h * 3);
  const weight = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const a = cur[i * 4 + 3];
    if (a < 1e-4) continue;
    weight[i] = Math.min(1, a);
    colour[i * 3] = cur[i * 4] / a;
    colour[i * 3 + 1] = cur[i * 4 + 1] / a;
    colour[i * 3 + 2] = cur[i * 4 + 2] / a;
  }
  return { colour, weight };
}

/**
 * How much of a wet floor's film reflects at each pixel of rows y0..y0+lh: the rendered floor's own
 * brightness against its local mean (the film catches the sky where the floor is brighter; the stones that
 * break it are darker), averaged down each column over the streaks' reach, 0.25..1.6. Per pixel it followed
 * the rendered floor's puddles, which a floor seen at a grazing angle squashes into wide flat patches: the
 * reflection broke up into blotches (its red changed 3 times as much over 4 px down as across), not streaks.
 */
async function floorBreakup(
  out: Buffer,
  W: number,
  y0: number,
  lh: number,
  streak: number,
): Promise<Float32Array> {
  const lum = new Uint8Array(W * lh);
  for (let i = 0; i < W * lh; i++) {
    const o = (y0 * W + i) * 3;
    lum[i] = Math.round(0.299 * out[o] + 0.587 * out[o + 1] + 0.114 * out[o + 2]);
  }
  const mean = (await greyOp(lum, W, lh, (s) => s.blur(4))).data;
  const d = new Float32Array(W * lh);
  for (let i = 0; i < W * lh; i++) d[i] = (lum[i] - mean[i]) / Math.max(8, mean[i]);
  // Down each column over the streak's reach, then a little across (1-2-1 twice): a streak a few pixels
  // wide, not a hatching of single columns.
  let along = boxDown([d], W, lh, streak)[0];
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(along.length);
    for (let i = 0; i < along.length; i++) {
      const x = i % W;
      next[i] = (along[x > 0 ? i - 1 : i] + 2 * along[i] + along[x < W - 1 ? i + 1 : i]) / 4;
    }
    along = next;
  }
  // Averaged down a streak the floor's grain is a fraction of its per-pixel spread: scaled back up so the
  // streaks break the film about as much as the grain did (an rms of 0.35; on the foggy morning's road the
  // grain averaged down a streak is 0.007), at most 100 times. 0.35 is where both of reflection.test's wet
  // checks hold with the linear-light streaks (wetStreaks): at 0.4 the spotlight yard's mirrored car lost
  // its shape (correlation 0.83), at 0.3 the foggy road's film broke up in patches again (across/down 2.4).
  let ss = 0;
  for (let i = 0; i < W * lh; i++) ss += along[i] * along[i];
  const gain = Math.min(100, 0.35 / Math.max(1e-4, Math.sqrt(ss / (W * lh))));
  const m = new Float32Array(W * lh);
  for (let i = 0; i < W * lh; i++) {
    const v = 1 + along[i] * gain;
    m[i] = v < 0.25 ? 0.25 : v > 1.6 ? 1.6 : v;
  }
  return m;
}

/**
 * Three running means down each column, a Gaussian of about `sigma` rows (edges: only the rows there are),
 * over each of `maps` (w x h). Linear in the map's size whatever the length, where a convolution's cost
 * grows with its kernel (hundreds of taps for a streak under a large car).
 */
function boxDown(maps: Float32Array[], w: number, h: number, sigma: number): Float32Array[] {
  const r = Math.max(1, Math.round(sigma));
  let cur = maps;
  for (let pass = 0; pass < 3; pass++)
    cur = cur.map((src) => {
      const dst = new Float32Array(src.length);
      for (let x = 0; x < w; x++) {
        let acc = 0;
        let n = 0;
        for (let y = 0; y < Math.min(h, r); y++) {
          acc += src[y * w + x];
          n++;
        }
        for (let y = 0; y < h; y++) {
          if (y + r < h) {
            acc += src[(y + r) * w + x];
            n++;
          }
          if (y - r - 1 >= 0) {
            acc -= src[(y - r - 1) * w + x];
            n--;
          }
          dst[y * w + x] = acc / n;
        }
      }
      return dst;
    });
  return cur;
}

const CHOKE = 36;

/** The output image being drawn into. */
export interface Canvas {
  out: Buffer;
  W: number;
  H: number;
}

/** The car as placed on the canvas: its crop's alpha and size, where the crop's top-left lands, the
 * contact line per crop column (canvas rows relative to `top`) and its height in canvas pixels. */
export interface Placed {
  carA: Uint8Array | Buffer;
  cw: number;
  ch: number;
  left: number;
  top: number;
  groundY: number[];
  carH: number;
}

/**
 * The car's colours as they will be drawn: graded by the tone curve, and inside the soft edge (alpha < 250)
 * the old background taken out of each pixel's colour, so the white studio wall or the pale road mixed into
 * the edge does not come along as a halo or into the reflection. A pixel of the band is I = t F + (1 - t) B
 * between the car's colour F just inside (solid pixels) and the old background's B just outside; its colour
 * becomes I + (1 - t)(F - B): the background's share along the F-B axis is swapped for the car's, what lies
 * across it (the edge's own detail) is kept. A pixel whose colour says car (t = 1) keeps its colour. The
 * interior (alpha >= 250) is the tone curve of the photo and nothing else.
 */
async function cleanCar(
  rgb: Buffer,
  carA: Uint8Array | Buffer,
  cw: number,
  ch: number,
  grade: ToneCurve,
): Promise<Buffer> {
  const n = cw * ch;
  const solid = Buffer.alloc(n);
  const outside = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    if (carA[i] >= 250) solid[i] = 255;
    else if (carA[i] <= 8) outside[i] = 255;
  }
  const sigma = Math.max(2, Math.round(Math.max(cw, ch) / 400));
  const [F, B, Fa] = await Promise.all([
    weightedBlur(rgb, solid, cw, ch, sigma),
    weightedBlur(rgb, outside, cw, ch, sigma),
    // Thin parts with no solid pixel near (an antenna, a wiper): their own alpha-weighted colour.
    alphaWeightedBlur(rgb, carA, cw, ch, sigma),
  ]);
  const clean = Buffer.from(rgb);
  // At the feet an old floor darker than the car is the tread's or the contact shadow's dark (see defringe):
  // swapping it for the car's colour drew the light sidewall out to the edge.
  const feet = feetRow(carA, cw, ch);
  for (let i = 0; i < n; i++) {
    const av = carA[i];
    if (av >= 250 || av <= CHOKE || B.weight[i] < 4) continue;
    const f = F.weight[i] >= 24 ? F.colour : Fa;
    if (feet >= 0 && i >= feet * cw && lumaAt(B.colour, i) < lumaAt(f, i)) continue;
    let fb2 = 0;
    let ib = 0;
    for (let k = 0; k < 3; k++) {
      const fb = f[i * 3 + k] - B.colour[i * 3 + k];
      fb2 += fb * fb;
      ib += (rgb[i * 3 + k] - B.colour[i * 3 + k]) * fb;
    }
    if (fb2 < 100) continue;
    const share = 1 - Math.max(0, Math.min(1, ib / fb2));
    for (let k = 0; k < 3; k++) {
      const v = rgb[i * 3 + k] + share * (f[i * 3 + k] - B.colour[i * 3 + k]);
      clean[i * 3 + k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  }
  const graded = Buffer.alloc(rgb.length);
  for (let i = 0; i < rgb.length; i += 3) {
    graded[i] = grade[0][clean[i]];
    graded[i + 1] = grade[1][clean[i + 1]];
    graded[i + 2] = grade[2][clean[i + 2]];
  }
  return graded;
}

/**
 * The cut's outermost pixels often carry the old floor or wall (a light dotted line along a dark sill or
 * tyre on a bright studio floor). Near the outline, each pixel's alpha is re-estimated from its colour
 * between the car's own colour just inside and the old background's just outside (the projection used in
 * matting: a = (I - B).(F - B) / |F - B|^2), and lowered where the colour says it is background. Only
 * where car and background differ clearly; a white car on a white floor keeps the segmenter's alpha.
 */
async function defringe(rgb: Buffer, a: Uint8Array | Buffer, w: number, h: number): Promise<void> {
  const n = w * h;
  const near = new Uint8Array(n);
  const r = 2;
  // Pixels with both some car (>= 128) and some background (< 128) pixel within r along a row or column:
  // the outline's band, marked around each change of class between neighbours.
  const mark = (x: number, y: number, dx: number, dy: number): void => {
    for (let d = -r; d <= r + 1; d++) {
      const xx = x + dx * d;
      const yy = y + dy * d;
      if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
      if (a[yy * w + xx] > 8) near[yy * w + xx] = 1;
    }
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const hi = a[y * w + x] >= 128;
      if (x + 1 < w && a[y * w + x + 1] >= 128 !== hi) mark(x, y, 1, 0);
      if (y + 1 < h && a[(y + 1) * w + x] >= 128 !== hi) mark(x, y, 0, 1);
    }
  const inside = Buffer.alloc(n);
  const outside = Buffer.alloc(n);
  for (let i = 0; i < n; i++) {
    if (near[i]) continue;
    if (a[i] >= 250) inside[i] = 255;
    else if (a[i] <= 8) outside[i] = 255;
  }
  const sigma = Math.max(2, Math.round(Math.max(w, h) / 400));
  // The background right outside, not its average over a wider disc: a dark letter of the old wall
  // behind a light roof averages with the white wall around it to the roof's own grey, and the letter's
  // fragments along the roof edge then pass for car.
  // Where no background pixel lies within the narrow blur's reach (a soft ramp of two or three pixels
  // before the first pixel at alpha 0), the wider one's; where neither reaches, the pixel is not judged.
  // (The blur used to fall back on the pixel's own colour there, which judged it background whenever it
  // differed from the car inside: a dark seal along a light roof was cut into dashes.)
  const [Fw, Bn, Bw] = await Promise.all([
    weightedBlur(rgb, inside, w, h, sigma),
    weightedBlur(rgb, outside, w, h, Math.max(1, sigma / 2)),
    weightedBlur(rgb, outside, w, h, sigma * 1.5),
  ]);
  const F = Fw.colour;
  const B = Buffer.alloc(n * 3);
  const known = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (Fw.weight[i] < 4) continue;
    const src = Bn.weight[i] >= 8 ? Bn : Bw.weight[i] >= 4 ? Bw : null;
    if (!src) continue;
    known[i] = 1;
    for (let k = 0; k < 3; k++) B[i * 3 + k] = src.colour[i * 3 + k];
  }
  // Pixels whose colour said plainly background (under a fifth car).
  const plain = new Uint8Array(n);
  // At the car's feet (below the sills: the wheels' lower arcs) a fringe darker than the car inside it,
  // over an old floor darker too, is the tyre's tread or its contact shadow, and both are dark on the new
  // floor as well. Judged as background, the tread went and the light sidewall of a dusty tyre was left as
  // the outline: "a light halo around the tyres" (session 14, ig02_carsgraz_260).
  const feet = feetRow(a, w, h);
  const judge = (i: number): number => {
    if (!known[i]) return a[i];
    if (feet >= 0 && i >= feet * w && lumaAt(B, i) < lumaAt(F, i) && lumaAt(rgb, i) < lumaAt(F, i))
      return a[i];
    let fb2 = 0;
    let ib = 0;
    for (let k = 0; k < 3; k++) {
      const fb = F[i * 3 + k] - B[i * 3 + k];
      fb2 += fb * fb;
      ib += (rgb[i * 3 + k] - B[i * 3 + k]) * fb;
    }
    // Below ~40 levels apart the colours cannot tell car from background.
    if (fb2 < 1600) return a[i];
    const est = Math.max(0, Math.min(1, ib / fb2));
    if (est < 0.2) plain[i] = 1;
    const cur = a[i] / 255;
    return est < cur ? Math.round(255 * (cur * 0.3 + est * 0.7)) : a[i];
  };
  // Every pixel is judged against the alpha as it came (a pass that read its own lowered neighbours
  // peeled the edge further to the right and down than to the left and up).
  const before = Buffer.from(a);
  const judged = new Uint8Array(n);
  const next = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (!near[i]) continue;
    // A solid pixel is judged only on the outline's outermost ring. Deeper in, a dark roof moulding in
    // front of a dark letter of the old wall looks like the letter, and lowering it pixel by pixel broke
    // the moulding into dashes ("ragged dark trim fragments" along the roof, session-8 review).
    if (before[i] >= 250 && !onOutline(before, i, w, h)) continue;
    judged[i] = 1;
    next[i] = judge(i);
  }
  for (let i = 0; i < n; i++) if (judged[i]) a[i] = next[i];
  // A segmenter's edge one or two pixels too wide puts the old floor at full alpha two rings deep, and
  // the ring behind the one judged above is then the outline. It is judged too, but only where the ring in
  // front of it was plainly background by its colour: behind car-coloured pixels (a roof's rim in front of
  // its dark moulding) nothing deeper is ever judged.
  for (let pass = 0; pass < 2; pass++) {
    const peel: number[] = [];
    for (let i = 0; i < n; i++) {
      if (!near[i] || judged[i] || a[i] < 250) continue;
      const x = i % w;
      const clear =
        (x > 0 && plain[i - 1]) ||
        (x < w - 1 && plain[i + 1]) ||
        (i >= w && plain[i - w]) ||
        (i < n - w && plain[i + w]);
      if (clear) peel.push(i);
    }
    for (const i of peel) next[i] = judge(i);
    for (const i of peel) {
      a[i] = next[i];
      judged[i] = 1;
    }
  }
  await smoothOutline(a, w, h, before);
}

/**
 * The outline drawn as a photographed edge: a segmenter's alpha steps from pixel to pixel (single
 * specks of "car" above a roof, single-pixel notches in it, the dashes the colour test above leaves),
 * which on a new background reads as a dotted, ragged cut-out. Within two pixels of the outline a speck
 * or a notch goes (the 3x3 median), then the steps are softened by a blur over about a pixel (sigma 0.6):
 * a straight edge stays where it was. Lines one pixel thin and their tips are kept as they are; pixels
 * further in are never touched.
 */
async function smoothOutline(
  a: Uint8Array | Buffer,
  w: number,
  h: number,
  outline: Uint8Array | Buffer = a,
): Promise<void> {
  const n = w * h;
  // The band lies along `outline` (the segmenter's own, when the colour test has moved the edge in): the
  // smoothing never reaches deeper into the car than two pixels from where the cut was.
  const band = new Uint8Array(n);
  const r = 2;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const hi = outline[y * w + x] >= 128;
      const right = x + 1 < w && outline[y * w + x + 1] >= 128 !== hi;
      const down = y + 1 < h && outline[(y + 1) * w + x] >= 128 !== hi;
      if (!right && !down) continue;
      for (let d = -r + 1; d <= r; d++) {
        if (right && x + d >= 0 && x + d < w) band[y * w + x + d] = 1;
        if (down && y + d >= 0 && y + d < h) band[(y + d) * w + x] = 1;
      }
    }
  // Specks and notches: the median of the 3x3 neighbourhood, except on a line one pixel thin (car on
  // both sides along it, background on both sides across it: an antenna, a wiper seen edge-on), at
  // its tip (a car pixel whose one car neighbour is such a line), and in a gap one pixel thin (the same
  // with car and background swapped: between two such lines, or a line and the body). The median filled
  // such a gap, and two 1-px rows of a cut became one solid block three pixels high.
  const src = Buffer.from(a);
  const thinAt = new Uint8Array(n);
  const solid = (j: number): boolean => src[j] >= 128;
  const ring = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1];
  const across = [
    [-1, 1, -w, w],
    [-w, w, -1, 1],
    [-w - 1, w + 1, -w + 1, w - 1],
    [-w + 1, w - 1, -w - 1, w + 1],
  ];
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!band[i]) continue;
      const car = solid(i);
      for (const [p, q, u, v] of across)
        if (solid(i + p) === car && solid(i + q) === car && solid(i + u) !== car && solid(i + v) !== car)
          thinAt[i] = 1;
    }
  const win = new Uint8Array(9);
  for (let y = 1; y < h - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!band[i] || thinAt[i]) continue;
      if (solid(i)) {
        let cars = 0;
        let only = 0;
        for (const d of ring)
          if (solid(i + d)) {
            cars++;
            only = d;
          }
        if (cars === 1 && thinAt[i + only]) {
          thinAt[i] = 1;
          continue;
        }
      }
      let k = 0;
      for (let dy = -w; dy <= w; dy += w) for (let dx = -1; dx <= 1; dx++) win[k++] = src[i + dy + dx];
      win.sort();
      a[i] = win[4];
    }
  // Then the blur, which leaves the thin lines as they are (across a line one pixel wide it would take
  // away half of it).
  const { data: soft } = await greyOp(a, w, h, (s) => s.blur(0.6));
  for (let i = 0; i < n; i++) if (band[i] && !thinAt[i]) a[i] = soft[i];
}

/** A car pixel with a background pixel (alpha < 128) beside it, above or below. */
function onOutline(a: Uint8Array | Buffer, i: number, w: number, h: number): boolean {
  const x = i % w;
  return (
    (x > 0 && a[i - 1] < 128) ||
    (x < w - 1 && a[i + 1] < 128) ||
    (i >= w && a[i - w] < 128) ||
    (i < w * (h - 1) && a[i + w] < 128)
  );
}

/**
 * The segmenter's soft edge is a few pixels of mixed car and background; further out, faint alpha is
 * background it was unsure about (a shadow, a reflection on the studio floor) and shows as a pale or dark
 * veil on the new scene. Alpha below half that lies more than `band` pixels from the car (alpha >= 128)
 * fades out; thin solid parts (antennas, mirrors) are untouched because they are >= 128 themselves.
 */
export function limitSoftBand(a: Uint8Array | Buffer, w: number, h: number, band: number): void {
  const far = band * 4 + 4;
  const d = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) d[i] = a[i] >= 128 ? 0 : far;
  // Two-pass chamfer distance (1, 1.4) to the nearest solid car pixel.
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i];
      if (!v) continue;
      if (x > 0) v = Math.min(v, d[i - 1] + 1);
      if (y > 0) {
        v = Math.min(v, d[i - w] + 1);
        if (x > 0) v = Math.min(v, d[i - w - 1] + 1.4);
        if (x < w - 1) v = Math.min(v, d[i - w + 1] + 1.4);
      }
      d[i] = v;
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i];
      if (!v) continue;
      if (x < w - 1) v = Math.min(v, d[i + 1] + 1);
      if (y < h - 1) {
        v = Math.min(v, d[i + w] + 1);
        if (x < w - 1) v = Math.min(v, d[i + w + 1] + 1.4);
        if (x > 0) v = Math.min(v, d[i + w - 1] + 1.4);
      }
      d[i] = v;
    }
  for (let i = 0; i < w * h; i++) {
    if (!d[i] || !a[i]) continue;
    const keep = Math.max(0, Math.min(1, (2 * band - d[i]) / band));
    a[i] = Math.round(a[i] * keep);
  }
}

/**
 * A weighted blur: per pixel, the weight-averaged colour of its neighbourhood and the blurred weight. The
 * premultiplied colours and the weights are blurred as separate images: given four channels, sharp treats
 * the fourth as alpha and averages by it itself, and dividing by the blurred alpha once more pushed every
 * edge colour toward white (the pale fringe along sills and tyres).
 */
async function weightedBlur(
  rgb: Buffer,
  weight: Buffer | Uint8Array,
  w: number,
  h: number,
  blur: number | ((s: sharp.Sharp) => sharp.Sharp),
): Promise<{ colour: Buffer; weight: Buffer }> {
  const op = typeof blur === 'number' ? (s: sharp.Sharp) => s.blur(blur) : blur;
  const wt = new Uint8Array(weight.buffer, weight.byteOffset, weight.length);
  const pre = Buffer.alloc(w * h * 3);
  premultiply(view(pre), view(rgb), wt);
  // The two blurs are independent: libvips runs them side by side on its own threads.
  const [blurred, { data: wb }] = await Promise.all([
    op(sharp(pre, { raw: { width: w, height: h, channels: 3 } }))
      .raw()
      .toBuffer(),
    greyOp(wt, w, h, op),
  ]);
  const colour = Buffer.alloc(w * h * 3);
  unpremultiply(view(colour), view(blurred), view(wb));
  return { colour, weight: wb };
}

// weightedBlur's two pixel loops, on plain Uint8Array views, in functions of their own: called with
// Buffers and Uint8Arrays alike, and placed around an await, they were compiled and thrown away again
// several times a photo. A weight of 255 keeps (and, dividing back, gives) the colour as it is: most
// pixels of a solid mask take that short way.
const view = (b: Uint8Array): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.length);

function premultiply(pre: Uint8Array, rgb: Uint8Array, wt: Uint8Array): void {
  for (let i = 0; i < wt.length; i++) {
    const a = wt[i];
    if (!a) continue;
    if (a === 255) {
      pre[i * 3] = rgb[i * 3];
      pre[i * 3 + 1] = rgb[i * 3 + 1];
      pre[i * 3 + 2] = rgb[i * 3 + 2];
      continue;
    }
    pre[i * 3] = Math.round((rgb[i * 3] * a) / 255);
    pre[i * 3 + 1] = Math.round((rgb[i * 3 + 1] * a) / 255);
    pre[i * 3 + 2] = Math.round((rgb[i * 3 + 2] * a) / 255);
  }
}

function unpremultiply(colour: Uint8Array, blurred: Uint8Array, wb: Uint8Array): void {
  for (let i = 0; i < wb.length; i++) {
    const a = wb[i];
    if (!a) continue;
    if (a === 255) {
      colour[i * 3] = blurred[i * 3];
      colour[i * 3 + 1] = blurred[i * 3 + 1];
      colour[i * 3 + 2] = blurred[i * 3 + 2];
      continue;
    }
    for (let k = 0; k < 3; k++) colour[i * 3 + k] = Math.min(255, Math.round((blurred[i * 3 + k] * 255) / a));
  }
}

/** Each pixel's colour replaced by the alpha-weighted average of its neighbourhood (itself where none). */
async function alphaWeightedBlur(
  rgb: Buffer,
  a: Buffer | Uint8Array,
  w: number,
  h: number,
  sigma: number,
): Promise<Buffer> {
  const { colour, weight } = await weightedBlur(rgb, a, w, h, sigma);
  for (let i = 0; i < w * h; i++)
    if (!weight[i]) {
      colour[i * 3] = rgb[i * 3];
      colour[i * 3 + 1] = rgb[i * 3 + 1];
      colour[i * 3 + 2] = rgb[i * 3 + 2];
    }
  return colour;
}

/** How dark the photo's shadow gets right under the car: the 98th percentile of its darkness, 0..1. */
function shadowDepth(sh: PhotoShadow): number {
  const hist = new Uint32Array(256);
  for (const v of sh.dark) hist[v]++;
  let n = Math.ceil(sh.dark.length * 0.02);
  for (let v = 255; v > 0; v--) {
    n -= hist[v];
    if (n <= 0) return v / 255;
  }
  return 0;
}

/**
 * Lays the photo's shadow (see photo.shadow.ts) onto the new floor where the old one lay relative to the
 * car: the darkness is a ratio in linear light, so the encoded floor is scaled by its 1/2.2 power. Floors
 * it could not be read from fade out with the shadow's trust.
 */
async function drawPhotoShadow(
  canvas: Canvas,
  sh: PhotoShadow,
  at: { scale: number; dx: number; dy: number },
  least: {
    sky: SkyOcclusion;
    share: number;
    body: { data: Buffer; x0: number; y0: number; w: number; h: number } | null;
    cast: number;
    /** The least light the scene's shadow leaves (under a new sun, a street photo's under its sills). */
    keep: number;
  } | null,
): Promise<void> {
  const { out, W, H } = canvas;
  const ow = Math.max(1, Math.round(sh.w * at.scale));
  const oh = Math.max(1, Math.round(sh.h * at.scale));
  const ox = Math.round(sh.x0 * at.scale + at.dx);
  const oy = Math.round(sh.y0 * at.scale + at.dy);
  const up = await greyOp(sh.dark, sh.gw, sh.gh, (s) => s.resize(ow, oh, { fit: 'fill', kernel: 'cubic' }));
  const k = Math.min(1, 0.5 + sh.trust);
  // The darkness on canvas pixels over the map's rectangle and the occlusion's together: the photo's, or
  // where the new scene's light leaves the floor darker than the photo's did, the scene's: the floor keeps
  // cast (1 - v) + (1 - cast) (1 - hidden) of it, v the key's shadow under the body and hidden the share of
  // the sky (`share` of the light) the car hides (as drawCastShadow combines them on the drawn path). The
  // larger of the two, not their product: both are the car's shadow, counted once.
  const occ = least ? await occlusionPixels(least.sky) : null;
  const body = least?.body;
  const x0 = Math.max(0, Math.min(ox, least ? least.sky.x0 : ox));
  const y0 = Math.max(0, Math.min(oy, least ? least.sky.y0 : oy));
  const x1 = Math.min(W, Math.max(ox + ow, occ && least ? least.sky.x0 + occ.w : 0));
  const y1 = Math.min(H, Math.max(oy + oh, occ && least ? least.sky.y0 + occ.h : 0));
  for (let cy = y0; cy < y1; cy++) {
    const y = cy - oy;
    for (let cx = x0; cx < x1; cx++) {
      const x = cx - ox;
      let d = x >= 0 && y >= 0 && x < ow && y < oh ? (up.data[y * ow + x] / 255) * k : 0;
      if (occ && least) {
        const sx = cx - least.sky.x0;
        const sy = cy - least.sky.y0;
        let scene =
          sx >= 0 && sy >= 0 && sx < occ.w && sy < occ.h
            ? (occ.data[sy * occ.w + sx] / 255) * least.share
            : 0;
        const bx = cx - (body?.x0 ?? 0);
        const by = cy - (body?.y0 ?? 0);
        if (body && bx >= 0 && by >= 0 && bx < body.w && by < body.h)
          scene += (body.data[by * body.w + bx] / 255) * least.cast;
        d = Math.max(d, Math.min(1 - least.keep, scene));
      }
      if (d <= 0.002) continue;
      // The darkness is a ratio of the photo's light in sRGB's linear light (photo.shadow.ts), so it scales
      // the new floor's light in the same space. A 1/2.2 power on the encoded level, equal to it in the
      // mid-tones, leaves a deep shadow far lighter (sRGB's linear toe): on a 187 floor, 0.987 of darkness
      // (the floor under a booth car's sill, 17 on 175 in the photo) came out 26 instead of 19, "a faint
      // shadow under the sill between the wheels" (session 19).
      const i = (cy * W + cx) * 3;
      const q = Math.round((1 - d) ** (1 / 2.4) * KEPT_STEPS) * 256;
      out[i] = KEPT_LUT[q + out[i]];
      out[i + 1] = KEPT_LUT[q + out[i + 1]];
      out[i + 2] = KEPT_LUT[q + out[i + 2]];
    }
  }
}

/**
 * An 8-bit level times a share of its light, in sRGB's linear light: KEPT_LUT[q * 256 + v] for the share
 * (q / KEPT_STEPS) ^ 2.4 (steps even in encoded terms, so the dark end, where levels are sparse in light, is
 * as fine as the rest: under a level's difference everywhere).
 */
const KEPT_STEPS = 1023;
const KEPT_LUT = new Uint8Array((KEPT_STEPS + 1) * 256);
for (let q = 0; q <= KEPT_STEPS; q++) {
  const kept = (q / KEPT_STEPS) ** 2.4;
  for (let v = 0; v < 256; v++) KEPT_LUT[q * 256 + v] = Math.round(255 * toSrgb(LIN[v] * kept));
}

/** The columns the placed car stands over, and per column its lowest pixel and that pixel's gap to the ground line. */
function underside(
  placed: Placed,
): { first: number; last: number; gaps: number[]; bottoms: number[] } | null {
  const { carA, cw, ch, groundY, carH } = placed;
  const xs = groundY.map((v, i) => (v >= 0 ? i : -1)).filter((i) => i >= 0);
  if (!xs.length) return null;
  const first = xs[0];
  const last = xs[xs.length - 1];
  const gaps = new Array<number>(cw).fill(Infinity);
  const bottoms = new Array<number>(cw).fill(-1);
  for (let x = first; x <= last; x++) {
    const g = groundY[x];
    // Lowest car pixel in this column: the gap to the ground says how much light gets under the car.
    let b = -1;
    for (let y = Math.min(ch - 1, g + 1); y >= 0; y--) {
      if (carA[y * cw + x] >= 128) {
        b = y;
        break;
      }
    }
    gaps[x] = b < 0 ? carH : g - b;
    bottoms[x] = b;
  }
  return { first, last, gaps, bottoms };
}

/** The share of the sky the placed car hides from the floor around it (sky.occlusion.ts), on canvas cells. */
function placedOcclusion(
  placed: Placed,
  under: { first: number; last: number; gaps: number[] },
  W: number,
  H: number,
): SkyOcclusion | null {
  const { left, top, groundY, carH } = placed;
  const { first, last, gaps } = under;
  // The sill's height: the 75th percentile of the gaps under the car (the tyres' columns have none).
  const sorted = gaps.slice(first, last + 1).sort((a, b) => a - b);
  const sill = Math.min(carH * 0.4, sorted[Math.floor(sorted.length * 0.75)]);
  return skyOcclusion(left + first, left + last, (x) => top + groundY[x - left], sill, carH, W, H);
}

/** An occlusion map resized from its cells to canvas pixels, from (sky.x0, sky.y0). */
function occlusionPixels(sky: SkyOcclusion): Promise<{ data: Buffer; w: number; h: number }> {
  return greyOp(sky.dark, sky.gw, sky.gh, (s) =>
    s.resize(sky.gw * sky.cell, sky.gh * sky.cell, { fit: 'fill', kernel: 'cubic' }),
  );
}

async function drawShadow(
  canvas: Canvas,
  placed: Placed,
  floor: FloorLight,
  parts: 'all' | 'footprints',
): Promise<void> {
  const { out, W, H } = canvas;
  const { cw, left, top, groundY, carH } = placed;
  // Two maps, as a studio photo shows them: occlusion (the floor under and around the car loses the part
  // of the sky or the room's light the body hides from it: sky.occlusion.ts) and contact (a dark, soft-edged
  // pool around each tyre's footprint, where the tyre presses on the floor: without it the car floats). A
  // hard key's cast shadow is drawn separately; the occlusion then takes only the sky's share of the light.
  const core = new Uint8Array(W * H);
  const under = underside(placed);
  if (!under) return;
  const { first, last, gaps, bottoms } = under;
  const span = Math.max(1, last - first);
  const contact = Math.max(2, carH * 0.025);
  // Footprints: runs of columns where the silhouette reaches the contact line (the bottom arc of a tyre),
  // each pool centred where the arc touches the ground line (contactColumn).
  const runs: [number, number][] = [];
  for (let x = first; x <= last; x++) {
    if (gaps[x] > contact * 0.6) continue;
    let e = x;
    while (e + 1 <= last && gaps[e + 1] <= contact * 0.6) e++;
    runs.push([x, e]);
    x = e;
  }
  // Where the tyre touches: the middle of the columns closest to the ground line. In a 3/4 view that line
  // slopes, and the tyre's lowest pixel lies down the slope from where the line touches it (by the radius
  // times the slope's sine: 17 px on a 12-MP Hyundai), so pools and creases centred there sat beside the
  // tyre's foot, a dark blob the tyre seemed to hover next to ("the rear tyre has no dark contact").
  const contactColumn = ([a, e]: [number, number]): number => {
    let min = Infinity;
    for (let x = a; x <= e; x++) min = Math.min(min, gaps[x]);
    let sum = 0;
    let n = 0;
    for (let x = a; x <= e; x++)
      if (gaps[x] <= min + 1) {
        sum += x;
        n++;
      }
    return Math.round(sum / n);
  };
  // The crease: where a tyre curves down to the floor, the wedge of floor between the tyre and the ground
  // sees almost no sky or ceiling, so it is the darkest spot of the picture and fades fast as the gap opens
  // (a pool alone, blurred, leaves a light gap between the tyre and its shadow: "the tyre floats").
  const creaseGap = carH * 0.05;
  const tyreCols = new Uint8Array(cw);
  for (const [a, e] of runs) {
    const cx = contactColumn([a, e]);
    if (cx - first < span * 0.04 || last - cx < span * 0.04) continue;
    // The tyre's own arc: its flat contact run and a little either side, never the overhangs beyond.
    const reach = (e - a + 1) * 0.5 + carH * 0.04;
    for (let x = Math.max(0, Math.round(cx - reach)); x <= Math.min(cw - 1, Math.round(cx + reach)); x++)
      tyreCols[x] = 1;
  }
  for (let x = first; x <= last; x++) {
    const b = bottoms[x];
    const gap = gaps[x];
    if (!tyreCols[x] || b < 0 || gap > creaseGap) continue;
    const ox = left + x;
    if (ox < 0 || ox >= W) continue;
    const v = Math.round(255 * (1 - gap / creaseGap) ** 2);
    for (let y = b + 1; y <= groundY[x] + 1; y++) {
      const oy = top + y;
      if (oy < 0 || oy >= H) continue;
      const i = oy * W + ox;
      core[i] = Math.max(core[i], v);
    }
  }
  for (const [a, e] of runs) {
    // The end columns of the hull are a bumper's corner, not a tyre (tyres sit inward of the overhangs,
    // also seen head-on).
    const cx = contactColumn([a, e]);
    if (cx - first < span * 0.04 || last - cx < span * 0.04) continue;
    const rx = Math.max(carH * 0.05, (e - a + 1) * 0.45);
    // The pool lies behind the contact line (under the tyre, seen only beside it); in front of the tyre
    // the floor is lit, so the dark reaches only 0.8 % of the car's height past it. That is what real
    // turntable photos show (floor straight below a tyre's foot against the floor 0.12 car heights away,
    // 24 Carvana studio photos: 0.15 at 0.2 %, 0.26 at 0.5 %, 0.48 at 1 %, 0.68 at 2 %, 0.85 at 5 %); a pool
    // reaching 2 % plus the silhouette occlusion of session 13 kept it at 0.10-0.20 out to 2 %, "a soft
    // grey smear instead of a contact patch" (session-14 review).
    tyrePool(core, W, H, left + cx, top + groundY[cx], rx, carH * 0.03, Math.max(1.5, carH * 0.008), 255);
  }
  // Far tyres: in a 3/4 view the far side's wheels stand higher in the picture than the near side's (they
  // are further away), so they never reach the contact line and got no pool ("the front wheel floats"). A
  // tyre's arc is a lowest point of the silhouette that falls away on both sides as a tyre's curve does;
  // one up to 0.35 of the car's height above the contact line gets a pool of its own at its foot (a close
  // rear 3/4 view puts the far front wheel 0.29 up: with a quarter as the limit it floated, night drive).
  const arc = Math.max(2, Math.round(carH * 0.1));
  const farTops: number[] = [];
  for (let x = first + arc; x <= last - arc; x++) {
    const b = bottoms[x];
    if (b < 0 || gaps[x] <= contact * 0.6 || gaps[x] > carH * 0.35 || tyreCols[x]) continue;
    let lowestHere = true;
    for (let d = -arc; d <= arc && lowestHere; d++) if (bottoms[x + d] > b) lowestHere = false;
    if (!lowestHere || b - bottoms[x - arc] < carH * 0.015 || b - bottoms[x + arc] < carH * 0.015) continue;
    farTops.push(x);
    x += arc;
  }
  for (const cx of farTops)
    tyrePool(
      core,
      W,
      H,
      left + cx,
      top + bottoms[cx] + 1,
      carH * 0.06,
      carH * 0.015,
      Math.max(1.5, carH * 0.012),
      230,
    );
  const cast = parts === 'all' && floor.shadow && floor.cast > 0;
  const sky = parts === 'all' ? placedOcclusion(placed, under, W, H) : null;
  if (cast) await drawCastShadow(canvas, placed, floor, sky);
  // Blur and apply only inside the shadows' own rectangle (plus the blur's reach).
  const sigCore = Math.max(0.6, carH * 0.003);
  const reach = Math.ceil(sigCore * 3) + 2;
  let ry0 = H;
  let ry1 = -1;
  for (let x = first; x <= last; x++) {
    ry0 = Math.min(ry0, top + groundY[x] - Math.round(carH * 0.3));
    ry1 = Math.max(ry1, top + groundY[x] + Math.ceil(contact));
  }
  let rx0 = Math.max(0, left + first - reach);
  let rx1 = Math.min(W, left + last + reach + 1);
  ry0 = Math.max(0, ry0 - reach);
  ry1 = Math.min(H, ry1 + reach + 1);
  if (sky) {
    rx0 = Math.min(rx0, sky.x0);
    ry0 = Math.min(ry0, sky.y0);
    rx1 = Math.max(rx1, Math.min(W, sky.x0 + sky.gw * sky.cell));
    ry1 = Math.max(ry1, Math.min(H, sky.y0 + sky.gh * sky.cell));
  }
  if (rx1 <= rx0 || ry1 <= ry0) return;
  const rw = rx1 - rx0;
  const rh = ry1 - ry0;
  const cut = (m: Uint8Array): Uint8Array => {
    const sub = new Uint8Array(rw * rh);
    for (let y = 0; y < rh; y++) sub.set(m.subarray((ry0 + y) * W + rx0, (ry0 + y) * W + rx1), y * rw);
    return sub;
  };
  const coreB = await greyOp(cut(core), rw, rh, (s) => s.blur(sigCore));
  const occ = new Uint8Array(rw * rh);
  if (sky) {
    const up = await occlusionPixels(sky);
    for (let y = 0; y < up.h; y++) {
      const oy = sky.y0 + y - ry0;
      if (oy < 0 || oy >= rh) continue;
      for (let x = 0; x < up.w; x++) {
        const ox = sky.x0 + x - rx0;
        if (ox >= 0 && ox < rw) occ[oy * rw + ox] = up.data[y * up.w + x];
      }
    }
  }
  darkenRect(out, W, { x0: rx0, y0: ry0, w: rw, h: rh }, occ, coreB.data, cast ? 1 - floor.cast : 1);
}

/**
 * One canvas pixel's three channels scaled by m (a shadow's share of light kept), rounded. Assigned unrounded
 * the bytes were truncated: every pixel a map touched at all (its faintest tail, d > 0.002) lost a whole
 * level, on a night road 2 % of its light, and the map's bounds showed as a darker rectangle of road round the
 * car (blinded review, session 19).
 */
function scalePixel(out: Buffer, i: number, m: number): void {
  out[i] = Math.round(out[i] * m);
  out[i + 1] = Math.round(out[i + 1] * m);
  out[i + 2] = Math.round(out[i + 2] * m);
}

/**
 * The shadow maps laid on the canvas (drawShadow's last step), in a function of its own: inside
 * drawShadow's long body the loop ran unoptimised, boxing every intermediate value (most of the scene
 * stage's garbage collection). `occ`: share of the sky hidden (0..255), of which `sky` is the floor's light
 * (a linear-light ratio on encoded pixels, its 1/2.2 power); `core`: the tyres' contact, 0.9 at most.
 */
function darkenRect(
  out: Buffer,
  W: number,
  rect: { x0: number; y0: number; w: number; h: number },
  occ: Uint8Array,
  core: Buffer,
  sky: number,
): void {
  const { x0: rx0, y0: ry0, w: rw, h: rh } = rect;
  const lit = new Float32Array(256);
  for (let v = 0; v < 256; v++) lit[v] = Math.pow(1 - (sky * v) / 255, 1 / 2.2);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const j = y * rw + x;
      if (occ[j] === 0 && core[j] === 0) continue;
      const m = lit[occ[j]] * (1 - (core[j] / 255) * 0.9);
      const i = ((ry0 + y) * W + rx0 + x) * 3;
      scalePixel(out, i, m);
    }
  }
}

/**
 * A tyre's contact pool into `core` (canvas-sized, 0..255 darkness): a half-ellipse each side of the contact
 * row `cy`, reaching `ryUp` behind it (under the tyre) and `ryDown` in front, `peak` at its centre.
 */
function tyrePool(
  core: Uint8Array,
  W: number,
  H: number,
  cx: number,
  cy: number,
  rx: number,
  ryUp: number,
  ryDown: number,
  peak: number,
): void {
  for (let yy = Math.floor(-ryUp); yy <= Math.ceil(ryDown); yy++)
    for (let xx = Math.floor(-rx); xx <= Math.ceil(rx); xx++) {
      const ox = Math.round(cx) + xx;
      const oy = cy + yy;
      if (ox < 0 || ox >= W || oy < 0 || oy >= H) continue;
      const r2 = (xx / rx) ** 2 + (yy / (yy < 0 ? ryUp : ryDown)) ** 2;
      if (r2 >= 1) continue;
      const i = oy * W + ox;
      core[i] = Math.max(core[i], Math.round(peak * Math.pow(1 - r2, 1.5)));
    }
}

/**
 * The floor under the car's body in the key light's shadow, into `splat` (canvas-sized, 0..255); returns the
 * rectangle it touched. The cast shadow's splat stands the car on its ground line like a card, and with the
 * light from the side (a street lamp, a sun across the road) the card's shadow falls beside it while the
 * floor seen under the sills, behind that line, stayed lit: on the night drive that floor kept 0.53 of the
 * open floor's level a quarter of the way down, real photos 0.41. A body as wide as a car (CAR_WIDTH) over a
 * sill `sill` high lets a key at elevation e reach only sill / tan(e) in under its lit side; the rest of the
 * floor under it is in the body's shadow (a low sun, 5 degrees, still reaches most of it).
 */
function markUnderBody(
  splat: Uint8Array,
  placed: Placed,
  W: number,
  H: number,
  elevationDeg = 90,
): { x0: number; y0: number; x1: number; y1: number } | null {
  const { left, top, groundY, carH } = placed;
  const under = underside(placed);
  if (!under) return null;
  const sorted = under.gaps.slice(under.first, under.last + 1).sort((a, b) => a - b);
  const sillM = (Math.min(carH * 0.4, sorted[Math.floor(sorted.length * 0.75)]) / carH) * CAR_HEIGHT_M;
  const reach = sillM / Math.max(1e-3, Math.tan((elevationDeg * Math.PI) / 180));
  const v = Math.round(255 * Math.max(0, Math.min(1, 1 - reach / (CAR_WIDTH * CAR_HEIGHT_M))));
  if (v === 0) return null;
  const r = { x0: W, y0: H, x1: -1, y1: -1 };
  for (let x = under.first; x <= under.last; x++) {
    const b = under.bottoms[x];
    const X = left + x;
    if (b < 0 || X < 0 || X >= W) continue;
    for (let y = b + 1; y <= groundY[x]; y++) {
      const Y = top + y;
      if (Y < 0 || Y >= H) continue;
      splat[Y * W + X] = Math.max(splat[Y * W + X], v);
      r.x0 = Math.min(r.x0, X);
      r.x1 = Math.max(r.x1, X);
      r.y0 = Math.min(r.y0, Y);
      r.y1 = Math.max(r.y1, Y);
    }
  }
  return r.x1 < 0 ? null : r;
}

/** markUnderBody's shadow on its own, blurred as the key's cast shadow is, in canvas pixels from (x0, y0). */
async function underBodyShade(
  placed: Placed,
  floor: FloorLight,
  W: number,
  H: number,
): Promise<{ data: Buffer; x0: number; y0: number; w: number; h: number } | null> {
  const splat = new Uint8Array(W * H);
  const r = markUnderBody(splat, placed, W, H, floor.elevationDeg);
  if (!r) return null;
  // Softer than the key's cast shadow: the region is filled column by column from the body's lowest pixel
  // to a ground line held level past the wheels, so its ends and the top of its side run are a guess, and
  // at a hard key's blur they showed as a ruled dark rectangle beside a 3/4 car (blinded review, session 18).
  return blurSplat(splat, W, H, r, Math.max(castSigma(placed.carH, floor), placed.carH * 0.06));
}

/** The part of a canvas-sized shadow splat around `r`, Gaussian-blurred by `sigma`, in canvas pixels from (x0, y0). */
async function blurSplat(
  splat: Uint8Array,
  W: number,
  H: number,
  r: { x0: number; y0: number; x1: number; y1: number },
  sigma: number,
): Promise<{ data: Buffer; x0: number; y0: number; w: number; h: number }> {
  const reach = Math.ceil(sigma * 3) + 2;
  const x0 = Math.max(0, r.x0 - reach);
  const y0 = Math.max(0, r.y0 - reach);
  const w = Math.min(W - 1, r.x1 + reach) - x0 + 1;
  const h = Math.min(H - 1, r.y1 + reach) - y0 + 1;
  const sub = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) sub.set(splat.subarray((y0 + y) * W + x0, (y0 + y) * W + x0 + w), y * w);
  const soft = await greyOp(sub, w, h, (s) => s.blur(sigma));
  return { data: soft.data, x0, y0, w, h };
}

/** The blur of a key light's cast shadow: a sun's edge is crisp near the car, a soft key's wide. */
const castSigma = (carH: number, floor: FloorLight): number =>
  Math.max(1, carH * (0.006 + 0.05 * floor.softness));

/**
 * The car's cast shadow from the scene's key light: every car pixel, at its height above its own contact
 * line, lands on the floor displaced along the light's shadow vector; the splat is blurred by the light's
 * softness (a sun's edge is crisp near the car) and darkens the floor, never the car.
 */
async function drawCastShadow(
  canvas: Canvas,
  placed: Placed,
  floor: FloorLight,
  sky: SkyOcclusion | null = null,
  underBody = true,
): Promise<void> {
  const { out, W, H } = canvas;
  const { carA, cw, ch, left, top, groundY, carH } = placed;
  const [vx, vy] = floor.shadow!;
  const pxPerM = carH / CAR_HEIGHT_M;
  // Shadow offset per canvas pixel of height.
  const sx = vx / pxPerM;
  const sy = vy / pxPerM;
  const splat = new Uint8Array(W * H);
  let x0 = W;
  let x1 = -1;
  let y0 = H;
  let y1 = -1;
  const step = Math.max(1, Math.round(carH / 300));
  for (let y = 0; y < ch; y += step)
    for (let x = 0; x < cw; x += step) {
      if (carA[y * cw + x] < 128 || groundY[x] < 0) continue;
      const hgt = Math.max(0, groundY[x] - y);
      const px = Math.round(left + x + sx * hgt);
      const py = Math.round(top + groundY[x] + sy * hgt);
      for (let dy = 0; dy < step; dy++)
        for (let dx = 0; dx < step; dx++) {
          const X = px + dx;
          const Y = py + dy;
          if (X < 0 || X >= W || Y < 0 || Y >= H) continue;
          splat[Y * W + X] = 255;
          if (X < x0) x0 = X;
          if (X > x1) x1 = X;
          if (Y < y0) y0 = Y;
          if (Y > y1) y1 = Y;
        }
    }
  if (x1 < 0) return;
  const soft = await blurSplat(splat, W, H, { x0, y0, x1, y1 }, castSigma(carH, floor));
  // The floor under the body, blurred as underBodyShade blurs it on the photo's path: blurred with the card's
  // crisp sun edge, its end at the car's first and last columns stood as the straight side of a dark
  // rectangle under a rear view on the night drive (the gallery's JRK5336, session 19).
  const body = underBody ? await underBodyShade(placed, floor, W, H) : null;
  const rx0 = Math.min(soft.x0, body?.x0 ?? W);
  const ry0 = Math.min(soft.y0, body?.y0 ?? H);
  const rx1 = Math.max(soft.x0 + soft.w, body ? body.x0 + body.w : 0);
  const ry1 = Math.max(soft.y0 + soft.h, body ? body.y0 + body.h : 0);
  const at = (
    m: { data: Buffer; x0: number; y0: number; w: number; h: number },
    X: number,
    Y: number,
  ): number =>
    X >= m.x0 && Y >= m.y0 && X < m.x0 + m.w && Y < m.y0 + m.h
      ? m.data[(Y - m.y0) * m.w + X - m.x0] / 255
      : 0;
  for (let Y = ry0; Y < ry1; Y++)
    for (let X = rx0; X < rx1; X++) {
      const v = Math.max(at(soft, X, Y), body ? at(body, X, Y) : 0);
      if (v < 0.004) continue;
      // Where the car also hides the sky (`sky`, drawn after this with the sky's share of the light), the
      // sun is most of what is left: the floor keeps cast (1 - v) + (1 - cast) (1 - hidden), not the product
      // of the two shadows (under a car in the sun that product left 0.36 of the floor's level, not black).
      let hidden = 0;
      if (sky) {
        const gx = Math.floor((X - sky.x0) / sky.cell);
        const gy = Math.floor((Y - sky.y0) / sky.cell);
        if (gx >= 0 && gy >= 0 && gx < sky.gw && gy < sky.gh) hidden = sky.dark[gy * sky.gw + gx] / 255;
      }
      const m = 1 - (floor.cast * v) / (1 - (1 - floor.cast) * hidden);
      scalePixel(out, (Y * W + X) * 3, m);
    }
}

function skyOf(bg: Background): [number, number, number] {
  return bg.kind === 'scene' ? sceneMeta(bg.id).sky : [150, 155, 160];
}

/**
 * Glass over the car: for every pixel of `map` (crop-sized, 0..255 = how much of it is glass), the car's
 * pixel and the scene behind it, blurred by the crop's smaller side / `blurDiv` (the scene is metres behind
 * the glass, out of focus), combined by `mix`.
 */
async function overGlass(
  canvas: Canvas,
  scene: Buffer,
  placed: Placed,
  map: Buffer,
  blurDiv: number,
  mix: (car: number, behind: number, channel: number, glass: number, behindLuma: number) => number,
): Promise<void> {
  const { out, W, H } = canvas;
  const { cw, ch, left, top } = placed;
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(W, left + cw);
  const y1 = Math.min(H, top + ch);
  if (x1 <= x0 || y1 <= y0) return;
  const rw = x1 - x0;
  const rh = y1 - y0;
  const region = Buffer.alloc(rw * rh * 3);
  for (let y = 0; y < rh; y++)
    scene.copy(region, y * rw * 3, ((y0 + y) * W + x0) * 3, ((y0 + y) * W + x1) * 3);
  const soft = await sharp(region, { raw: { width: rw, height: rh, channels: 3 } })
    .blur(Math.max(1, Math.min(rw, rh) / blurDiv))
    .raw()
    .toBuffer();
  for (let y = 0; y < rh; y++)
    for (let x = 0; x < rw; x++) {
      const g = map[(y0 + y - top) * cw + (x0 + x - left)];
      if (!g) continue;
      const o = ((y0 + y) * W + x0 + x) * 3;
      const r = (y * rw + x) * 3;
      const luma = lumaAt(soft, y * rw + x);
      for (let k = 0; k < 3; k++) out[o + k] = mix(out[o + k], soft[r + k], k, g / 255, luma);
    }
}

/**
 * Windows that showed the old background now show the new scene behind the car, as through tinted glass:
 * the scene softened (seen through two panes), darkened by the glass and the cabin (`through`: the share of
 * it that passes), with a faint reflection of the scene's sky or ceiling on the glass.
 */
function drawGlass(
  canvas: Canvas,
  scene: Buffer,
  placed: Placed,
  glass: Buffer,
  sky: [number, number, number],
  through: number,
): Promise<void> {
  return overGlass(canvas, scene, placed, glass, 150, (car, behind, k, g) => {
    const a = g * 0.92;
    return Math.round(car * (1 - a) + (behind * through + sky[k] * 0.08) * a);
  });
}

/**
 * A studio pane's weight: the found pane (image-sized 0/255) blurred by 0.8 px at its edge, and faded in
 * over PANE_FADE of the car's height inside it. The found part of a windscreen is ragged where its rim's
 * glare or a reflection failed the colour tests (the grey Mustang's, by its top edge and A-pillar): relit
 * up to that edge at full strength, the ragged line stood out against the rim's booth-lit strip ("a
 * blotch with ragged edges", session 17). Never wider than the 0.8 px blur: the frame stays the car's own.
 */
async function paneFade(map: Uint8Array, w: number, h: number, carH: number): Promise<Uint8Array> {
  const [edge, soft] = await Promise.all(
    [0.8, Math.max(0.8, carH * PANE_FADE)].map(
      async (sigma) => (await greyOp(map, w, h, (s) => s.blur(sigma))).data,
    ),
  );
  return edge.map((v, i) => Math.min(v, soft[i]));
}

/** The distance (a Gaussian's sigma, as a share of the car's height) over which a relit pane fades in. */
const PANE_FADE = 0.015;

/** The share of the room's hue a relit studio pane takes on (its level it takes whole). The cabin seen
 * through a windscreen is lit by the whole room, not by the patch of wall straight behind it, and what
 * the far windows show of that wall passes two panes of green-grey glass: taken whole, the luxury
 * showroom's wood slats turned the grey Mustang's windscreen a flat tan-brown ("a brown blotch", session
 * 17). */
const PANE_HUE = 0.3;

/**
 * Panes through which the photo's plain studio backdrop shows (studioGlass): each pixel is scaled, per
 * channel, by what the new scene shows behind it over what the old backdrop showed (`seen`, graded as the car
 * is). Glass passes a share of the light behind it, so the backdrop seen through a pane becomes the scene
 * seen through the same pane, and what stands in front of the backdrop inside the car (headrests, seats, a
 * sticker) keeps its detail and is lit down or up with it, as the cabin would be by the new room. Replacing
 * the pane outright (drawGlass) left a flat fill where the cabin had been ("flat grey windows"). The scene
 * behind is blurred by a twentieth of the crop's smaller side: at a sixtieth, the edge of the luxury
 * showroom's wood slats behind the grey Mustang's windscreen split it in a hard seam, pale beside brown
 * (session 16); what a pane shows of the room lies metres behind the cabin, far out of focus.
 */
function relightPanes(
  canvas: Canvas,
  scene: Buffer,
  placed: Placed,
  panes: Buffer,
  seen: [number, number, number],
): Promise<void> {
  // The level follows the room behind, its hue only in part (PANE_HUE): each channel's gain is drawn
  // toward the room's luma over the backdrop's.
  const seenLuma = Math.max(8, lumaAt(Uint8Array.from(seen, Math.round), 0));
  return overGlass(canvas, scene, placed, panes, 20, (car, behind, k, a, behindLuma) => {
    const level = behindLuma / seenLuma;
    const own = behind / Math.max(8, seen[k]);
    const gain = Math.min(1.5, level + PANE_HUE * (own - level));
    return Math.min(255, Math.round(car * (1 - a + a * gain)));
  });
}
