// A zod-free mirror of contract/presets.ts (landingGallery, category labels and descriptions) for the
// landing page: importing that module also brings its zod schemas into the first view (about 23 KB gzip).
// landing-presets.test.ts keeps the two equal.

export interface LandingPreset {
  title: string;
  /** Turkish category label (SPEC §2). */
  category: string;
  popular: boolean;
  /** The engine scene the card and preview images were rendered from. */
  sceneId: string;
  description: string;
}

export const landingPresets: readonly LandingPreset[] = [
  {
    title: 'Lüks Showroom',
    category: 'Showroom',
    popular: true,
    sceneId: 'luxury-showroom',
    description: 'Parlak zeminli, spot ışıklı lüks salon',
  },
  {
    title: 'Modern Stüdyo',
    category: 'Stüdyo',
    popular: true,
    sceneId: 'modern-studio',
    description: 'Sade, modern gri stüdyo',
  },
  {
    title: 'Şehir Merkezi',
    category: 'Şehir',
    popular: false,
    sceneId: 'city-centre',
    description: 'Modern binalar arasında şehir caddesi',
  },
  {
    title: 'Sahil Yolu',
    category: 'Doğa',
    popular: false,
    sceneId: 'coast-road',
    description: 'Deniz manzaralı sahil yolu',
  },
  {
    title: 'Gece Sürüşü',
    category: 'Gece',
    popular: false,
    sceneId: 'night-drive',
    description: 'Akşam karanlığında, ufukta kasaba ışıkları olan açık yol',
  },
  {
    title: 'Kırmızı Halı Sergisi',
    category: 'Özel',
    popular: true,
    sceneId: 'red-carpet',
    description: 'Kırmızı halı, kadife ip ve flaşlar',
  },
];
