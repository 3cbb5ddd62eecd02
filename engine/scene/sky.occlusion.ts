/**
 * How much of the sky (or a room's ceiling and walls) a car hides from each point of the floor around it: the
 * drawn occlusion shadow under and around the car when the photo's own shadow cannot be read (photo.shadow.ts).
 *
 * Real turntable photos (24 Carvana, true masks) show the floor under the sills between the wheels at 0.30 of
 * the open floor's encoded level a quarter of the way down from the sill, 0.43 three quarters down and 0.61 on
 * the ground line; the earlier drawn band (a fixed darkness fading over 4-7 % of the car's height, blurred
 * into the car) left 0.84, 0.64 and 0.69 there: reviewers' "the car floats". Those figures are what a floor
 * under a box sees of a uniformly bright sky (docs/decisions/0010): the car is taken as a box from its
 * sill height to its beltline (above it the cabin is narrower and largely glass), as long as the silhouette
 * and as deep as a car is wide, and each floor point keeps the share of the sky's cosine-weighted light that
 * the box does not hide. Lambert's contour formula gives that share exactly for a polygon, so each point
 * costs a few dozen arithmetic operations and the map is computed on cells of 1/80 of the car's height.
 */

/** Car heights; a car is about 1.25 of its height wide and 3 long. */
export const CAR_WIDTH = 1.25;
const LENGTH = 3;
/** The beltline: the body below it is the full width of the car; the cabin above is narrower glass. */
const BELTLINE = 0.65;
/**
 * A car's corners are rounded in plan (about 15 cm): the box's full width starts that far inside each end of
 * the silhouette. Taken square to the bumpers, the floor beyond the ends lost 0.12 of its light at 1 % of the
 * car's height out (0.88 of the floor further out; real photos 0.95).
 */
const ROUNDED = 0.1;
/** The tyres' contact line lies inside the body's side (the tread's middle, about 10 cm in). */
const INSET = 0.07;
/**
 * Image rows per car height of floor depth, as a share of rows per car height upright: the floor's
 * foreshortening for a camera about 15 degrees above the car (a floor point a car height further back lies
 * a quarter of a car height higher in the picture). Fitted with the sill profile of the real photos: 0.2-0.3
 * fit about equally (0.1 and 0.4 do not).
 */
const FORESHORTEN = 0.25;

/** Cosine-weighted share of the upper hemisphere a planar polygon covers, seen from `p` on the floor. */
function viewFactor(p: [number, number, number], poly: [number, number, number][]): number {
  let sum = 0;
  const n = poly.length;
  for (let i = 0; i < n; i++) {
    const a = poly[i];
    const b = poly[(i + 1) % n];
    const ax = a[0] - p[0];
    const ay = a[1] - p[1];
    const az = a[2] - p[2];
    const bx = b[0] - p[0];
    const by = b[1] - p[1];
    const bz = b[2] - p[2];
    const la = Math.hypot(ax, ay, az);
    const lb = Math.hypot(bx, by, bz);
    // The normal's (y) component of the unit cross product, times the angle the edge subtends.
    const cy = az * bx - ax * bz;
    const cx = ay * bz - az * by;
    const cz = ax * by - ay * bx;
    const cn = Math.hypot(cx, cy, cz);
    if (cn < 1e-12) continue;
    const cos = Math.max(-1, Math.min(1, (ax * bx + ay * by + az * bz) / (la * lb)));
    sum += (Math.acos(cos) * cy) / cn;
  }
  return Math.abs(sum) / (2 * Math.PI);
}

/**
 * Share of the sky's light a box [0, L] x [bottom, top] x [0, D] (x along the car, y up, z away from the
 * camera) hides from the floor point (x, 0, z): the view factors of the faces the point sees (a convex box's
 * faces do not overlap as seen from outside it).
 */
export function boxOcclusion(
  x: number,
  z: number,
  box: { length: number; depth: number; bottom: number; top: number },
): number {
  const { length: L, depth: D, bottom: b, top: t } = box;
  const p: [number, number, number] = [x, 0, z];
  let f = viewFactor(p, [
    [0, b, 0],
    [L, b, 0],
    [L, b, D],
    [0, b, D],
  ]);
  if (z < 0)
    f += viewFactor(p, [
      [0, b, 0],
      [L, b, 0],
      [L, t, 0],
      [0, t, 0],
    ]);
  if (z > D)
    f += viewFactor(p, [
      [0, b, D],
      [L, b, D],
      [L, t, D],
      [0, t, D],
    ]);
  if (x < 0)
    f += viewFactor(p, [
      [0, b, 0],
      [0, b, D],
      [0, t, D],
      [0, t, 0],
    ]);
  if (x > L)
    f += viewFactor(p, [
      [L, b, 0],
      [L, b, D],
      [L, t, D],
      [L, t, 0],
    ]);
  return Math.min(1, f);
}

export interface SkyOcclusion {
  /** Share of the sky hidden, 0..255, per cell of `cell` canvas pixels from (x0, y0). */
  dark: Uint8Array;
  gw: number;
  gh: number;
  x0: number;
  y0: number;
  cell: number;
}

/**
 * How far the map reaches from the car, in car heights of the picture: beyond its ends, in front of its
 * ground line, and above its sill's row. In front the box hides 2-5 % of the sky at that reach, which
 * `skyOcclusion` eases to nothing along the field's own contours. Beyond the ends and above the sill the
 * darkness is faded over the whole reach (eased): a box's flat end hides more than a car's rounded one, real
 * floors beside a car's ends show no fading shadow (0.955-0.966 of the floor further down at 1-20 % of the
 * car's height out, docs/decisions/0010 session 15), and far above the ground line the picture shows the
 * kerb, a hedge or a wall behind the car, not floor.
 */
const REACH = { beside: 0.35, below: 0.45, above: 0.15 };

/**
 * The floor's occlusion around a placed car, on canvas cells: `x0`..`x1` the car's columns, `ground(x)` the
 * row its tyres stand on in column x (held level past the outer wheels), `sill` the body's height above that
 * line in pixels, `carH` the car's height in pixels. Rows above the ground line are floor further back: under
 * the car (darker than the sill's row, so an upscaled map has no light seam along the sill), then behind it.
 * The map fades to nothing before its own edges along the field's own contours (see below).
 */
export function skyOcclusion(
  x0: number,
  x1: number,
  ground: (x: number) => number,
  sill: number,
  carH: number,
  W: number,
  H: number,
): SkyOcclusion | null {
  const cell = Math.max(2, Math.round(carH / 80));
  const lengthPx = Math.max(1, x1 - x0);
  const L = lengthPx / carH;
  // Seen end-on a car's silhouette is its width and its depth its length; seen from the side the other way
  // round; between the two (3/4 views) the depth follows the silhouette's length.
  const along = Math.max(0, Math.min(1, (L - CAR_WIDTH) / (LENGTH - CAR_WIDTH)));
  const box = {
    length: Math.max(0.5, L - 2 * ROUNDED),
    depth: LENGTH + (CAR_WIDTH - LENGTH) * along,
    bottom: Math.max(0.02, Math.min(0.4, sill / carH)),
    top: BELTLINE,
  };
  const reachX = Math.round(REACH.beside * carH);
  const below = Math.round(REACH.below * carH);
  const above = REACH.above * carH;
  let gTop = Infinity;
  let gBottom = -Infinity;
  for (let x = x0; x <= x1; x++) {
    gTop = Math.min(gTop, ground(x));
    gBottom = Math.max(gBottom, ground(x));
  }
  const cx0 = Math.max(0, x0 - reachX);
  const cy0 = Math.max(0, Math.floor(gTop - sill - above - cell));
  const gw = Math.ceil((Math.min(W, x1 + reachX + 1) - cx0) / cell);
  const gh = Math.ceil((Math.min(H, gBottom + below + 1) - cy0) / cell);
  if (gw < 2 || gh < 2) return null;
  const field = new Float32Array(gw * gh);
  const fade = new Float32Array(gw * gh);
  for (let gx = 0; gx < gw; gx++) {
    const px = cx0 + (gx + 0.5) * cell;
    const g = ground(Math.round(Math.min(x1, Math.max(x0, px))));
    const x = (px - x0) / carH - ROUNDED;
    const beside = Math.max(0, x0 - px, px - x1) / reachX;
    for (let gy = 0; gy < gh; gy++) {
      const py = cy0 + (gy + 0.5) * cell;
      // Rows above the ground line show floor further back (under the car, then behind it); rows below it,
      // floor in front of the car.
      const z = INSET + (g - py) / (FORESHORTEN * carH);
      field[gy * gw + gx] = boxOcclusion(x, z, box);
      // Faded out beyond the ends and above the sill by the distance from the corner between them, so the
      // fade's contours are round there rather than the sides of a rectangle.
      const t = 1 - Math.min(1, Math.hypot(beside, Math.max(0, g - sill - py) / above));
      fade[gy * gw + gx] = t * t * (3 - 2 * t);
    }
  }
  // In front the map ends at a row where the box still hides a few per cent of the sky: cut there (or faded
  // over a band of rows, as until session 19) the darkness took the rectangle's straight edge, and above the
  // sill's row every row repeated it up to the map's top (a rectangle of darker road round every street car:
  // blinded review, sessions 18-19). Instead the field is eased to nothing below the most it reaches on the
  // map's bottom row (unless that row is the canvas's, where nothing shows), between that level and twice it:
  // that fade follows the field's own contours, and with the fade above (zero at the sides and the top) the
  // map is zero at its bounds.
  let edge = 0;
  if (cy0 + gh * cell < H) for (let gx = 0; gx < gw; gx++) edge = Math.max(edge, field[(gh - 1) * gw + gx]);
  const dark = new Uint8Array(gw * gh);
  for (let i = 0; i < field.length; i++) {
    const v = field[i];
    const t = edge > 0 ? Math.max(0, Math.min(1, (v - edge) / edge)) : 1;
    dark[i] = Math.round(Math.min(1, v * t * t * (3 - 2 * t) * fade[i]) * 255);
  }
  return { dark, gw, gh, x0: cx0, y0: cy0, cell };
}
