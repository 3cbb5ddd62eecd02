import type { SceneTint } from './scene.render';

/** Result of reading a free prompt without a remote model: a preset scene plus a colour tint. */
export interface PromptScene {
  sceneId: string;
  tint?: SceneTint;
  /** The words that decided it (for logs and tests). */
  matched: string[];
}

// Keyword stems (lower-case, Turkish and English) -> scene id. Earlier rules win ties by weight.
const rules: { scene: string; words: string[]; weight?: number }[] = [
  { scene: 'rainy-drive', words: ['yağmur', 'yagmur', 'rain', 'ıslak', 'islak', 'wet', 'storm', 'fırtına'] },
  { scene: 'snowy-drive', words: ['kar', 'karlı', 'snow', 'winter', 'kış', 'kis', 'buz', 'ice'] },
  { scene: 'foggy-morning', words: ['sis', 'fog', 'mist', 'pus'] },
  { scene: 'tokyo-street', words: ['tokyo', 'japon', 'japan', 'neon', 'cyberpunk'], weight: 1.5 },
  {
    scene: 'sunset-drive',
    words: [
      'gün batımı',
      'gun batimi',
      'günbatımı',
      'sunset',
      'akşam',
      'aksam',
      'dusk',
      'golden hour',
      'altın saat',
    ],
  },
  { scene: 'night-drive', words: ['gece', 'night', 'karanlık', 'dark road', 'midnight'] },
  {
    scene: 'urban-night',
    words: ['şehir gecesi', 'city night', 'city lights', 'şehir ışık', 'skyline'],
    weight: 1.5,
  },
  { scene: 'luxury-showroom', words: ['showroom', 'salon', 'galeri', 'gallery', 'bayi', 'dealer'] },
  {
    scene: 'studio-white',
    words: ['beyaz fon', 'white background', 'beyaz stüdyo', 'white studio'],
    weight: 1.5,
  },
  { scene: 'modern-studio', words: ['stüdyo', 'studyo', 'studio', 'fon', 'backdrop'] },
  { scene: 'studio-dark', words: ['siyah fon', 'black background', 'dark studio', 'koyu'] },
  {
    scene: 'city-centre',
    words: ['şehir', 'sehir', 'city', 'cadde', 'street', 'sokak', 'downtown', 'merkez'],
  },
  { scene: 'skyscraper-front', words: ['gökdelen', 'gokdelen', 'skyscraper', 'plaza', 'tower', 'kule'] },
  { scene: 'mall-car-park', words: ['avm', 'otopark', 'car park', 'parking', 'garage park', 'mall'] },
  { scene: 'mountain-view', words: ['dağ', 'dag', 'mountain', 'zirve', 'alps', 'alp'] },
  { scene: 'forest-road', words: ['orman', 'forest', 'ağaç', 'agac', 'tree', 'woods'] },
  { scene: 'lakeside', words: ['göl', 'gol', 'lake'] },
  {
    scene: 'coast-road',
    words: ['sahil', 'coast', 'deniz', 'sea', 'ocean', 'okyanus', 'bosphorus', 'boğaz'],
  },
  { scene: 'marina', words: ['marina', 'yat', 'yacht', 'liman', 'harbour', 'harbor', 'port'], weight: 1.3 },
  {
    scene: 'beach',
    words: ['plaj', 'beach', 'kumsal', 'palmiye', 'palm', 'tropik', 'tropical'],
    weight: 1.3,
  },
  { scene: 'apartment-front', words: ['apartman', 'apartment', 'bina', 'building'] },
  { scene: 'gated-estate-car-park', words: ['site', 'residence', 'rezidans', 'estate'] },
  { scene: 'suburban-house', words: ['ev', 'house', 'villa', 'bahçe', 'bahce', 'garden', 'suburb'] },
  { scene: 'sales-expo', words: ['fuar', 'expo', 'exhibition', 'sergi', 'stand'] },
  { scene: 'private-garage', words: ['garaj', 'garage'] },
  {
    scene: 'service-garage',
    words: ['servis', 'service', 'atölye', 'atolye', 'workshop', 'tamir'],
    weight: 1.2,
  },
  {
    scene: 'wedding-car',
    words: ['düğün', 'dugun', 'wedding', 'gelin', 'bride', 'çiçek', 'flower'],
    weight: 1.5,
  },
  { scene: 'spotlight-night', words: ['spot', 'spotlight', 'dramatik', 'dramatic'] },
  {
    scene: 'red-carpet',
    words: ['kırmızı halı', 'kirmizi hali', 'red carpet', 'gala', 'premiere', 'prömiyer'],
    weight: 2,
  },
  { scene: 'luxury-hotel-entrance', words: ['otel', 'hotel', 'resort'] },
  {
    scene: 'airport-vip',
    words: ['havalimanı', 'havalimani', 'airport', 'jet', 'uçak', 'ucak', 'plane', 'pist'],
    weight: 1.3,
  },
  { scene: 'vip-garage-entrance', words: ['vip'] },
  { scene: 'studio-blue', words: ['mavi fon', 'blue background'], weight: 1.5 },
];

const tints: { words: string[]; tint: SceneTint }[] = [
  {
    words: ['sıcak', 'sicak', 'warm', 'altın', 'altin', 'golden', 'turuncu', 'orange'],
    tint: { r: 1.08, g: 1.0, b: 0.88, exposure: 1 },
  },
  {
    words: ['soğuk', 'soguk', 'cold', 'cool', 'buz mavisi', 'icy'],
    tint: { r: 0.9, g: 0.98, b: 1.1, exposure: 1 },
  },
  { words: ['mavi', 'blue'], tint: { r: 0.9, g: 0.97, b: 1.12, exposure: 1 } },
  { words: ['kırmızı', 'kirmizi', 'red'], tint: { r: 1.12, g: 0.94, b: 0.92, exposure: 1 } },
  { words: ['yeşil', 'yesil', 'green'], tint: { r: 0.94, g: 1.08, b: 0.94, exposure: 1 } },
  { words: ['mor', 'purple', 'pembe', 'pink'], tint: { r: 1.06, g: 0.92, b: 1.1, exposure: 1 } },
  {
    words: ['karanlık', 'karanlik', 'dark', 'moody', 'loş', 'los'],
    tint: { r: 1, g: 1, b: 1, exposure: 0.8 },
  },
  {
    words: ['aydınlık', 'aydinlik', 'bright', 'parlak', 'sunny', 'güneşli', 'gunesli'],
    tint: { r: 1.02, g: 1.02, b: 1, exposure: 1.1 },
  },
];

function has(text: string, word: string): boolean {
  // Word-start match so "kar" matches "karlı" but not "arkadaş"... and "ev" not inside "sevgi".
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}])${escaped}`, 'u').test(text);
}

/**
 * Chooses a preset scene and a tint from a free prompt in Turkish or English (no remote model): keyword
 * stems vote for scenes, colour/mood words tint it. Falls back to the luxury showroom.
 */
export function sceneFromPrompt(prompt: string): PromptScene {
  const text = prompt.toLocaleLowerCase('tr-TR');
  const scores = new Map<string, number>();
  const matched: string[] = [];
  for (const rule of rules) {
    for (const w of rule.words) {
      if (has(text, w)) {
        scores.set(rule.scene, (scores.get(rule.scene) ?? 0) + (rule.weight ?? 1) * (1 + w.length / 20));
        matched.push(w);
      }
    }
  }
  let sceneId = 'luxury-showroom';
  let best = 0;
  for (const [scene, score] of scores) {
    if (score > best) {
      best = score;
      sceneId = scene;
    }
  }
  let tint: SceneTint | undefined;
  for (const t of tints) {
    if (t.words.some((w) => has(text, w))) {
      tint = tint
        ? {
            r: tint.r * t.tint.r,
            g: tint.g * t.tint.g,
            b: tint.b * t.tint.b,
            exposure: tint.exposure * t.tint.exposure,
          }
        : { ...t.tint };
    }
  }
  return { sceneId, tint, matched };
}
