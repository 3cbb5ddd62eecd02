// SVG building blocks for the procedural scenes. Every function returns an SVG fragment in canvas pixels;
// gradients and filters are registered in ctx.defs. Randomness comes only from ctx.r (seeded).

export interface DrawContext {
  w: number;
  h: number;
  r: () => number;
  defs: string[];
  id: number;
  /** Cloud layer image (data URI) drawn right over the sky, behind everything else. */
  clouds?: string;
}

type Stop = [number, string, number?];

const f = (v: number): string => (Math.round(v * 10) / 10).toString();

function uid(ctx: DrawContext, prefix: string): string {
  ctx.id++;
  return `${prefix}${ctx.id}`;
}

/** Vertical (default) or horizontal linear gradient; returns `url(#id)`. */
export function lin(ctx: DrawContext, stops: Stop[], horizontal = false): string {
  const id = uid(ctx, 'g');
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
    .join('');
  ctx.defs.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}">${s}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** Radial gradient centred in the shape's box; returns `url(#id)`. */
export function rad(ctx: DrawContext, stops: Stop[]): string {
  const id = uid(ctx, 'r');
  const s = stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a ?? 1}"/>`)
    .join('');
  ctx.defs.push(`<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">${s}</radialGradient>`);
  return `url(#${id})`;
}

/** Gaussian blur filter with a std-dev in pixels; returns `url(#id)`. */
export function blur(ctx: DrawContext, sd: number): string {
  const id = uid(ctx, 'b');
  ctx.defs.push(
    `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(sd)}"/></filter>`,
  );
  return `url(#${id})`;
}

export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${f(x)}" y="${f(y)}" width="${f(Math.max(0, w))}" height="${f(Math.max(0, h))}" fill="${fill}" ${extra}/>`;
}

export function poly(points: [number, number][], fill: string, extra = ''): string {
  return `<polygon points="${points.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}" ${extra}/>`;
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}" ${extra}/>`;
}

/** Full-width sky gradient from the top to the horizon (and below, hidden by the ground). */
export function sky(ctx: DrawContext, stops: Stop[]): string {
  const clouds = ctx.clouds
    ? `<image href="${ctx.clouds}" x="0" y="0" width="${ctx.w}" height="${ctx.h}" preserveAspectRatio="none"/>`
    : '';
  return rect(0, 0, ctx.w, ctx.h, lin(ctx, stops)) + clouds;
}

/** Sun or moon disc with a soft glow. */
export function sun(
  ctx: DrawContext,
  x: number,
  y: number,
  radius: number,
  core: string,
  glow: string,
): string {
  const g = rad(ctx, [
    [0, glow, 0.9],
    [0.25, glow, 0.45],
    [1, glow, 0],
  ]);
  return ellipse(x, y, radius * 7, radius * 7, g) + ellipse(x, y, radius, radius, core);
}

export function stars(ctx: DrawContext, count: number, maxY: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const s = 0.4 + ctx.r() * 1.3;
    out += ellipse(ctx.r() * ctx.w, ctx.r() * maxY, s, s, '#ffffff', `opacity="${f(0.3 + ctx.r() * 0.7)}"`);
  }
  return out;
}

/** Jagged ridge line by midpoint displacement, filled down to the bottom. */
export function ridge(
  ctx: DrawContext,
  baseY: number,
  amplitude: number,
  fill: string,
  roughness = 0.55,
  snow?: string,
): string {
  const n = 64;
  const ys = new Array<number>(n + 1).fill(0);
  ys[0] = ctx.r();
  ys[n] = ctx.r();
  let step = n;
  let amp = 1;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < n; i += step) ys[i] = (ys[i - half] + ys[i + half]) / 2 + (ctx.r() - 0.5) * amp;
    step = half;
    amp *= roughness;
  }
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const pts: [number, number][] = ys.map((v, i) => [
    (i / n) * ctx.w,
    baseY - ((v - min) / (max - min || 1)) * amplitude,
  ]);
  let out = poly([...pts, [ctx.w, ctx.h], [0, ctx.h]], fill);
  if (snow) {
    // Snow caps: only the high parts of the ridge, a band that follows the ridge line downwards and
    // thins out towards the snow line.
    const line = baseY - amplitude * 0.45;
    const cap = pts.map(([x, y]) => {
      const depth = Math.max(0, line - y);
      return [x, y + Math.min(depth, amplitude * 0.22) * (0.75 + 0.25 * Math.sin(x * 0.05))] as [
        number,
        number,
      ];
    });
    out += poly([...pts, ...cap.reverse()], snow, 'opacity="0.92"');
  }
  return out;
}

/** Flat or gradient band from y0 to the bottom of the canvas. */
export function ground(ctx: DrawContext, y0: number, stops: Stop[]): string {
  return rect(0, y0, ctx.w, ctx.h - y0, lin(ctx, stops));
}

/** A road in perspective from a vanishing point at the horizon to the bottom edge, with lane marks. */
export function road(
  ctx: DrawContext,
  horizon: number,
  color: string,
  edge: string,
  marks: string | null,
  spread = 1.6,
): string {
  const vx = ctx.w * 0.5;
  const bw = ctx.w * spread;
  let out = poly(
    [
      [vx - ctx.w * 0.02, horizon],
      [vx + ctx.w * 0.02, horizon],
      [vx + bw / 2, ctx.h],
      [vx - bw / 2, ctx.h],
    ],
    color,
  );
  // Edge lines.
  for (const side of [-1, 1]) {
    out += poly(
      [
        [vx + side * ctx.w * 0.018, horizon],
        [vx + side * ctx.w * 0.02, horizon],
        [vx + (side * bw) / 2, ctx.h],
        [vx + (side * bw * 0.96) / 2, ctx.h],
      ],
      edge,
      'opacity="0.8"',
    );
  }
  if (marks) {
    // Dashed centre line, dashes longer towards the viewer.
    let t = 0.02;
    while (t < 1) {
      const t1 = Math.min(1, t + 0.04 + t * 0.12);
      const y0 = horizon + (ctx.h - horizon) * t;
      const y1 = horizon + (ctx.h - horizon) * t1;
      const w0 = ctx.w * 0.002 + t * ctx.w * 0.012;
      const w1 = ctx.w * 0.002 + t1 * ctx.w * 0.012;
      out += poly(
        [
          [vx - w0, y0],
          [vx + w0, y0],
          [vx + w1, y1],
          [vx - w1, y1],
        ],
        marks,
        'opacity="0.85"',
      );
      t = t1 + 0.03 + t * 0.1;
    }
  }
  return out;
}

/** City skyline of boxes with window grids; lit windows at night. */
export function skyline(
  ctx: DrawContext,
  baseY: number,
  minH: number,
  maxH: number,
  colors: string[],
  windows: { color: string; chance: number; opacity: number } | null,
  widthRange: [number, number] = [0.04, 0.1],
): string {
  let out = '';
  let x = -ctx.r() * ctx.w * 0.05;
  while (x < ctx.w) {
    const bw = ctx.w * (widthRange[0] + ctx.r() * (widthRange[1] - widthRange[0]));
    const bh = minH + ctx.r() * (maxH - minH);
    const col = colors[Math.floor(ctx.r() * colors.length)];
    out += rect(x, baseY - bh, bw, bh + 2, col);
    if (windows) {
      const cw = Math.max(2, bw / 9);
      const ch = Math.max(2, cw * 1.3);
      for (let wy = baseY - bh + ch; wy < baseY - ch; wy += ch * 2) {
        for (let wx = x + cw; wx < x + bw - cw; wx += cw * 2) {
          if (ctx.r() < windows.chance)
            out += rect(wx, wy, cw, ch, windows.color, `opacity="${windows.opacity}"`);
        }
      }
    }
    x += bw + ctx.w * 0.004 * ctx.r();
  }
  return out;
}

/** Glass towers reflecting the sky, with mullions. */
export function towers(
  ctx: DrawContext,
  baseY: number,
  count: number,
  skyTop: string,
  skyLow: string,
): string {
  let out = '';
  const glass = lin(ctx, [
    [0, skyLow],
    [0.5, skyTop],
    [1, '#2c3e50'],
  ]);
  const side = lin(
    ctx,
    [
      [0, '#1b2a38'],
      [1, '#3a5068'],
    ],
    true,
  );
  for (let i = 0; i < count; i++) {
    const bw = ctx.w * (0.08 + ctx.r() * 0.08);
    const x = (i / count) * ctx.w + (ctx.r() - 0.5) * ctx.w * 0.05;
    const top = ctx.h * (0.02 + ctx.r() * 0.25);
    out += rect(x, top, bw, baseY - top, glass, 'stroke="#1d2b3a" stroke-width="1"');
    out += rect(x + bw, top + 6, bw * 0.25, baseY - top - 6, side);
    const step = bw / 6;
    for (let m = x + step; m < x + bw; m += step)
      out += rect(m, top, 1.2, baseY - top, '#22313f', 'opacity="0.5"');
    for (let y = top + step * 1.2; y < baseY; y += step * 1.2)
      out += rect(x, y, bw, 1, '#22313f', 'opacity="0.35"');
  }
  return out;
}

/** Rows of conifers (triangles), optionally snow-dusted. */
export function conifers(
  ctx: DrawContext,
  baseY: number,
  count: number,
  size: number,
  color: string,
  snow?: string,
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = ctx.r() * ctx.w;
    const hgt = size * (0.6 + ctx.r() * 0.8);
    const wdt = hgt * 0.38;
    const y = baseY + ctx.r() * size * 0.15;
    for (let k = 0; k < 3; k++) {
      const ty = y - hgt + (k * hgt) / 4;
      const bw = wdt * (0.55 + k * 0.25);
      const by = y - hgt * 0.15 - ((2 - k) * hgt) / 5;
      out += poly(
        [
          [x, ty],
          [x + bw, by],
          [x - bw, by],
        ],
        color,
      );
      if (snow)
        out += poly(
          [
            [x, ty],
            [x + bw * 0.45, ty + (by - ty) * 0.45],
            [x - bw * 0.45, ty + (by - ty) * 0.45],
          ],
          snow,
        );
    }
    out += rect(x - wdt * 0.06, y - hgt * 0.18, wdt * 0.12, hgt * 0.18, '#3b2a1e');
  }
  return out;
}

/** Deciduous tree crowns (clustered ellipses) on trunks. */
export function roundTrees(
  ctx: DrawContext,
  baseY: number,
  count: number,
  size: number,
  greens: string[],
): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = ctx.r() * ctx.w;
    const s = size * (0.7 + ctx.r() * 0.6);
    out += rect(x - s * 0.05, baseY - s * 0.8, s * 0.1, s * 0.8, '#4a3626');
    for (let k = 0; k < 5; k++) {
      out += ellipse(
        x + (ctx.r() - 0.5) * s * 0.7,
        baseY - s * (0.95 + ctx.r() * 0.5),
        s * (0.3 + ctx.r() * 0.2),
        s * (0.28 + ctx.r() * 0.15),
        greens[Math.floor(ctx.r() * greens.length)],
      );
    }
  }
  return out;
}

/** Sea from the horizon down to `bottom`, with a glitter path under the sun. */
export function sea(
  ctx: DrawContext,
  horizon: number,
  bottom: number,
  far: string,
  near: string,
  glitterX: number | null,
  glitter = '#ffffff',
): string {
  let out = rect(
    0,
    horizon,
    ctx.w,
    bottom - horizon,
    lin(ctx, [
      [0, far],
      [1, near],
    ]),
  );
  for (let i = 0; i < 140; i++) {
    const t = ctx.r();
    const y = horizon + (bottom - horizon) * t * t;
    const len = ctx.w * (0.01 + t * 0.05) * (0.5 + ctx.r());
    const x =
      glitterX !== null && ctx.r() < 0.6
        ? glitterX + (ctx.r() - 0.5) * ctx.w * (0.05 + t * 0.25)
        : ctx.r() * ctx.w;
    out += rect(x - len / 2, y, len, 1 + t * 2, glitter, `opacity="${f(0.15 + ctx.r() * 0.35)}"`);
  }
  return out;
}

/** Streaks of falling rain over the whole canvas. */
export function rain(ctx: DrawContext, count: number, opacity = 0.35): string {
  let out = `<g stroke="#dfe8f2" stroke-width="${f(Math.max(1, ctx.w / 1400))}" opacity="${opacity}">`;
  for (let i = 0; i < count; i++) {
    const x = ctx.r() * ctx.w * 1.1;
    const y = ctx.r() * ctx.h;
    const len = ctx.h * (0.02 + ctx.r() * 0.04);
    out += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - len * 0.18)}" y2="${f(y + len)}"/>`;
  }
  return out + '</g>';
}

export function snowfall(ctx: DrawContext, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const s = (0.6 + ctx.r() * 2.2) * (ctx.w / 1600);
    out += ellipse(ctx.r() * ctx.w, ctx.r() * ctx.h, s, s, '#ffffff', `opacity="${f(0.5 + ctx.r() * 0.5)}"`);
  }
  return out;
}

/** Haze that is densest around the horizon band. */
export function fog(
  ctx: DrawContext,
  centerY: number,
  spread: number,
  color: string,
  opacity: number,
): string {
  const g = lin(ctx, [
    [0, color, 0],
    [Math.max(0, centerY - spread) / ctx.h, color, opacity * 0.5],
    [centerY / ctx.h, color, opacity],
    [Math.min(1, (centerY + spread) / ctx.h), color, opacity * 0.55],
    [1, color, opacity * 0.25],
  ]);
  return rect(0, 0, ctx.w, ctx.h, g);
}

/** Out-of-focus light discs (city lights, party lights, flashes). */
export function bokeh(
  ctx: DrawContext,
  count: number,
  colors: string[],
  y0: number,
  y1: number,
  size: number,
): string {
  const b = blur(ctx, size * 0.12);
  let out = `<g filter="${b}">`;
  for (let i = 0; i < count; i++) {
    const s = size * (0.4 + ctx.r() * 0.9);
    out += ellipse(
      ctx.r() * ctx.w,
      y0 + ctx.r() * (y1 - y0),
      s,
      s,
      colors[Math.floor(ctx.r() * colors.length)],
      `opacity="${f(0.25 + ctx.r() * 0.5)}"`,
    );
  }
  return out + '</g>';
}

/** A cone of light from a ceiling point to a floor ellipse. */
export function spotCone(
  ctx: DrawContext,
  x: number,
  top: number,
  floorY: number,
  spread: number,
  color: string,
  opacity: number,
): string {
  const g = lin(ctx, [
    [0, color, opacity],
    [1, color, opacity * 0.15],
  ]);
  const bl = blur(ctx, spread * 0.08);
  return (
    `<g filter="${bl}">` +
    poly(
      [
        [x - spread * 0.04, top],
        [x + spread * 0.04, top],
        [x + spread / 2, floorY],
        [x - spread / 2, floorY],
      ],
      g,
    ) +
    ellipse(x, floorY, spread / 2, spread * 0.07, color, `opacity="${f(opacity * 0.9)}"`) +
    '</g>'
  );
}

/** Glossy floor sheen: a soft light band plus a faint tile grid in perspective. */
export function tiles(ctx: DrawContext, y0: number, color: string, opacity: number, columns = 14): string {
  let out = `<g stroke="${color}" stroke-width="${f(Math.max(1, ctx.w / 1600))}" opacity="${opacity}">`;
  const vx = ctx.w / 2;
  const vy = y0 - (ctx.h - y0) * 1.2;
  for (let i = -columns; i <= columns; i++) {
    const bx = vx + (i / columns) * ctx.w * 1.6;
    const t = (y0 - vy) / (ctx.h - vy);
    out += `<line x1="${f(vx + (bx - vx) * t)}" y1="${f(y0)}" x2="${f(bx)}" y2="${f(ctx.h)}"/>`;
  }
  let y = y0;
  let step = (ctx.h - y0) * 0.05;
  while (y < ctx.h) {
    out += `<line x1="0" y1="${f(y)}" x2="${ctx.w}" y2="${f(y)}"/>`;
    y += step;
    step *= 1.35;
  }
  return out + '</g>';
}

/** Row of recessed ceiling downlights with glow. */
export function downlights(
  ctx: DrawContext,
  y: number,
  count: number,
  size: number,
  color = '#fff6e0',
): string {
  const g = rad(ctx, [
    [0, color, 1],
    [0.3, color, 0.5],
    [1, color, 0],
  ]);
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) / count) * ctx.w;
    out += ellipse(x, y, size * 3, size * 1.4, g) + ellipse(x, y, size, size * 0.35, '#ffffff');
  }
  return out;
}

/** Simple house: walls, pitched roof, windows and a door. */
export function house(
  ctx: DrawContext,
  x: number,
  baseY: number,
  w: number,
  h: number,
  wall: string,
  roof: string,
): string {
  let out = rect(x, baseY - h, w, h, wall);
  out += poly(
    [
      [x - w * 0.06, baseY - h],
      [x + w / 2, baseY - h - h * 0.55],
      [x + w * 1.06, baseY - h],
    ],
    roof,
  );
  const ww = w * 0.16;
  for (const wx of [0.12, 0.42, 0.72]) {
    for (const wy of [0.2, 0.58]) {
      if (wx === 0.42 && wy === 0.58) continue;
      out += rect(
        x + w * wx,
        baseY - h + h * wy,
        ww,
        h * 0.22,
        '#9fb7c9',
        'stroke="#ffffff" stroke-width="2"',
      );
    }
  }
  out += rect(x + w * 0.43, baseY - h * 0.42, w * 0.14, h * 0.42, '#6b4a33');
  return out;
}

/** Apartment block with balconies. */
export function apartment(
  ctx: DrawContext,
  x: number,
  baseY: number,
  w: number,
  h: number,
  wall: string,
): string {
  let out = rect(x, baseY - h, w, h, wall);
  const floors = Math.max(3, Math.round(h / (w * 0.16)));
  const fh = h / floors;
  for (let i = 0; i < floors; i++) {
    const y = baseY - h + i * fh;
    for (let k = 0; k < 4; k++) {
      const wx = x + w * (0.06 + k * 0.24);
      out += rect(wx, y + fh * 0.2, w * 0.16, fh * 0.5, '#7f98ab', 'stroke="#e8e4dc" stroke-width="1.5"');
    }
    if (i > 0) out += rect(x - w * 0.01, y + fh * 0.72, w * 1.02, fh * 0.08, '#d5d0c6');
  }
  return out;
}

/** Palm tree: curved trunk and fronds. */
export function palm(ctx: DrawContext, x: number, baseY: number, h: number): string {
  const lean = (ctx.r() - 0.5) * h * 0.3;
  const tx = x + lean;
  const ty = baseY - h;
  let out = `<path d="M${f(x)},${f(baseY)} Q${f(x + lean * 0.2)},${f(baseY - h * 0.5)} ${f(tx)},${f(ty)}" stroke="#6b5133" stroke-width="${f(h * 0.045)}" fill="none"/>`;
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2;
    const ex = tx + Math.cos(a) * h * 0.32;
    const ey = ty + Math.sin(a) * h * 0.12 + h * 0.08;
    out += `<path d="M${f(tx)},${f(ty)} Q${f((tx + ex) / 2)},${f(ty - h * 0.08)} ${f(ex)},${f(ey)}" stroke="#2f6b2f" stroke-width="${f(h * 0.035)}" fill="none" stroke-linecap="round"/>`;
  }
  return out;
}

/** Sailing yacht silhouette: hull, cabin, mast. */
export function yacht(x: number, waterY: number, s: number): string {
  return (
    poly(
      [
        [x - s, waterY - s * 0.25],
        [x + s * 1.1, waterY - s * 0.25],
        [x + s * 0.85, waterY],
        [x - s * 0.8, waterY],
      ],
      '#f7f7f5',
    ) +
    rect(x - s * 0.5, waterY - s * 0.45, s * 0.9, s * 0.2, '#e9ecef') +
    rect(x - s * 0.3, waterY - s * 0.41, s * 0.5, s * 0.08, '#5b7083') +
    rect(x - s * 0.02, waterY - s * 2.2, s * 0.03, s * 1.95, '#d9dde1')
  );
}

/** Business jet side silhouette. */
export function jet(x: number, groundY: number, s: number, color: string): string {
  const body = `<path d="M${f(x)},${f(groundY - s * 0.55)} q${f(s * 0.15)},${f(-s * 0.2)} ${f(s * 0.6)},${f(-s * 0.22)} l${f(s * 2.6)},0 q${f(s * 0.4)},0 ${f(s * 0.7)},${f(-s * 0.5)} l${f(s * 0.25)},0 l${f(-s * 0.1)},${f(s * 0.6)} q${f(-s * 0.3)},${f(s * 0.25)} ${f(-s * 0.9)},${f(s * 0.28)} l${f(-s * 2.6)},0 q${f(-s * 0.5)},0 ${f(-s * 0.65)},${f(-s * 0.16)}z" fill="${color}"/>`;
  const wing = poly(
    [
      [x + s * 1.6, groundY - s * 0.5],
      [x + s * 2.4, groundY - s * 0.5],
      [x + s * 1.7, groundY - s * 0.25],
      [x + s * 1.2, groundY - s * 0.25],
    ],
    '#c9ced3',
  );
  let windows = '';
  for (let i = 0; i < 7; i++)
    windows += ellipse(x + s * (0.9 + i * 0.3), groundY - s * 0.68, s * 0.06, s * 0.05, '#3c4a57');
  const gear =
    rect(x + s * 0.7, groundY - s * 0.3, s * 0.05, s * 0.28, '#555') +
    ellipse(x + s * 0.72, groundY - s * 0.05, s * 0.07, s * 0.07, '#222') +
    rect(x + s * 2.4, groundY - s * 0.3, s * 0.05, s * 0.28, '#555') +
    ellipse(x + s * 2.42, groundY - s * 0.05, s * 0.07, s * 0.07, '#222');
  return body + wing + windows + gear;
}

/** Soft cumulus cloud: overlapping blurred puffs. */
export function cloud(ctx: DrawContext, x: number, y: number, size: number, opacity = 0.85): string {
  const b = blur(ctx, size * 0.12);
  let out = `<g filter="${b}" opacity="${opacity}">`;
  for (let i = 0; i < 9; i++) {
    const px = x + (ctx.r() - 0.5) * size * 1.6;
    const py = y + (ctx.r() - 0.7) * size * 0.35;
    const s = size * (0.25 + ctx.r() * 0.3);
    out += ellipse(px, py, s, s * 0.7, '#ffffff');
  }
  out += ellipse(x, y + size * 0.12, size * 0.95, size * 0.18, '#e9eef3');
  return out + '</g>';
}

/**
 * SVG of a wispy cloud layer from fractal noise (librsvg feTurbulence): white with soft alpha over the
 * sky band down to `bottom` (fraction of height), fading towards the horizon. Rendered small and scaled up
 * by the scene renderer (noise is expensive per pixel and clouds are soft anyway).
 */
export function cloudLayerSvg(w: number, h: number, bottom: number, cover: number, seed: number): string {
  const fx = (2.2 / w).toFixed(5);
  const fy = (7 / h).toFixed(5);
  const offset = (-1.55 + cover * 0.9).toFixed(3);
  const b = Math.round(h * bottom);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><defs>` +
    `<filter id="n" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${fx} ${fy}" numOctaves="4" seed="${seed % 1000}"/><feColorMatrix type="matrix" values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  3.2 0 0 0 ${offset}"/></filter>` +
    `<linearGradient id="f" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="0.7" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<mask id="m"><rect width="${w}" height="${b}" fill="url(#f)"/></mask></defs>` +
    `<g mask="url(#m)"><rect width="${w}" height="${b}" filter="url(#n)"/></g></svg>`
  );
}
