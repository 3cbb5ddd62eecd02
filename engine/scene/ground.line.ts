/**
 * The ground under the car, per column in crop pixels (-1 outside the car). `hull`: the lower hull of the
 * silhouette's bottom profile (y grows downwards), the line the car rests on. `floor`: the wheel-to-wheel
 * segment continued under the overhangs. The hull rises from the outer tyres to the bumper corners, and a
 * floor drawn along it lays the occlusion, the footprint pools and the reflection's axis up against the
 * bumper (a grey slab hanging under the exhaust, a bumper resting on its own reflection). The wheel-to-wheel
 * segment is the hull's longest; where it spans less than a third of the car (seen end-on) floor = hull.
 */
export function groundLines(
  a: Uint8Array | Buffer,
  w: number,
  h: number,
): { hull: number[]; floor: number[] } {
  const bottom: number[] = new Array(w).fill(-1);
  for (let x = 0; x < w; x++) {
    for (let y = h - 1; y >= 0; y--) {
      if (a[y * w + x] >= 128) {
        bottom[x] = y;
        break;
      }
    }
  }
  const pts: [number, number][] = [];
  for (let x = 0; x < w; x++) if (bottom[x] >= 0) pts.push([x, bottom[x]]);
  if (!pts.length) return { hull: bottom, floor: bottom };
  // Monotone chain keeping the hull that bounds the points from below (max y side).
  const hull: [number, number][] = [];
  for (const p of pts) {
    while (hull.length >= 2) {
      const [ax, ay] = hull[hull.length - 2];
      const [bx, by] = hull[hull.length - 1];
      const cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax);
      if (cross >= 0) hull.pop();
      else break;
    }
    hull.push(p);
  }
  const first = pts[0][0];
  const last = pts[pts.length - 1][0];
  const along = (p: [number, number], q: [number, number], x: number): number =>
    q[0] === p[0] ? Math.max(p[1], q[1]) : Math.round(p[1] + ((q[1] - p[1]) * (x - p[0])) / (q[0] - p[0]));
  const line: number[] = new Array(w).fill(-1);
  let j = 0;
  for (let x = first; x <= last; x++) {
    while (j < hull.length - 2 && hull[j + 1][0] < x) j++;
    line[x] = along(hull[j], hull[Math.min(j + 1, hull.length - 1)], x);
  }
  let k = 0;
  for (let i = 1; i < hull.length - 1; i++)
    if (hull[i + 1][0] - hull[i][0] > hull[k + 1][0] - hull[k][0]) k = i;
  if (hull.length < 2 || hull[k + 1][0] - hull[k][0] < (last - first) / 3) return { hull: line, floor: line };
  // Beyond the segment's lower end (the near wheel of a 3/4 view) the extension is held at that wheel's row:
  // continued down its slope it ran under the whole front or rear face, toward the camera, and every bumper
  // pixel there stood that high above a floor that is not there (a cast shadow thrown across the foreground
  // as a long dark band). Seen from the side the segment is level, and this changes nothing.
  const lowAtLeft = hull[k][1] > hull[k + 1][1];
  const lowRow = Math.max(hull[k][1], hull[k + 1][1]);
  const floor = line.slice();
  for (let x = first; x <= last; x++) {
    if (x >= hull[k][0] && x <= hull[k + 1][0]) continue;
    const beyondLow = lowAtLeft ? x < hull[k][0] : x > hull[k + 1][0];
    floor[x] = Math.max(line[x], beyondLow ? lowRow : along(hull[k], hull[k + 1], x));
  }
  return { hull: line, floor };
}
