/** Turkish title and description of each public page (search results and link previews). */
export interface PageMeta {
  path: string;
  title: string;
  description: string;
}

export const pageMeta = {
  landing: {
    path: '/',
    title: 'Oto Stüdyo — Yapay zekâ ile showroom kalitesinde araç fotoğrafları',
    description:
      'Araç satış fotoğraflarınızı saniyeler içinde showroom kalitesine taşıyın: arka plan değiştirme, plaka gizleme, logo ekleme ve kalite iyileştirme.',
  },
  about: {
    path: '/about',
    title: 'Hakkımızda',
    description:
      'Oto Stüdyo, galeriler ve bireysel satıcılar için araç fotoğraflarını yapay zekâ ile showroom kalitesine taşır. Vizyonumuz, sunduklarımız ve teknolojimiz.',
  },
  nedir: {
    path: '/nedir',
    title: 'Oto Stüdyo Nedir?',
    description:
      'Arka plan değiştirme, plaka gizleme, logo ekleme ve kalite iyileştirme: Oto Stüdyo’nun 4 adımda nasıl çalıştığını ve kimler için olduğunu öğrenin.',
  },
  gallery: {
    path: '/gallery',
    title: 'Galeri',
    description:
      'Öncesi ve sonrası: sıradan otopark ve sokak fotoğraflarının showroom, sahil yolu ve gece sahnelerine dönüşümünü kaydırarak karşılaştırın.',
  },
  contact: {
    path: '/contact',
    title: 'İletişim',
    description:
      'Destek, ödeme, özellik önerisi ve iş ortaklığı için bize yazın. Sık sorulan sorular, adresimiz ve telefon numaramız.',
  },
  kvkk: {
    path: '/kvkk',
    title: 'KVKK Aydınlatma Metni',
    description:
      '6698 sayılı KVKK kapsamında aydınlatma metni: hangi verileri hangi amaçla işlediğimiz, fotoğrafların saklanma süresi, aktarımlar ve haklarınız.',
  },
} satisfies Record<string, PageMeta>;
