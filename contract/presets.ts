import { z } from 'zod';

// The background preset catalogue shared by web (grids, gallery), server (validation, prompts) and the
// engine (the rendered scene library, engine/scene/assets, keyed by the same ids).

export const presetCategories = ['showroom', 'studio', 'city', 'nature', 'night', 'special'] as const;
export type PresetCategory = (typeof presetCategories)[number];

/** Turkish category labels as the landing gallery shows them (SPEC §2). */
export const presetCategoryLabels: Record<PresetCategory, string> = {
  showroom: 'Showroom',
  studio: 'Stüdyo',
  city: 'Şehir',
  nature: 'Doğa',
  night: 'Gece',
  special: 'Özel',
};

export interface EditorPreset {
  id: string;
  /** Turkish display name. */
  name: string;
  /** Short Turkish description for the preset grid. */
  description: string;
  /** English prompt for remote background models: the car itself must stay unchanged. */
  prompt: string;
  category: PresetCategory;
}

const keepCar =
  'Keep the car exactly unchanged: same shape, paint, wheels, badges and angle; do not redraw or restyle it. Photorealistic, natural perspective, realistic contact shadow under the tyres, professional automotive photography, high detail.';

const p = (
  id: string,
  name: string,
  description: string,
  scene: string,
  category: PresetCategory,
): EditorPreset => ({
  id,
  name,
  description,
  prompt: `Place the car ${scene}. ${keepCar}`,
  category,
});

/** SPEC §3 "Editor background presets": 31 scenes. */
export const editorPresets: readonly EditorPreset[] = [
  p(
    'rainy-drive',
    'Yağmurlu Sürüş',
    'Yağmur altında ıslak, parlayan asfalt',
    'on a wet city road in steady rain, reflections on the asphalt, overcast sky',
    'city',
  ),
  p(
    'night-drive',
    'Gece Sürüşü',
    'Akşam karanlığında, ufukta kasaba ışıkları olan açık yol',
    'on an open country road at dusk in the blue hour, damp asphalt reflecting a deep blue twilight sky with a last warm glow on the horizon, a steel guardrail, silhouetted trees and the lights of a hillside town in the distance',
    'night',
  ),
  p(
    'snowy-drive',
    'Karlı Yol',
    'Karla kaplı çam ormanında kış yolu',
    'on a snowy mountain road with snow-covered pine trees, light snowfall',
    'nature',
  ),
  p(
    'luxury-showroom',
    'Lüks Showroom',
    'Parlak zeminli, spot ışıklı lüks salon',
    'inside a luxury car showroom with a glossy floor, glass walls and ceiling spotlights',
    'showroom',
  ),
  p(
    'tokyo-street',
    'Tokyo Sokağı',
    'Neon tabelalı, ıslak Tokyo sokağı',
    'in a narrow Tokyo street at night with colourful neon signs reflecting on wet asphalt',
    'city',
  ),
  p(
    'sunset-drive',
    'Gün Batımı Sürüşü',
    'Turuncu gün batımında açık yol',
    'on an open road at golden-hour sunset, warm orange sky, sun low on the horizon',
    'nature',
  ),
  p(
    'city-centre',
    'Şehir Merkezi',
    'Modern binalar arasında şehir caddesi',
    'on a clean city-centre street with modern buildings in daylight',
    'city',
  ),
  p(
    'skyscraper-front',
    'Gökdelen Önü',
    'Cam gökdelenlerin önünde plaza',
    'on a plaza in front of tall glass skyscrapers, blue sky',
    'city',
  ),
  p(
    'mall-car-park',
    'AVM Otoparkı',
    'Aydınlık kapalı alışveriş merkezi otoparkı',
    'in a bright indoor shopping-mall car park with concrete pillars and ceiling lights',
    'city',
  ),
  p(
    'mountain-view',
    'Dağ Manzarası',
    'Karlı zirvelere bakan manzara noktası',
    'at a scenic viewpoint with snow-capped mountains in the background, clear sky',
    'nature',
  ),
  p(
    'forest-road',
    'Orman Yolu',
    'Yeşil ağaçlar arasında orman yolu',
    'on a quiet road through a green forest, soft daylight',
    'nature',
  ),
  p(
    'lakeside',
    'Göl Kenarı',
    'Sakin göl ve tepeler manzarası',
    'beside a calm lake with hills and trees reflected in the water',
    'nature',
  ),
  p(
    'coast-road',
    'Sahil Yolu',
    'Deniz manzaralı sahil yolu',
    'on a coastal road with the blue sea and horizon behind, sunny day',
    'nature',
  ),
  p(
    'marina',
    'Marina',
    'Yatların demirlediği marina',
    'at a marina with white yachts and a wooden pier, sunny day',
    'nature',
  ),
  p(
    'beach',
    'Plaj',
    'Kumsal, palmiyeler ve deniz',
    'on a sandy beach with palm trees and turquoise sea',
    'nature',
  ),
  p(
    'apartment-front',
    'Apartman Önü',
    'Şehir apartmanının önünde',
    'parked in front of a modern apartment building in daylight',
    'city',
  ),
  p(
    'gated-estate-car-park',
    'Site Otoparkı',
    'Bakımlı site içi açık otopark',
    'in the open car park of a well-kept gated residential estate with trees',
    'city',
  ),
  p(
    'suburban-house',
    'Müstakil Ev Önü',
    'Bahçeli müstakil evin önü',
    'on the driveway of a suburban house with a green lawn',
    'city',
  ),
  p(
    'promo-studio',
    'Tanıtım Stüdyosu',
    'Profesyonel ışıklı tanıtım stüdyosu',
    'in a professional car photo studio with softbox lighting and a seamless backdrop',
    'studio',
  ),
  p(
    'sales-expo',
    'Fuar Standı',
    'Işıklı otomobil fuarı standı',
    'on a car exhibition stand at an auto expo with truss lighting and banners',
    'showroom',
  ),
  p(
    'private-garage',
    'Özel Garaj',
    'Modern, temiz özel garaj',
    'inside a clean modern private garage with epoxy floor and LED lights',
    'special',
  ),
  p(
    'urban-night',
    'Şehir Gecesi',
    'Şehir ışıkları ve gece silüeti',
    'in a city at night with illuminated skyline and bokeh lights',
    'night',
  ),
  p(
    'foggy-morning',
    'Sisli Sabah',
    'Sisli sabahta ağaçlı yol',
    'on a country road on a misty morning with trees fading into fog',
    'nature',
  ),
  p(
    'wedding-car',
    'Gelin Arabası',
    'Çiçekler ve romantik ışıklarla düğün',
    'at a wedding venue with white flowers, petals and soft romantic lights',
    'special',
  ),
  p(
    'service-garage',
    'Servis Atölyesi',
    'Profesyonel oto servis atölyesi',
    'inside a professional car service workshop with tool cabinets and a lift',
    'special',
  ),
  p(
    'spotlight-night',
    'Spot Işıklı Gece',
    'Karanlıkta tek spot ışığı altında',
    'in a dark space under a single dramatic spotlight',
    'night',
  ),
  p(
    'red-carpet',
    'Kırmızı Halı Sergisi',
    'Kırmızı halı, kadife ip ve flaşlar',
    'on a red carpet event with velvet ropes, camera flashes and spotlights',
    'special',
  ),
  p(
    'luxury-hotel-entrance',
    'Lüks Otel Girişi',
    'Işıklı lüks otel girişi',
    'at the illuminated entrance of a luxury hotel with columns and warm lights',
    'special',
  ),
  p(
    'airport-vip',
    'Havalimanı VIP Alanı',
    'Pistte özel jet yanında VIP alan',
    'on an airport VIP apron next to a private jet',
    'special',
  ),
  p(
    'vip-garage-entrance',
    'VIP Garaj Girişi',
    'LED ışıklı yeraltı garaj girişi',
    'at an underground VIP garage entrance with LED light strips',
    'special',
  ),
  p(
    'modern-studio',
    'Modern Stüdyo',
    'Sade, modern gri stüdyo',
    'in a minimalist modern grey photo studio with soft even light',
    'studio',
  ),
];

export interface StudioPreset {
  id: string;
  /** Turkish display name. */
  name: string;
}

/** SPEC §2/§9: the studio wizard's 7 preset backgrounds. */
export const studioPresets: readonly StudioPreset[] = [
  { id: 'studio-white', name: 'Beyaz Stüdyo' },
  { id: 'studio-grey', name: 'Gri Stüdyo' },
  { id: 'studio-dark', name: 'Koyu Stüdyo' },
  { id: 'studio-showroom', name: 'Cam Showroom' },
  { id: 'studio-loft', name: 'Beton Loft' },
  { id: 'studio-blue', name: 'Mavi Gradyan' },
  { id: 'studio-plaza', name: 'Açık Hava Plaza' },
];

export interface GalleryPreset {
  title: string;
  category: PresetCategory;
  popular: boolean;
  /** Scene id rendered for the card (an editor preset id). */
  sceneId: string;
}

/** SPEC §2 Landing page item 3: the preset-backgrounds gallery, mapped to scene ids. */
export const landingGallery: readonly GalleryPreset[] = [
  { title: 'Lüks Showroom', category: 'showroom', popular: true, sceneId: 'luxury-showroom' },
  { title: 'Modern Stüdyo', category: 'studio', popular: true, sceneId: 'modern-studio' },
  { title: 'Şehir Merkezi', category: 'city', popular: false, sceneId: 'city-centre' },
  { title: 'Sahil Yolu', category: 'nature', popular: false, sceneId: 'coast-road' },
  { title: 'Gece Sürüşü', category: 'night', popular: false, sceneId: 'night-drive' },
  { title: 'Kırmızı Halı Sergisi', category: 'special', popular: true, sceneId: 'red-carpet' },
];

export const editorPresetIds = editorPresets.map((x) => x.id) as [string, ...string[]];
export const studioPresetIds = studioPresets.map((x) => x.id) as [string, ...string[]];
export const editorPresetIdSchema = z.enum(editorPresetIds);
export const studioPresetIdSchema = z.enum(studioPresetIds);
/** Any scene id the engine can render. */
export const sceneIdSchema = z.enum([...editorPresetIds, ...studioPresetIds] as [string, ...string[]]);
export type SceneId = z.infer<typeof sceneIdSchema>;
