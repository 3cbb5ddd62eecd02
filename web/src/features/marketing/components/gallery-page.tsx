import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { pageMeta } from '@/features/marketing/content/page-meta';
import { usePageMeta } from '@/features/marketing/hooks/use-page-meta';
import { BeforeAfter } from '@/components/before-after';
import { PageHero } from './page-hero';

/** SPEC §2 Gallery: three before/after examples: real photos through our engine (scenes/site-images.ts). */
const examples = [
  {
    id: 'showroom',
    title: 'Otopark → Lüks Showroom',
    text: 'Arka plan değiştirme ve plaka özelleştirme: zemindeki yansıma ve temas gölgesi otomatik.',
    alt: 'Otoparkta çekilmiş beyaz hatchback, lüks showroomda ve özel plakalı',
  },
  {
    id: 'coast',
    title: 'Otopark → Sahil Yolu',
    text: 'Arka plan değiştirme ve plaka özelleştirme: plakada sizin belirlediğiniz yazı.',
    alt: 'Otoparktaki gri hatchback, deniz kenarındaki sahil yolunda ve özel plakalı',
  },
  {
    id: 'night',
    title: 'Otopark → Gece Sürüşü',
    text: 'Arka plan değiştirme ve plaka özelleştirme: aracın ışığı gece sahnesine göre ayarlanır.',
    alt: 'Otoparktaki gümüş hatchback, gece yolunda ve özel plakalı',
  },
];

export default function GalleryPage() {
  usePageMeta(pageMeta.gallery);
  return (
    <div data-testid="gallery">
      <PageHero
        eyebrow="Galeri"
        title="Öncesi ve sonrası"
        lead="Kaydırıcıyı sürükleyin (ya da odaklayıp ok tuşlarını kullanın) ve sıradan bir fotoğrafın ilana hazır hâle gelişini görün."
      />
      <div className="mx-auto flex max-w-5xl flex-col gap-14 px-4 py-16 sm:px-6">
        {examples.map((ex, i) => (
          <section key={ex.id} aria-labelledby={`example-${ex.id}`}>
            <h2 id={`example-${ex.id}`} className="text-2xl font-bold tracking-tight">
              {ex.title}
            </h2>
            <p className="mt-1 mb-4 text-slate-600">{ex.text}</p>
            <BeforeAfter
              before={`/img/gallery/${ex.id}-before.jpg`}
              after={`/img/gallery/${ex.id}-after.jpg`}
              alt={ex.alt}
              size={{ width: 1000, height: 625 }}
              eager={i === 0}
              testId="before-after"
            />
          </section>
        ))}
        <section
          aria-labelledby="gallery-cta"
          className="rounded-3xl bg-ink-900 px-6 py-10 text-center text-white"
        >
          <h2 id="gallery-cta" className="text-2xl font-bold">
            Sıra sizin aracınızda
          </h2>
          <p className="mt-2 text-slate-300">Kayıt olun, ilk fotoğrafınızı birkaç saniyede dönüştürün.</p>
          <Link to="/register" className={`${buttonClass('primary', 'lg')} mt-6`}>
            Hemen Kayıt Ol <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
        </section>
      </div>
    </div>
  );
}
