import { Cpu, EyeOff, ImagePlus, ShieldCheck, Sparkles, Stamp, Target, Zap } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { pageMeta } from '@/features/marketing/content/page-meta';
import { usePageMeta } from '@/features/marketing/hooks/use-page-meta';
import { PageHero } from './page-hero';
import { HeadedSection, SectionHeading } from './section-heading';

/** SPEC §2 About: what is offered. */
const offers = [
  {
    icon: ImagePlus,
    title: 'Yapay zekâ ile arka plan değiştirme',
    text: 'Aracınızı fotoğraftan hassasça ayırır; showroom, stüdyo, şehir ya da doğa sahnesine gölgesi ve yansımasıyla yerleştiririz.',
  },
  {
    icon: EyeOff,
    title: 'Plaka gizleme ve düzenleme',
    text: 'Plakayı otomatik buluruz; bulanıklaştırır ya da sizin belirlediğiniz yazıyla gerçek ölçülerde bir Türk plakası yerleştiririz.',
  },
  {
    icon: Stamp,
    title: 'Logo ekleme ve kompozisyon',
    text: 'Galeri logonuzu her fotoğrafta aynı yerde ve ölçüde kullanır, ilan setinizin tamamını aynı sahnede ve kadrajda hazırlarız.',
  },
  {
    icon: Sparkles,
    title: 'Profesyonel iyileştirme',
    text: 'Beyaz dengesi, pozlama, kontrast ve netlik ayarlarıyla fotoğrafınızı bir stüdyo çekimi kadar temiz gösteririz.',
  },
];

const tech = [
  {
    icon: Cpu,
    title: 'Aracınız yeniden çizilmez',
    text: 'Araç, orijinal fotoğrafınızın pikselleriyle yeni sahneye yerleştirilir. Jant, boya, hasar ya da donanım “güzelleştirilmez”; alıcı ilanda gördüğü aracı bulur.',
  },
  {
    icon: Zap,
    title: 'Saniyeler içinde sonuç',
    text: 'Dönüşümler genellikle 5-10 saniye sürer. İşler bir kuyrukta sırayla ve güvenle işlenir; yoğun saatlerde bile sonuç kaybolmaz.',
  },
  {
    icon: ShieldCheck,
    title: 'Gizlilik tasarımın parçası',
    text: 'Fotoğraflar aktarımda şifrelenir, konum bilgisi (EXIF/GPS) silinir, orijinaller işlendikten sonra, sonuçlar ise varsayılan olarak 24 saat sonra silinir.',
  },
];

export default function AboutPage() {
  usePageMeta(pageMeta.about);
  return (
    <div data-testid="about">
      <PageHero
        eyebrow="Hakkımızda"
        title="Her araç, en iyi fotoğrafını hak eder"
        lead="Oto Stüdyo; bireysel satıcıların ve galerilerin araç fotoğraflarını yapay zekâ ile showroom kalitesine taşıyan, Türkiye’de geliştirilen bir hizmettir."
      />
      <section aria-labelledby="vision-title" className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
        <div className="grid gap-8 md:grid-cols-[auto_1fr] md:items-start">
          <span className="flex h-14 w-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700">
            <Target className="h-7 w-7" aria-hidden="true" />
          </span>
          <div>
            <h2 id="vision-title" className="text-3xl font-bold tracking-tight">
              Vizyonumuz
            </h2>
            <p className="mt-4 text-lg text-slate-700">
              İkinci el araç ilanlarında ilk izlenim fotoğraftır. Oysa çoğu araç otoparkta, sokakta ya da
              garaj önünde, dağınık bir arka planla ve görünen bir plakayla fotoğraflanır. Profesyonel stüdyo
              çekimi ise hem pahalı hem de zaman alıcıdır.
            </p>
            <p className="mt-4 text-lg text-slate-700">
              Amacımız, telefonla çekilmiş bir fotoğrafı birkaç saniyede vitrine yakışır hâle getirmek; tek
              aracını satan kişiyle yüzlerce aracı olan galeriye aynı profesyonel sonucu, dürüst ve
              ulaşılabilir bir fiyatla sunmaktır.
            </p>
          </div>
        </div>
      </section>
      <section aria-labelledby="offer-title" className="bg-white py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading
            id="offer-title"
            eyebrow="Sunduklarımız"
            title="Bir ilan fotoğrafı için gereken her şey"
          />
          <ul className="mt-10 grid gap-5 sm:grid-cols-2">
            {offers.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 p-6">
                <Icon className="h-7 w-7 shrink-0 text-brand-600" aria-hidden="true" />
                <div>
                  <h3 className="text-lg font-semibold">{title}</h3>
                  <p className="mt-1 text-slate-600">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <HeadedSection
        id="tech-title"
        eyebrow="Teknoloji"
        title="Güvenilir sonuç için tasarlandı"
        lead="Araç ayrıştırma, plaka tespiti ve sahne üretimi için kendi işlem hattımızı kullanıyoruz."
      >
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {tech.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon className="h-7 w-7 text-brand-600" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-wrap justify-center gap-3">
          <Link to="/register" className={buttonClass('primary', 'lg')}>
            Hemen Kayıt Ol
          </Link>
          <Link to="/contact" className={buttonClass('outline', 'lg')}>
            Bize Ulaşın
          </Link>
        </div>
      </HeadedSection>
    </div>
  );
}
