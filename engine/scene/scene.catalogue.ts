import {
  apartment,
  blur,
  bokeh,
  conifers,
  downlights,
  ellipse,
  fog,
  ground,
  house,
  jet,
  lin,
  palm,
  poly,
  rad,
  rain,
  rect,
  ridge,
  road,
  roundTrees,
  sea,
  sky,
  skyline,
  snowfall,
  spotCone,
  stars,
  sun,
  tiles,
  towers,
  yacht,
  type DrawContext,
} from './scene.layers';

/** How one preset is drawn and how the car is placed in it. */
export interface SceneSpec {
  /** Horizon y as a fraction of the height. */
  horizon: number;
  reflection: number;
  shadow: number;
  /** Ground texture strength 0..1 (default 0.5; polished floors lower). */
  texture?: number;
  /** Fractal cloud cover over the sky down to `bottom` (fraction of height). */
  clouds?: { cover: number; bottom: number };
  draw: (ctx: DrawContext) => string;
}

const HZ = 0.58;

// Interior: back wall down to the floor line, then a floor. `wall`/`floor` are gradient stops.
function room(
  ctx: DrawContext,
  floorTop: number,
  wall: [number, string][],
  floor: [number, string][],
): string {
  return rect(0, 0, ctx.w, floorTop + 2, lin(ctx, wall)) + ground(ctx, floorTop, floor);
}

function vignette(ctx: DrawContext, strength: number): string {
  const g = rad(ctx, [
    [0.55, '#000000', 0],
    [1, '#000000', strength],
  ]);
  return rect(-ctx.w * 0.2, -ctx.h * 0.2, ctx.w * 1.4, ctx.h * 1.4, g);
}

function cyclorama(
  ctx: DrawContext,
  top: string,
  mid: string,
  floorCol: string,
  light = '#ffffff',
  lightOpacity = 0.5,
): string {
  const { w, h } = ctx;
  return (
    rect(
      0,
      0,
      w,
      h,
      lin(ctx, [
        [0, top],
        [0.55, mid],
        [0.7, floorCol],
        [1, floorCol],
      ]),
    ) +
    ellipse(
      w * 0.5,
      h * 0.62,
      w * 0.6,
      h * 0.22,
      rad(ctx, [
        [0, light, lightOpacity],
        [1, light, 0],
      ]),
    )
  );
}

function showroomWindows(ctx: DrawContext, top: number, bottom: number, outside: string): string {
  let out = rect(0, top, ctx.w, bottom - top, outside);
  const n = 6;
  for (let i = 0; i <= n; i++)
    out += rect((i / n) * ctx.w - ctx.w * 0.006, top, ctx.w * 0.012, bottom - top, '#d9dde2');
  out += rect(0, top + (bottom - top) * 0.62, ctx.w, ctx.h * 0.008, '#d9dde2');
  return out;
}

export const sceneSpecs: Record<string, SceneSpec> = {
  'rainy-drive': {
    horizon: HZ,
    reflection: 0.35,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#59636e'],
        [0.6, '#8b949c'],
        [1, '#8b949c'],
      ]) +
      skyline(c, c.h * HZ, c.h * 0.08, c.h * 0.3, ['#5d666f', '#66707a', '#545d66'], {
        color: '#e8d9a8',
        chance: 0.15,
        opacity: 0.6,
      }) +
      fog(c, c.h * HZ, c.h * 0.15, '#9aa3ab', 0.5) +
      ground(c, c.h * HZ, [
        [0, '#4b5258'],
        [1, '#23272b'],
      ]) +
      road(c, c.h * HZ, '#30353a', '#d8d8d0', '#e0e0d8') +
      bokeh(c, 18, ['#ffb347', '#ff5a4a', '#fff2c4'], c.h * (HZ - 0.03), c.h * (HZ + 0.02), c.w * 0.006) +
      rect(
        0,
        c.h * HZ,
        c.w,
        c.h * (1 - HZ),
        lin(c, [
          [0, '#aab4bd', 0.28],
          [0.4, '#aab4bd', 0.05],
          [1, '#aab4bd', 0.12],
        ]),
      ) +
      rain(c, 900, 0.32),
  },
  'night-drive': {
    horizon: HZ,
    reflection: 0.15,
    shadow: 0.6,
    draw: (c) => {
      let lamps = '';
      for (let i = 0; i < 6; i++) {
        const t = i / 6;
        const x = c.w * (0.5 - 0.05 - t * 0.55);
        const x2 = c.w * (0.5 + 0.05 + t * 0.55);
        const top = c.h * (HZ - 0.06 - t * 0.35);
        for (const lx of [x, x2]) {
          lamps += rect(
            lx - 1,
            top,
            Math.max(2, c.w * 0.002 * (1 + t * 2)),
            c.h * HZ - top + c.h * t * 0.2,
            '#1d2230',
          );
          lamps += sun(c, lx, top, c.w * (0.002 + t * 0.004), '#fff3d1', '#ffb85c');
        }
      }
      return (
        sky(c, [
          [0, '#050b1c'],
          [0.5, '#132347'],
          [0.62, '#2b3a66'],
          [1, '#1a1f2e'],
        ]) +
        stars(c, 160, c.h * 0.45) +
        ridge(c, c.h * HZ, c.h * 0.1, '#0b1222', 0.5) +
        ground(c, c.h * HZ, [
          [0, '#15181f'],
          [1, '#08090c'],
        ]) +
        road(c, c.h * HZ, '#22252c', '#c9c9c0', '#d8c98a') +
        lamps +
        ellipse(
          c.w * 0.5,
          c.h * 0.88,
          c.w * 0.55,
          c.h * 0.12,
          rad(c, [
            [0, '#ffcf8a', 0.22],
            [1, '#ffcf8a', 0],
          ]),
        )
      );
    },
  },
  'snowy-drive': {
    horizon: HZ,
    reflection: 0.05,
    shadow: 0.35,
    draw: (c) =>
      sky(c, [
        [0, '#9fb3c8'],
        [0.55, '#dfe7ee'],
        [1, '#dfe7ee'],
      ]) +
      ridge(c, c.h * (HZ - 0.02), c.h * 0.25, '#b7c3cf', 0.55, '#f4f7fa') +
      conifers(c, c.h * HZ, 60, c.h * 0.16, '#2d3f35', '#f3f6f8') +
      ground(c, c.h * HZ, [
        [0, '#e9eef2'],
        [1, '#fbfcfd'],
      ]) +
      road(c, c.h * HZ, '#8d949a', '#ffffff', null, 1.3) +
      rect(
        0,
        c.h * HZ,
        c.w,
        c.h,
        lin(c, [
          [0, '#ffffff', 0.15],
          [1, '#ffffff', 0.35],
        ]),
      ) +
      conifers(c, c.h * 0.62, 10, c.h * 0.3, '#24352b', '#ffffff') +
      snowfall(c, 700),
  },
  'luxury-showroom': {
    texture: 0.1,
    horizon: 0.6,
    reflection: 0.32,
    shadow: 0.45,
    draw: (c) =>
      room(
        c,
        c.h * 0.6,
        [
          [0, '#e9e6e1'],
          [1, '#d6d2cb'],
        ],
        [
          [0, '#cfcac3'],
          [1, '#f2efea'],
        ],
      ) +
      showroomWindows(
        c,
        c.h * 0.12,
        c.h * 0.6,
        lin(c, [
          [0, '#bcd3e6'],
          [1, '#e6eef4'],
        ]),
      ) +
      rect(0, 0, c.w, c.h * 0.12, '#f4f2ee') +
      downlights(c, c.h * 0.06, 7, c.w * 0.01) +
      rect(0, c.h * 0.595, c.w, c.h * 0.01, '#b9b3aa') +
      tiles(c, c.h * 0.6, '#a8a29a', 0.35, 10) +
      ellipse(
        c.w * 0.5,
        c.h * 0.8,
        c.w * 0.5,
        c.h * 0.12,
        rad(c, [
          [0, '#ffffff', 0.5],
          [1, '#ffffff', 0],
        ]),
      ),
  },
  'tokyo-street': {
    horizon: 0.56,
    reflection: 0.35,
    shadow: 0.5,
    draw: (c) => {
      const hz = c.h * 0.56;
      let signs = '';
      const neon = ['#ff2d95', '#00e5ff', '#ffdf00', '#ff5a36', '#7cff6b', '#b36bff'];
      const glow = blur(c, c.w * 0.004);
      for (const side of [0, 1]) {
        for (let i = 0; i < 9; i++) {
          const t = i / 9;
          const x = side ? c.w * (0.58 + t * 0.42) : c.w * (0.42 - t * 0.42) - c.w * 0.05;
          const y = c.h * (0.05 + c.r() * 0.4);
          const col = neon[Math.floor(c.r() * neon.length)];
          const vertical = c.r() < 0.6;
          const sw = vertical ? c.w * 0.025 : c.w * 0.07;
          const sh = vertical ? c.h * 0.18 : c.h * 0.05;
          signs +=
            `<g filter="${glow}">${rect(x, y, sw, sh, col, 'opacity="0.9"')}</g>` +
            rect(x + sw * 0.15, y + sh * 0.1, sw * 0.7, sh * 0.8, '#1b0f24', 'opacity="0.55"');
          for (let k = 0; k < (vertical ? 4 : 3); k++) {
            const gx = vertical ? x + sw * 0.3 : x + sw * (0.15 + k * 0.27);
            const gy = vertical ? y + sh * (0.1 + k * 0.22) : y + sh * 0.25;
            signs += rect(gx, gy, vertical ? sw * 0.4 : sw * 0.18, vertical ? sh * 0.14 : sh * 0.5, col);
          }
        }
      }
      return (
        sky(c, [
          [0, '#0b0820'],
          [1, '#2a1840'],
        ]) +
        poly(
          [
            [0, 0],
            [c.w * 0.44, hz * 0.7],
            [c.w * 0.44, hz],
            [0, c.h],
          ],
          '#171322',
        ) +
        poly(
          [
            [c.w, 0],
            [c.w * 0.56, hz * 0.7],
            [c.w * 0.56, hz],
            [c.w, c.h],
          ],
          '#1a1526',
        ) +
        skyline(
          c,
          hz,
          c.h * 0.05,
          c.h * 0.2,
          ['#231b33', '#2b2140'],
          { color: '#ffd27a', chance: 0.3, opacity: 0.8 },
          [0.02, 0.04],
        ) +
        signs +
        ground(c, hz, [
          [0, '#2a2233'],
          [1, '#0e0b12'],
        ]) +
        bokeh(c, 40, neon, hz + c.h * 0.05, c.h, c.w * 0.012) +
        rect(c.w * 0.3, c.h * 0.93, c.w * 0.4, c.h * 0.01, '#e8e8e8', 'opacity="0.5"')
      );
    },
  },
  'sunset-drive': {
    horizon: HZ,
    reflection: 0.1,
    shadow: 0.55,
    draw: (c) =>
      sky(c, [
        [0, '#2b2d5c'],
        [0.3, '#a5486a'],
        [0.5, '#f08a4b'],
        [0.58, '#ffc46b'],
        [1, '#ffc46b'],
      ]) +
      sun(c, c.w * 0.62, c.h * (HZ - 0.04), c.w * 0.03, '#fff2c0', '#ff9b45') +
      ridge(c, c.h * HZ, c.h * 0.07, '#5a2c3c', 0.5) +
      ground(c, c.h * HZ, [
        [0, '#6a3b2e'],
        [1, '#2a1812'],
      ]) +
      road(c, c.h * HZ, '#3c2f2f', '#f3d3a0', '#f1c77f') +
      rect(
        0,
        c.h * HZ,
        c.w,
        c.h * 0.2,
        lin(c, [
          [0, '#ff9b45', 0.25],
          [1, '#ff9b45', 0],
        ]),
      ),
  },
  'city-centre': {
    clouds: { cover: 0.35, bottom: 0.45 },
    horizon: 0.56,
    reflection: 0.05,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#6fa3d8'],
        [0.5, '#b8d4ec'],
        [1, '#dbe7f1'],
      ]) +
      skyline(
        c,
        c.h * 0.56,
        c.h * 0.12,
        c.h * 0.4,
        ['#b7b1a7', '#c9c2b6', '#8f98a3', '#a9b3bc', '#d8d2c7'],
        { color: '#6d8399', chance: 0.85, opacity: 0.8 },
        [0.06, 0.13],
      ) +
      rect(0, c.h * 0.53, c.w, c.h * 0.03, '#9a948b') +
      roundTrees(c, c.h * 0.56, 7, c.h * 0.1, ['#4f7f3a', '#5e8f45', '#3f6d30']) +
      ground(c, c.h * 0.56, [
        [0, '#8c8f92'],
        [0.15, '#6f7377'],
        [1, '#56595c'],
      ]) +
      rect(0, c.h * 0.56, c.w, c.h * 0.035, '#b5b0a8') +
      rect(0, c.h * 0.6, c.w, c.h * 0.006, '#f2f2f2', 'opacity="0.7"'),
  },
  'skyscraper-front': {
    clouds: { cover: 0.3, bottom: 0.4 },
    horizon: 0.6,
    reflection: 0.12,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#3f7fc4'],
        [1, '#a8cbe9'],
      ]) +
      towers(c, c.h * 0.6, 6, '#9cc3e6', '#dbe9f5') +
      rect(0, c.h * 0.56, c.w, c.h * 0.04, '#5c6670') +
      ground(c, c.h * 0.6, [
        [0, '#c9c6c0'],
        [1, '#a5a29d'],
      ]) +
      tiles(c, c.h * 0.6, '#8d8a85', 0.35, 8),
  },
  'mall-car-park': {
    horizon: 0.55,
    reflection: 0.12,
    shadow: 0.55,
    draw: (c) => {
      let out = rect(
        0,
        0,
        c.w,
        c.h * 0.3,
        lin(c, [
          [0, '#8e9295'],
          [1, '#b4b7b8'],
        ]),
      );
      out += rect(
        0,
        c.h * 0.3,
        c.w,
        c.h * 0.25,
        lin(c, [
          [0, '#c3c4c2'],
          [1, '#a5a7a6'],
        ]),
      );
      for (let i = 0; i < 5; i++) {
        const y = c.h * (0.04 + i * 0.055);
        out += rect(c.w * (0.2 - i * 0.03), y, c.w * (0.6 + i * 0.06), c.h * 0.01, '#f4fbff');
      }
      for (const x of [0.12, 0.38, 0.62, 0.88]) {
        out += rect(c.w * x - c.w * 0.025, c.h * 0.25, c.w * 0.05, c.h * 0.32, '#d7d5cf');
        out += rect(c.w * x - c.w * 0.025, c.h * 0.45, c.w * 0.05, c.h * 0.06, '#f1c232');
        out += `<text x="${c.w * x}" y="${c.h * 0.35}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${c.h * 0.05}" fill="#2d5f9a" text-anchor="middle">B${Math.floor(x * 10)}</text>`;
      }
      out += ground(c, c.h * 0.55, [
        [0, '#9d9f9e'],
        [1, '#7b7e7d'],
      ]);
      for (let i = -6; i <= 6; i++)
        out += poly(
          [
            [c.w * 0.5 + i * c.w * 0.07, c.h * 0.55],
            [c.w * 0.5 + i * c.w * 0.07 + 3, c.h * 0.55],
            [c.w * 0.5 + i * c.w * 0.3 + 8, c.h],
            [c.w * 0.5 + i * c.w * 0.3, c.h],
          ],
          '#f4f4f0',
          'opacity="0.8"',
        );
      return out;
    },
  },
  'mountain-view': {
    clouds: { cover: 0.3, bottom: 0.4 },
    horizon: HZ,
    reflection: 0.03,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#3d7cc9'],
        [0.6, '#a9cdef'],
        [1, '#d6e8f6'],
      ]) +
      ridge(c, c.h * 0.5, c.h * 0.35, '#8ea4bb', 0.6, '#ffffff') +
      ridge(c, c.h * 0.55, c.h * 0.15, '#5d7a6a', 0.5) +
      conifers(c, c.h * HZ, 50, c.h * 0.07, '#2f4a38') +
      ground(c, c.h * HZ, [
        [0, '#b3aa98'],
        [1, '#8d8474'],
      ]) +
      rect(0, c.h * HZ, c.w, c.h * 0.01, '#d7d1c3'),
  },
  'forest-road': {
    clouds: { cover: 0.3, bottom: 0.3 },
    horizon: HZ,
    reflection: 0.03,
    shadow: 0.55,
    draw: (c) =>
      sky(c, [
        [0, '#9cc6e0'],
        [1, '#e4efe8'],
      ]) +
      conifers(c, c.h * 0.5, 60, c.h * 0.3, '#36543a') +
      roundTrees(c, c.h * HZ, 24, c.h * 0.24, ['#3f6b2f', '#4f7d36', '#2e5526', '#5c8a3b']) +
      ground(c, c.h * HZ, [
        [0, '#4f6b35'],
        [1, '#3b5228'],
      ]) +
      road(c, c.h * HZ, '#4a4d50', '#dedbd0', '#e7d27a', 1.4) +
      ellipse(
        c.w * 0.5,
        c.h * 0.3,
        c.w * 0.3,
        c.h * 0.3,
        rad(c, [
          [0, '#fff9d9', 0.35],
          [1, '#fff9d9', 0],
        ]),
      ),
  },
  lakeside: {
    clouds: { cover: 0.35, bottom: 0.45 },
    horizon: 0.55,
    reflection: 0.04,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#5d9ad6'],
        [1, '#cfe3f3'],
      ]) +
      ridge(c, c.h * 0.47, c.h * 0.12, '#5b7d5e', 0.5) +
      conifers(c, c.h * 0.47, 40, c.h * 0.05, '#2f4e35') +
      sea(c, c.h * 0.47, c.h * 0.62, '#6f98b5', '#3c6b8c', null, '#e8f2fa') +
      `<g transform="translate(0,${c.h * 0.94}) scale(1,-1)" opacity="0.25">${ridge(c, c.h * 0.47, c.h * 0.1, '#3f5f44', 0.5)}</g>` +
      ground(c, c.h * 0.62, [
        [0, '#7a8f4d'],
        [0.1, '#9a9a86'],
        [1, '#7d7b6c'],
      ]),
  },
  'coast-road': {
    clouds: { cover: 0.45, bottom: 0.5 },
    horizon: 0.5,
    reflection: 0.04,
    shadow: 0.55,
    draw: (c) =>
      sky(c, [
        [0, '#2f7fd0'],
        [1, '#bfe0f7'],
      ]) +
      sea(c, c.h * 0.5, c.h * 0.66, '#2a78b8', '#1f9cc0', c.w * 0.7) +
      rect(0, c.h * 0.64, c.w, c.h * 0.03, '#c8c2b4') +
      ground(c, c.h * 0.66, [
        [0, '#595d61'],
        [1, '#3b3e41'],
      ]) +
      rect(0, c.h * 0.7, c.w, c.h * 0.006, '#f5f5f0') +
      rect(0, c.h * 0.97, c.w, c.h * 0.006, '#f5f5f0'),
  },
  marina: {
    clouds: { cover: 0.3, bottom: 0.5 },
    horizon: 0.52,
    reflection: 0.08,
    shadow: 0.5,
    draw: (c) => {
      let boats = '';
      for (let i = 0; i < 7; i++)
        boats += yacht(c.w * (0.08 + i * 0.14 + c.r() * 0.04), c.h * 0.6, c.w * (0.04 + c.r() * 0.02));
      return (
        sky(c, [
          [0, '#3c8ad6'],
          [1, '#cde6f7'],
        ]) +
        ridge(c, c.h * 0.52, c.h * 0.08, '#7f9a86', 0.5) +
        skyline(
          c,
          c.h * 0.52,
          c.h * 0.02,
          c.h * 0.06,
          ['#efe6d8', '#f4efe6', '#e3d7c4'],
          null,
          [0.02, 0.05],
        ) +
        sea(c, c.h * 0.52, c.h * 0.66, '#3a7fae', '#2a6d96', null, '#e6f3ff') +
        boats +
        rect(
          0,
          c.h * 0.64,
          c.w,
          c.h * 0.36,
          lin(c, [
            [0, '#a27d5a'],
            [1, '#7a5a3d'],
          ]),
        ) +
        (() => {
          let planks = '';
          for (let y = c.h * 0.66; y < c.h; y += c.h * 0.03)
            planks += rect(0, y, c.w, 1.5, '#5e4430', 'opacity="0.5"');
          return planks;
        })() +
        rect(0, c.h * 0.64, c.w, c.h * 0.008, '#e9e1d3')
      );
    },
  },
  beach: {
    clouds: { cover: 0.25, bottom: 0.5 },
    horizon: 0.5,
    reflection: 0.02,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#2f8fe0'],
        [1, '#c9ecfb'],
      ]) +
      sea(c, c.h * 0.5, c.h * 0.62, '#1c89c2', '#2ec4c9', c.w * 0.3) +
      rect(0, c.h * 0.6, c.w, c.h * 0.025, '#ffffff', 'opacity="0.7"') +
      ground(c, c.h * 0.615, [
        [0, '#e8d3a6'],
        [1, '#d9bd86'],
      ]) +
      palm(c, c.w * 0.08, c.h * 0.72, c.h * 0.55) +
      palm(c, c.w * 0.9, c.h * 0.7, c.h * 0.5) +
      palm(c, c.w * 0.8, c.h * 0.64, c.h * 0.32),
  },
  'apartment-front': {
    clouds: { cover: 0.35, bottom: 0.3 },
    horizon: 0.58,
    reflection: 0.03,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#7fb0dd'],
        [1, '#d4e6f4'],
      ]) +
      apartment(c, c.w * -0.05, c.h * 0.58, c.w * 0.55, c.h * 0.55, '#efe6d6') +
      apartment(c, c.w * 0.52, c.h * 0.58, c.w * 0.55, c.h * 0.5, '#e5ddd0') +
      rect(c.w * 0.47, c.h * 0.42, c.w * 0.07, c.h * 0.16, '#6e5645') +
      roundTrees(c, c.h * 0.6, 4, c.h * 0.12, ['#557f3e', '#46722f']) +
      ground(c, c.h * 0.58, [
        [0, '#b9b3a7'],
        [0.06, '#8a8a8a'],
        [1, '#6d6d6d'],
      ]) +
      rect(0, c.h * 0.58, c.w, c.h * 0.03, '#cfc9bd'),
  },
  'gated-estate-car-park': {
    clouds: { cover: 0.35, bottom: 0.35 },
    horizon: 0.57,
    reflection: 0.03,
    shadow: 0.5,
    draw: (c) => {
      let lines = '';
      for (let i = -7; i <= 7; i++)
        lines += poly(
          [
            [c.w * 0.5 + i * c.w * 0.08, c.h * 0.62],
            [c.w * 0.5 + i * c.w * 0.08 + 3, c.h * 0.62],
            [c.w * 0.5 + i * c.w * 0.22 + 6, c.h],
            [c.w * 0.5 + i * c.w * 0.22, c.h],
          ],
          '#f4f4ef',
          'opacity="0.85"',
        );
      return (
        sky(c, [
          [0, '#6ea7dc'],
          [1, '#d2e5f3'],
        ]) +
        apartment(c, c.w * 0.05, c.h * 0.5, c.w * 0.25, c.h * 0.38, '#f1ece2') +
        apartment(c, c.w * 0.38, c.h * 0.5, c.w * 0.25, c.h * 0.42, '#ebe3d5') +
        apartment(c, c.w * 0.71, c.h * 0.5, c.w * 0.25, c.h * 0.36, '#f1ece2') +
        rect(0, c.h * 0.5, c.w, c.h * 0.08, '#6f9a4b') +
        roundTrees(c, c.h * 0.58, 10, c.h * 0.1, ['#4d7c37', '#5d8c43', '#3f6a2d']) +
        ground(c, c.h * 0.58, [
          [0, '#76787a'],
          [1, '#5b5d5f'],
        ]) +
        rect(0, c.h * 0.58, c.w, c.h * 0.012, '#d9d5cc') +
        lines
      );
    },
  },
  'suburban-house': {
    clouds: { cover: 0.35, bottom: 0.4 },
    horizon: 0.58,
    reflection: 0.02,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#6aa6de'],
        [1, '#d8eaf6'],
      ]) +
      roundTrees(c, c.h * 0.5, 8, c.h * 0.18, ['#4e7d38', '#3f6c2e']) +
      house(c, c.w * 0.22, c.h * 0.56, c.w * 0.5, c.h * 0.28, '#f3ead9', '#8b3f2f') +
      rect(c.w * 0.74, c.h * 0.4, c.w * 0.18, c.h * 0.16, '#e4dccb') +
      rect(c.w * 0.755, c.h * 0.43, c.w * 0.15, c.h * 0.13, '#cfc6b4') +
      ground(c, c.h * 0.56, [
        [0, '#6f9e48'],
        [1, '#5a8a3a'],
      ]) +
      poly(
        [
          [c.w * 0.7, c.h * 0.56],
          [c.w * 0.92, c.h * 0.56],
          [c.w * 1.3, c.h],
          [c.w * -0.1, c.h],
        ],
        '#b9b2a5',
      ) +
      roundTrees(c, c.h * 0.6, 2, c.h * 0.22, ['#4e7d38']),
  },
  'promo-studio': {
    texture: 0.1,
    horizon: 0.62,
    reflection: 0.2,
    shadow: 0.55,
    draw: (c) => {
      const boxes =
        rect(c.w * 0.05, c.h * 0.06, c.w * 0.22, c.h * 0.1, '#ffffff', 'opacity="0.95"') +
        rect(c.w * 0.39, c.h * 0.03, c.w * 0.22, c.h * 0.1, '#ffffff', 'opacity="0.95"') +
        rect(c.w * 0.73, c.h * 0.06, c.w * 0.22, c.h * 0.1, '#ffffff', 'opacity="0.95"');
      return (
        cyclorama(c, '#3b3f45', '#6d737a', '#9aa0a6', '#ffffff', 0.55) +
        `<g filter="${blur(c, c.w * 0.02)}">${boxes}</g>` +
        boxes.replace(/opacity="0.95"/g, 'opacity="0.75"') +
        vignette(c, 0.35)
      );
    },
  },
  'sales-expo': {
    texture: 0.1,
    horizon: 0.6,
    reflection: 0.25,
    shadow: 0.5,
    draw: (c) => {
      let truss = '';
      for (let x = 0; x < c.w; x += c.w * 0.025)
        truss += poly(
          [
            [x, c.h * 0.08],
            [x + c.w * 0.0125, c.h * 0.12],
            [x + c.w * 0.025, c.h * 0.08],
          ],
          'none',
          'stroke="#9aa1a8" stroke-width="2"',
        );
      return (
        room(
          c,
          c.h * 0.6,
          [
            [0, '#14161b'],
            [1, '#23262d'],
          ],
          [
            [0, '#3a3d44'],
            [1, '#5c6068'],
          ],
        ) +
        bokeh(c, 30, ['#ffffff', '#9fd0ff', '#ffe3a8'], c.h * 0.15, c.h * 0.45, c.w * 0.012) +
        rect(
          c.w * 0.15,
          c.h * 0.18,
          c.w * 0.7,
          c.h * 0.3,
          lin(
            c,
            [
              [0, '#0d4fa3'],
              [1, '#0a356d'],
            ],
            true,
          ),
        ) +
        `<text x="${c.w * 0.5}" y="${c.h * 0.36}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${c.h * 0.08}" fill="#ffffff" text-anchor="middle" letter-spacing="${c.w * 0.01}">AUTO EXPO</text>` +
        rect(0, c.h * 0.08, c.w, 3, '#9aa1a8') +
        rect(0, c.h * 0.12, c.w, 3, '#9aa1a8') +
        truss +
        spotCone(c, c.w * 0.25, c.h * 0.12, c.h * 0.82, c.w * 0.35, '#fff5dc', 0.16) +
        spotCone(c, c.w * 0.75, c.h * 0.12, c.h * 0.82, c.w * 0.35, '#fff5dc', 0.16) +
        ellipse(c.w * 0.5, c.h * 0.84, c.w * 0.45, c.h * 0.11, '#c9ccd2', 'opacity="0.35"') +
        tiles(c, c.h * 0.6, '#767b84', 0.25, 10)
      );
    },
  },
  'private-garage': {
    horizon: 0.6,
    reflection: 0.22,
    shadow: 0.55,
    draw: (c) => {
      let slats = '';
      for (let y = c.h * 0.14; y < c.h * 0.58; y += c.h * 0.035)
        slats += rect(c.w * 0.2, y, c.w * 0.6, 2, '#8f969c');
      return (
        room(
          c,
          c.h * 0.6,
          [
            [0, '#4a4f55'],
            [1, '#5d636a'],
          ],
          [
            [0, '#6c7279'],
            [1, '#9ba1a7'],
          ],
        ) +
        rect(
          c.w * 0.2,
          c.h * 0.12,
          c.w * 0.6,
          c.h * 0.48,
          lin(c, [
            [0, '#b5bcc2'],
            [1, '#9aa2a9'],
          ]),
        ) +
        slats +
        rect(0, c.h * 0.03, c.w, c.h * 0.015, '#f2fbff') +
        rect(c.w * 0.03, c.h * 0.2, c.w * 0.12, c.h * 0.38, '#2a2d31') +
        rect(c.w * 0.85, c.h * 0.2, c.w * 0.12, c.h * 0.38, '#2a2d31') +
        tiles(c, c.h * 0.6, '#5b6167', 0.3, 6)
      );
    },
  },
  'urban-night': {
    horizon: 0.58,
    reflection: 0.25,
    shadow: 0.6,
    draw: (c) =>
      sky(c, [
        [0, '#060a18'],
        [0.6, '#1c2547'],
        [1, '#2e2a45'],
      ]) +
      skyline(
        c,
        c.h * 0.55,
        c.h * 0.1,
        c.h * 0.45,
        ['#0d1224', '#111830', '#161d36'],
        { color: '#ffd38a', chance: 0.35, opacity: 0.85 },
        [0.04, 0.09],
      ) +
      bokeh(c, 60, ['#ffcf7a', '#ff8a5c', '#ffffff', '#7ab8ff'], c.h * 0.4, c.h * 0.6, c.w * 0.012) +
      ground(c, c.h * 0.58, [
        [0, '#2a2d38'],
        [1, '#0f1015'],
      ]) +
      rect(
        0,
        c.h * 0.58,
        c.w,
        c.h * 0.2,
        lin(c, [
          [0, '#ffc27a', 0.18],
          [1, '#ffc27a', 0],
        ]),
      ),
  },
  'foggy-morning': {
    horizon: HZ,
    reflection: 0.06,
    shadow: 0.35,
    draw: (c) =>
      sky(c, [
        [0, '#bfc6cb'],
        [1, '#dfe3e4'],
      ]) +
      roundTrees(c, c.h * 0.52, 14, c.h * 0.26, ['#7d8a82', '#86928a']) +
      fog(c, c.h * 0.5, c.h * 0.2, '#e3e6e6', 0.7) +
      roundTrees(c, c.h * 0.57, 8, c.h * 0.3, ['#55655a', '#5e6e62']) +
      ground(c, c.h * HZ, [
        [0, '#8e9a8a'],
        [1, '#5c6b54'],
      ]) +
      road(c, c.h * HZ, '#6d7275', '#d5d8d6', null, 1.3) +
      fog(c, c.h * 0.55, c.h * 0.25, '#e9ecec', 0.45),
  },
  'wedding-car': {
    texture: 0.1,
    horizon: 0.6,
    reflection: 0.05,
    shadow: 0.45,
    draw: (c) => {
      let flowers = '';
      for (let i = 0; i < 220; i++) {
        const t = c.r();
        const a = Math.PI * (0.05 + 0.9 * t);
        const x = c.w * 0.5 - Math.cos(a) * c.w * 0.42 + (c.r() - 0.5) * c.w * 0.03;
        const y = c.h * 0.6 - Math.sin(a) * c.h * 0.5 + (c.r() - 0.5) * c.h * 0.04;
        const s = c.w * (0.008 + c.r() * 0.01);
        flowers += ellipse(x, y, s, s, ['#ffffff', '#fde4ec', '#f8c8d8', '#ffffff'][Math.floor(c.r() * 4)]);
        if (c.r() < 0.3) flowers += ellipse(x + s, y + s, s * 0.7, s * 0.4, '#7da36a');
      }
      let petals = '';
      for (let i = 0; i < 160; i++)
        petals += ellipse(
          c.r() * c.w,
          c.h * (0.62 + c.r() * 0.38),
          c.w * 0.004,
          c.w * 0.0025,
          '#f6b8c9',
          'opacity="0.85"',
        );
      return (
        rect(
          0,
          0,
          c.w,
          c.h,
          lin(c, [
            [0, '#f7efe8'],
            [0.6, '#efe3da'],
            [1, '#e8dcd2'],
          ]),
        ) +
        bokeh(c, 50, ['#fff3d6', '#ffffff', '#ffe0ea'], 0, c.h * 0.55, c.w * 0.015) +
        flowers +
        ground(c, c.h * 0.6, [
          [0, '#efe9e2'],
          [1, '#e2d8cd'],
        ]) +
        rect(c.w * 0.3, c.h * 0.6, c.w * 0.4, c.h * 0.4, '#ffffff', 'opacity="0.55"') +
        petals
      );
    },
  },
  'service-garage': {
    horizon: 0.6,
    reflection: 0.15,
    shadow: 0.55,
    draw: (c) => {
      let cabinets = '';
      for (let i = 0; i < 6; i++) {
        const x = c.w * (0.02 + i * 0.08);
        cabinets += rect(x, c.h * 0.38, c.w * 0.075, c.h * 0.22, '#b3202a');
        for (let d = 0; d < 5; d++)
          cabinets += rect(
            x + c.w * 0.005,
            c.h * (0.39 + d * 0.04),
            c.w * 0.065,
            c.h * 0.034,
            '#c92a35',
            'stroke="#7d151c" stroke-width="1"',
          );
      }
      let tools = '';
      for (let i = 0; i < 22; i++)
        tools += rect(
          c.w * (0.04 + c.r() * 0.4),
          c.h * (0.16 + c.r() * 0.15),
          c.w * 0.004,
          c.h * (0.03 + c.r() * 0.05),
          '#3b3f44',
        );
      return (
        room(
          c,
          c.h * 0.6,
          [
            [0, '#d9dcdf'],
            [1, '#c3c7cb'],
          ],
          [
            [0, '#7d8287'],
            [1, '#5f6368'],
          ],
        ) +
        rect(c.w * 0.02, c.h * 0.13, c.w * 0.46, c.h * 0.22, '#9aa0a6') +
        tools +
        cabinets +
        rect(c.w * 0.62, c.h * 0.1, c.w * 0.035, c.h * 0.5, '#2956a3') +
        rect(c.w * 0.9, c.h * 0.1, c.w * 0.035, c.h * 0.5, '#2956a3') +
        rect(c.w * 0.62, c.h * 0.1, c.w * 0.315, c.h * 0.03, '#2956a3') +
        rect(0, c.h * 0.02, c.w, c.h * 0.015, '#f4fbff') +
        poly(
          [
            [0, c.h * 0.93],
            [c.w, c.h * 0.93],
            [c.w, c.h * 0.95],
            [0, c.h * 0.95],
          ],
          '#f1c232',
        ) +
        tiles(c, c.h * 0.6, '#4b4f53', 0.25, 8)
      );
    },
  },
  'spotlight-night': {
    texture: 0.1,
    horizon: 0.6,
    reflection: 0.2,
    shadow: 0.65,
    draw: (c) =>
      rect(
        0,
        0,
        c.w,
        c.h,
        lin(c, [
          [0, '#020203'],
          [0.6, '#0b0c10'],
          [1, '#141519'],
        ]),
      ) +
      spotCone(c, c.w * 0.5, -c.h * 0.05, c.h * 0.86, c.w * 0.85, '#f4f1e8', 0.2) +
      ellipse(
        c.w * 0.5,
        c.h * 0.86,
        c.w * 0.48,
        c.h * 0.1,
        rad(c, [
          [0, '#e9e6de', 0.55],
          [1, '#e9e6de', 0],
        ]),
      ),
  },
  'red-carpet': {
    horizon: 0.6,
    reflection: 0.12,
    shadow: 0.55,
    draw: (c) => {
      let posts = '';
      for (let i = 0; i < 7; i++) {
        const x = c.w * (0.04 + i * 0.155);
        posts +=
          rect(x - c.w * 0.004, c.h * 0.5, c.w * 0.008, c.h * 0.13, '#d4af37') +
          ellipse(x, c.h * 0.5, c.w * 0.008, c.w * 0.008, '#f1d36b') +
          ellipse(x, c.h * 0.63, c.w * 0.015, c.h * 0.008, '#b8912a');
        if (i < 6)
          posts += `<path d="M${x},${c.h * 0.51} Q${x + c.w * 0.0775},${c.h * 0.57} ${x + c.w * 0.155},${c.h * 0.51}" stroke="#7a0f1c" stroke-width="${c.h * 0.012}" fill="none"/>`;
      }
      return (
        room(
          c,
          c.h * 0.6,
          [
            [0, '#0c0c10'],
            [1, '#1b1b22'],
          ],
          [
            [0, '#2a2a30'],
            [1, '#1a1a1f'],
          ],
        ) +
        rect(
          c.w * 0.08,
          c.h * 0.06,
          c.w * 0.84,
          c.h * 0.5,
          lin(c, [
            [0, '#1d1d26'],
            [1, '#121218'],
          ]),
        ) +
        bokeh(c, 45, ['#ffffff', '#fff4d6', '#dfe8ff'], c.h * 0.08, c.h * 0.5, c.w * 0.01) +
        poly(
          [
            [c.w * 0.12, c.h * 0.6],
            [c.w * 0.88, c.h * 0.6],
            [c.w * 1.2, c.h],
            [c.w * -0.2, c.h],
          ],
          lin(c, [
            [0, '#8c0f1d'],
            [1, '#b3172a'],
          ]),
        ) +
        posts +
        spotCone(c, c.w * 0.3, 0, c.h * 0.85, c.w * 0.4, '#fff3e0', 0.12) +
        spotCone(c, c.w * 0.7, 0, c.h * 0.85, c.w * 0.4, '#fff3e0', 0.12)
      );
    },
  },
  'luxury-hotel-entrance': {
    horizon: 0.6,
    reflection: 0.15,
    shadow: 0.5,
    draw: (c) => {
      let cols = '';
      for (const x of [0.18, 0.34, 0.66, 0.82]) {
        cols += rect(
          c.w * x - c.w * 0.025,
          c.h * 0.18,
          c.w * 0.05,
          c.h * 0.42,
          lin(
            c,
            [
              [0, '#e9e1cf'],
              [0.5, '#fffaf0'],
              [1, '#d8ccb4'],
            ],
            true,
          ),
        );
        cols += rect(c.w * x - c.w * 0.032, c.h * 0.17, c.w * 0.064, c.h * 0.02, '#efe5d0');
      }
      return (
        sky(c, [
          [0, '#1b2440'],
          [1, '#3b4466'],
        ]) +
        rect(0, c.h * 0.05, c.w, c.h * 0.55, '#bfa888') +
        rect(
          c.w * 0.38,
          c.h * 0.25,
          c.w * 0.24,
          c.h * 0.35,
          lin(c, [
            [0, '#ffd98e'],
            [1, '#ffb95a'],
          ]),
        ) +
        rect(c.w * 0.495, c.h * 0.25, c.w * 0.01, c.h * 0.35, '#8a6a3c') +
        rect(c.w * 0.1, c.h * 0.12, c.w * 0.8, c.h * 0.06, '#2b2b2b') +
        `<text x="${c.w * 0.5}" y="${c.h * 0.165}" font-family="DejaVu Serif, serif" font-size="${c.h * 0.04}" fill="#e6c77a" text-anchor="middle" letter-spacing="${c.w * 0.008}">GRAND HOTEL</text>` +
        cols +
        ellipse(
          c.w * 0.5,
          c.h * 0.45,
          c.w * 0.35,
          c.h * 0.3,
          rad(c, [
            [0, '#ffcf7a', 0.35],
            [1, '#ffcf7a', 0],
          ]),
        ) +
        ground(c, c.h * 0.6, [
          [0, '#8d7f70'],
          [1, '#5d544b'],
        ]) +
        tiles(c, c.h * 0.6, '#6d6257', 0.3, 8) +
        ellipse(c.w * 0.1, c.h * 0.58, c.w * 0.04, c.h * 0.05, '#3d6b35') +
        ellipse(c.w * 0.9, c.h * 0.58, c.w * 0.04, c.h * 0.05, '#3d6b35')
      );
    },
  },
  'airport-vip': {
    clouds: { cover: 0.4, bottom: 0.4 },
    horizon: 0.56,
    reflection: 0.05,
    shadow: 0.55,
    draw: (c) =>
      sky(c, [
        [0, '#4f8fd1'],
        [0.6, '#cfe2f1'],
        [1, '#f0e6d6'],
      ]) +
      rect(
        c.w * 0.55,
        c.h * 0.38,
        c.w * 0.45,
        c.h * 0.18,
        lin(c, [
          [0, '#9fb6c8'],
          [1, '#6c8396'],
        ]),
      ) +
      rect(c.w * 0.55, c.h * 0.36, c.w * 0.45, c.h * 0.02, '#d8dde1') +
      rect(c.w * 0.88, c.h * 0.2, c.w * 0.03, c.h * 0.18, '#d8dde1') +
      rect(c.w * 0.865, c.h * 0.17, c.w * 0.06, c.h * 0.04, '#5c7891') +
      ground(c, c.h * 0.56, [
        [0, '#9a9c9a'],
        [1, '#6e706f'],
      ]) +
      jet(c.w * 0.04, c.h * 0.62, c.w * 0.14, '#f4f5f6') +
      rect(0, c.h * 0.7, c.w, c.h * 0.008, '#f3c623') +
      (() => {
        let lights = '';
        for (let i = 0; i < 20; i++)
          lights += ellipse((i / 20) * c.w, c.h * 0.575, c.w * 0.002, c.w * 0.002, '#4aa3ff');
        return lights;
      })(),
  },
  'vip-garage-entrance': {
    horizon: 0.58,
    reflection: 0.25,
    shadow: 0.6,
    draw: (c) => {
      const strip = blur(c, c.h * 0.006);
      return (
        rect(
          0,
          0,
          c.w,
          c.h,
          lin(c, [
            [0, '#1d1f24'],
            [1, '#121316'],
          ]),
        ) +
        poly(
          [
            [c.w * 0.2, c.h * 0.12],
            [c.w * 0.8, c.h * 0.12],
            [c.w * 0.68, c.h * 0.56],
            [c.w * 0.32, c.h * 0.56],
          ],
          '#0a0b0d',
        ) +
        poly(
          [
            [c.w * 0.32, c.h * 0.56],
            [c.w * 0.68, c.h * 0.56],
            [c.w * 1.1, c.h],
            [c.w * -0.1, c.h],
          ],
          lin(c, [
            [0, '#2c2f35'],
            [1, '#4a4e55'],
          ]),
        ) +
        `<g filter="${strip}">` +
        poly(
          [
            [c.w * 0.2, c.h * 0.12],
            [c.w * 0.215, c.h * 0.12],
            [c.w * 0.335, c.h * 0.56],
            [c.w * 0.32, c.h * 0.56],
          ],
          '#7fd3ff',
        ) +
        poly(
          [
            [c.w * 0.785, c.h * 0.12],
            [c.w * 0.8, c.h * 0.12],
            [c.w * 0.68, c.h * 0.56],
            [c.w * 0.665, c.h * 0.56],
          ],
          '#7fd3ff',
        ) +
        rect(c.w * 0.2, c.h * 0.115, c.w * 0.6, c.h * 0.012, '#7fd3ff') +
        '</g>' +
        rect(c.w * 0.41, c.h * 0.03, c.w * 0.18, c.h * 0.07, '#111', 'stroke="#d4af37" stroke-width="3"') +
        `<text x="${c.w * 0.5}" y="${c.h * 0.085}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="${c.h * 0.05}" fill="#d4af37" text-anchor="middle" letter-spacing="${c.w * 0.006}">VIP</text>` +
        rect(0, c.h * 0.56, c.w * 0.32, c.h * 0.44, '#25272c') +
        rect(c.w * 0.68, c.h * 0.56, c.w * 0.32, c.h * 0.44, '#25272c')
      );
    },
  },
  'modern-studio': {
    texture: 0.1,
    horizon: 0.62,
    reflection: 0.18,
    shadow: 0.5,
    draw: (c) => cyclorama(c, '#8e9296', '#b7babd', '#d2d4d6', '#ffffff', 0.45) + vignette(c, 0.25),
  },
  // Studio wizard presets.
  'studio-white': {
    texture: 0.1,
    horizon: 0.62,
    reflection: 0.22,
    shadow: 0.4,
    draw: (c) => cyclorama(c, '#e4e6e8', '#f6f7f8', '#fbfbfb', '#ffffff', 0.6) + vignette(c, 0.1),
  },
  'studio-grey': {
    texture: 0.1,
    horizon: 0.62,
    reflection: 0.2,
    shadow: 0.5,
    draw: (c) => cyclorama(c, '#6f7378', '#9ea2a6', '#b9bcbf', '#ffffff', 0.35) + vignette(c, 0.3),
  },
  'studio-dark': {
    texture: 0.1,
    horizon: 0.62,
    reflection: 0.3,
    shadow: 0.6,
    draw: (c) =>
      cyclorama(c, '#0e0f11', '#1d1f23', '#2a2c30', '#9aa4b0', 0.25) +
      ellipse(
        c.w * 0.5,
        c.h * 0.3,
        c.w * 0.45,
        c.h * 0.25,
        rad(c, [
          [0, '#596270', 0.35],
          [1, '#596270', 0],
        ]),
      ) +
      vignette(c, 0.4),
  },
  'studio-showroom': {
    texture: 0.1,
    horizon: 0.6,
    reflection: 0.32,
    shadow: 0.45,
    draw: (c) =>
      room(
        c,
        c.h * 0.6,
        [
          [0, '#eceae6'],
          [1, '#dcd8d2'],
        ],
        [
          [0, '#d8d4ce'],
          [1, '#f4f2ef'],
        ],
      ) +
      showroomWindows(
        c,
        c.h * 0.1,
        c.h * 0.6,
        lin(c, [
          [0, '#c7dcec'],
          [1, '#eef3f6'],
        ]),
      ) +
      rect(0, 0, c.w, c.h * 0.1, '#f5f4f1') +
      downlights(c, c.h * 0.05, 6, c.w * 0.01) +
      tiles(c, c.h * 0.6, '#b2aca4', 0.3, 10),
  },
  'studio-loft': {
    horizon: 0.6,
    reflection: 0.15,
    shadow: 0.55,
    draw: (c) => {
      let panels = '';
      for (let x = 0; x < c.w; x += c.w * 0.2) {
        for (let y = 0; y < c.h * 0.6; y += c.h * 0.2) {
          panels += rect(
            x + 2,
            y + 2,
            c.w * 0.2 - 4,
            c.h * 0.2 - 4,
            '#8a8681',
            `opacity="${(0.15 + c.r() * 0.25).toFixed(2)}"`,
          );
          panels += ellipse(x + c.w * 0.02, y + c.h * 0.03, 3, 3, '#55524e');
          panels += ellipse(x + c.w * 0.18, y + c.h * 0.03, 3, 3, '#55524e');
        }
      }
      return (
        room(
          c,
          c.h * 0.6,
          [
            [0, '#a39e97'],
            [1, '#8f8a83'],
          ],
          [
            [0, '#6e6a66'],
            [1, '#8b8782'],
          ],
        ) +
        panels +
        ellipse(
          c.w * 0.5,
          c.h * 0.35,
          c.w * 0.4,
          c.h * 0.3,
          rad(c, [
            [0, '#fff6e6', 0.35],
            [1, '#fff6e6', 0],
          ]),
        )
      );
    },
  },
  'studio-blue': {
    texture: 0.1,
    horizon: 0.62,
    reflection: 0.25,
    shadow: 0.55,
    draw: (c) => cyclorama(c, '#0f2a4f', '#2c5a92', '#5d86b6', '#cfe3ff', 0.35) + vignette(c, 0.35),
  },
  'studio-plaza': {
    clouds: { cover: 0.3, bottom: 0.35 },
    horizon: 0.58,
    reflection: 0.08,
    shadow: 0.5,
    draw: (c) =>
      sky(c, [
        [0, '#5b9be0'],
        [1, '#d3e6f6'],
      ]) +
      towers(c, c.h * 0.5, 5, '#a9cbea', '#e2eef8') +
      roundTrees(c, c.h * 0.56, 9, c.h * 0.1, ['#4c7b38', '#5a8a41']) +
      rect(0, c.h * 0.5, c.w, c.h * 0.08, '#b8b4ad') +
      ground(c, c.h * 0.58, [
        [0, '#d3cfc8'],
        [1, '#bdb8b0'],
      ]) +
      tiles(c, c.h * 0.58, '#a09b93', 0.4, 9),
  },
};
