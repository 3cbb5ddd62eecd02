import {
  ArrowRight,
  Building2,
  Check,
  Columns2,
  Eye,
  EyeOff,
  ImagePlus,
  Share2,
  Sparkles,
  Stamp,
  User,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { plans } from '@contract/plans';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { landingPresets, type LandingPreset } from '@/features/marketing/content/landing-presets';
import { pageMeta } from '@/features/marketing/content/page-meta';
import { usePageMeta } from '@/features/marketing/hooks/use-page-meta';
import { BeforeAfter } from '@/components/before-after';
import { PresetPreviewDialog } from './preset-preview-dialog';
import { HeadedSection, SectionHeading } from './section-heading';

const m = tr.marketing;
/** Secondary button on the dark hero; not buttonClass, whose light-surface colours would compete. */
const onDarkButton =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/30 px-7 text-base font-semibold text-white transition-colors hover:bg-white/10';

/** SPEC §2 Landing item 2: four featured features and where each one is done. */
const features = [
  {
    icon: ImagePlus,
    title: 'Arka Plan Değiştirme',
    text: 'Otopark, sokak ya da garaj fark etmez: aracınızı tek tıkla showroom, stüdyo veya şehir sahnesine taşıyın.',
    to: '/editor',
  },
  {
    icon: EyeOff,
    title: 'Plaka Gizleme',
    text: 'Plakayı otomatik bulur, bulanıklaştırır ya da dilediğiniz yazıyla Türk plakası biçiminde değiştirir.',
    to: '/editor',
  },
  {
    icon: Stamp,
    title: 'Logo Ekleme',
    text: 'Galerinizin logosunu her fotoğrafa aynı köşede, aynı boyutta ekleyin; ilanlarınız tek bakışta tanınsın.',
    to: '/new',
  },
  {
    icon: Columns2,
    title: 'Öncesi / Sonrası Karşılaştırma',
    text: 'Sonucu orijinal fotoğrafla yan yana kaydırarak karşılaştırın, beğendiğinizde indirin.',
    to: '/editor',
  },
] as const;

const audiences = [
  {
    icon: User,
    title: 'Bireysel Satıcılar',
    plan: plans.basic,
    text: 'Aracını satan herkes için: tek fotoğraf işleme, otomatik plaka gizleme ve ayda 5 fotoğraf.',
  },
  {
    icon: Building2,
    title: 'Galeriler ve Bayiler',
    plan: plans.pro,
    text: 'Oto galeriler ve ikinci el ticareti için: çoklu fotoğraf işleme, filigransız indirme, logo ve daha yüksek kota.',
  },
  {
    icon: Share2,
    title: 'Sosyal Medya Kullanıcıları',
    plan: plans.basic,
    text: 'Instagram ve ilan paylaşımlarınız için dikkat çeken, tutarlı ve profesyonel görünen araç fotoğrafları.',
  },
] as const;

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="bg-ink-900 text-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-2">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm text-brand-400">
            <Sparkles className="h-4 w-4" aria-hidden="true" /> Yapay zekâ destekli araç fotoğrafı stüdyosu
          </p>
          <h1 id="hero-title" className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Araç fotoğraflarınız saniyeler içinde <span className="text-brand-400">showroom kalitesinde</span>
          </h1>
          <p className="mt-5 text-lg text-slate-300">
            Arka planı değiştirin, plakayı gizleyin, galeri logonuzu ekleyin. Aracınızın kendisi asla yeniden
            çizilmez; yalnızca çevresi profesyonelleşir. İlanınız daha çok görüntülenir, aracınız daha hızlı
            satılır.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/editor" className={buttonClass('primary', 'lg')} data-testid="hero-cta">
              {m.startNow}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
            <Link to="/gallery" className={onDarkButton}>
              <Eye className="h-5 w-5" aria-hidden="true" /> Örnekleri İncele
            </Link>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-slate-300 sm:grid-cols-3">
            {['Sonuç saniyeler içinde', 'Araç pikselleri değişmez', 'KVKK’ya uygun saklama'].map((t) => (
              <li key={t} className="flex items-center gap-2">
                <Check className="h-4 w-4 text-brand-400" aria-hidden="true" /> {t}
              </li>
            ))}
          </ul>
        </div>
        <BeforeAfter
          before="/img/gallery/showroom-before-sm.jpg"
          after="/img/gallery/showroom-after-sm.jpg"
          alt="Otoparkta çekilmiş beyaz hatchback, lüks showroom arka planında ve özel plakalı"
          size={{ width: 640, height: 400 }}
          eager
          testId="before-after"
        />
      </div>
    </section>
  );
}

function Features() {
  return (
    <HeadedSection
      id="features-title"
      eyebrow="Öne çıkan özellikler"
      title="İlan fotoğrafı için gereken her şey tek yerde"
      lead="Fotoğrafçı, stüdyo ya da photoshop bilgisi gerekmez."
    >
      <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4" data-testid="feature-cards">
        {features.map(({ icon: Icon, title, text, to }) => (
          <li
            key={title}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 flex-1 text-sm text-slate-600">{text}</p>
            <Link
              to={to}
              className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-600"
              aria-label={`${title}: hemen dene`}
            >
              Hemen dene <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

function Presets() {
  const [open, setOpen] = useState<LandingPreset | null>(null);
  return (
    <section aria-labelledby="presets-title" className="bg-white py-16" data-testid="preset-gallery">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="presets-title"
          eyebrow="Hazır arka planlar"
          title="Aracınıza yakışan sahneyi seçin"
          lead="Showroom’dan sahil yoluna, 30’dan fazla hazır sahne. Aynı ilanın tüm fotoğraflarında aynı sahne ve ışık."
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {landingPresets.map((preset) => (
            <li
              key={preset.sceneId}
              className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 shadow-sm"
              data-testid="preset-card"
            >
              <img
                src={`/img/presets/${preset.sceneId}-card.jpg`}
                alt=""
                width={480}
                height={300}
                loading="lazy"
                decoding="async"
                className="aspect-[16/10] w-full bg-slate-200 object-cover"
              />
              <div className="flex items-center justify-between gap-3 p-4">
                <div>
                  <h3 className="font-semibold">{preset.title}</h3>
                  <div className="mt-1 flex gap-2">
                    <Badge>{preset.category}</Badge>
                    {preset.popular && <Badge tone="brand">{m.popular}</Badge>}
                  </div>
                </div>
                <button
                  type="button"
                  className={buttonClass('outline', 'sm')}
                  onClick={() => setOpen(preset)}
                  aria-label={`${m.preview}: ${preset.title}`}
                >
                  <Eye className="h-4 w-4" aria-hidden="true" />
                  {m.preview}
                </button>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-10 text-center">
          <Link to="/register" className={buttonClass('dark', 'lg')}>
            {m.startRightAway}
          </Link>
        </div>
      </div>
      <PresetPreviewDialog preset={open} onClose={() => setOpen(null)} />
    </section>
  );
}

function Audiences() {
  return (
    <HeadedSection
      id="audience-title"
      eyebrow="Kimler için?"
      title="Tek aracını satandan yüzlerce araçlı galeriye"
      lead="İhtiyacınıza göre aylık veya yıllık plan seçin; yıllık ödemede %10 indirim."
    >
      <ul className="mt-10 grid gap-5 md:grid-cols-3" data-testid="audience-cards">
        {audiences.map(({ icon: Icon, title, plan, text }) => (
          <li
            key={title}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
            <h3 className="mt-4 text-xl font-semibold">{title}</h3>
            <p className="mt-2 flex-1 text-slate-600">{text}</p>
            <p className="mt-4 text-sm text-slate-500">
              {plan.name} planı{' '}
              <span className="font-semibold text-slate-900">{plan.monthlyPriceKurus / 100} TL/ay</span>
            </p>
            <Link to="/pricing" className={cn(buttonClass('outline'), 'mt-4')}>
              {m.viewPlans}
            </Link>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}

function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6">
      <div className="mx-auto max-w-7xl rounded-3xl bg-gradient-to-br from-ink-900 to-slate-800 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          İlk ilan fotoğrafınızı bugün hazırlayın
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-300">
          Kayıt olun, planınızı seçin ve dakikalar içinde aracınızı showroom kalitesinde yayınlayın.
        </p>
        <Link to="/register" className={cn(buttonClass('primary', 'lg'), 'mt-8')}>
          Hemen Kayıt Ol <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}

/** SPEC §2 Landing page: hero, features, preset gallery, audiences/plans, closing call to action. */
export default function LandingPage() {
  usePageMeta(pageMeta.landing);
  return (
    <div data-testid="landing">
      <Hero />
      <Features />
      <Presets />
      <Audiences />
      <ClosingCta />
    </div>
  );
}
