import {
  ArrowRight,
  Building2,
  Columns2,
  EyeOff,
  ImagePlus,
  PenLine,
  Share2,
  Sparkles,
  Stamp,
  User,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { buttonClass } from '@/components/ui/button';
import { pageMeta } from '@/features/marketing/content/page-meta';
import { usePageMeta } from '@/features/marketing/hooks/use-page-meta';
import { PageHero } from './page-hero';
import { HeadedSection, SectionHeading } from './section-heading';

/** Secondary button on the dark band; not buttonClass, whose light-surface colours would compete. */
const onDarkButton =
  'inline-flex h-12 items-center justify-center gap-2 rounded-lg border border-white/30 px-7 text-base font-semibold text-white transition-colors hover:bg-white/10';

const features = [
  {
    icon: ImagePlus,
    title: 'Arka plan değiştirme',
    text: '30’dan fazla hazır sahne ya da kendi yazdığınız bir sahne tarifi.',
  },
  {
    icon: EyeOff,
    title: 'Plaka gizleme',
    text: 'Plaka otomatik bulunur ve tamamen örtülür; son karakter bile görünmez.',
  },
  {
    icon: PenLine,
    title: 'Plaka özelleştirme',
    text: 'Plakaya galeri adınızı ya da istediğiniz yazıyı, seçtiğiniz renklerde yazın.',
  },
  { icon: Stamp, title: 'Logo ekleme', text: 'Şeffaf PNG logonuz tüm fotoğraflarda aynı köşede ve ölçüde.' },
  {
    icon: Sparkles,
    title: 'Kalite iyileştirme',
    text: 'Işık, renk, kontrast ve netlik tek adımda dengelenir.',
  },
  {
    icon: Columns2,
    title: 'Öncesi / sonrası',
    text: 'Sonucu orijinalle kaydırarak karşılaştırın, beğenince indirin.',
  },
];

const steps = [
  {
    title: 'Fotoğrafı yükleyin',
    text: 'Telefonunuzla çektiğiniz JPG, PNG ya da WebP fotoğrafı sürükleyip bırakın.',
  },
  {
    title: 'İşlemleri seçin',
    text: 'Arka plan, plaka gizleme, plaka yazısı ve temizleme; dilerseniz serbest bir tarif yazın.',
  },
  {
    title: 'Yapay zekâ işlesin',
    text: 'Aracınız ayrılır, yeni sahneye gölgesiyle yerleştirilir; genellikle 5-10 saniye sürer.',
  },
  { title: 'İndirin ve paylaşın', text: 'Öncesi/sonrası karşılaştırın, sonucu indirip ilanınıza ekleyin.' },
];

const audiences = [
  {
    icon: User,
    title: 'Bireysel satıcılar',
    text: 'Aracını satan herkes: tek fotoğraf, otomatik plaka gizleme, ayda 5 fotoğraf.',
  },
  {
    icon: Building2,
    title: 'Galeriler ve bayiler',
    text: 'Toplu fotoğraf, logo, filigransız indirme ve daha yüksek aylık kota.',
  },
  {
    icon: Share2,
    title: 'Sosyal medya kullanıcıları',
    text: 'Paylaşımlarınız için dikkat çeken, tutarlı araç görselleri.',
  },
];

/** SPEC §2 Nedir: features, 4-step how-it-works, audiences and calls to action to /editor and /new. */
export default function NedirPage() {
  usePageMeta(pageMeta.nedir);
  return (
    <div data-testid="nedir">
      <PageHero
        eyebrow="Oto Stüdyo nedir?"
        title="Araç fotoğraflarınız için yapay zekâ stüdyosu"
        lead="Oto Stüdyo, telefonla çekilmiş araç fotoğraflarını saniyeler içinde showroom kalitesine taşır: arka planı değiştirir, plakayı gizler, logonuzu ekler ve görüntüyü iyileştirir."
      />
      <HeadedSection id="nedir-features" eyebrow="Özellikler" title="Neler yapabilirsiniz?">
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.map((f) => (
            <IconCard key={f.title} {...f} />
          ))}
        </ul>
      </HeadedSection>
      <section aria-labelledby="nedir-steps" className="bg-white py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading id="nedir-steps" eyebrow="Nasıl çalışır?" title="4 adımda ilana hazır fotoğraf" />
          <ol className="mt-10 grid gap-5 md:grid-cols-4" data-testid="how-it-works">
            {steps.map((s, i) => (
              <li key={s.title} className="relative rounded-2xl bg-slate-50 p-6">
                <span
                  className="flex h-10 w-10 items-center justify-center rounded-full bg-ink-900 text-lg font-bold text-brand-400"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold">
                  <span className="sr-only">Adım {i + 1}: </span>
                  {s.title}
                </h3>
                <p className="mt-1 text-slate-600">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <HeadedSection id="nedir-audience" eyebrow="Kimler için?" title="Satıcıdan galeriye herkes için">
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          {audiences.map((a) => (
            <IconCard key={a.title} {...a} />
          ))}
        </ul>
      </HeadedSection>
      <section aria-labelledby="nedir-cta" className="px-4 pb-16 sm:px-6">
        <div className="mx-auto max-w-5xl rounded-3xl bg-ink-900 px-6 py-12 text-center text-white">
          <h2 id="nedir-cta" className="text-3xl font-bold tracking-tight">
            Hemen deneyin
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-slate-300">
            Tek bir fotoğrafı adım adım düzenlemek için Kendin Tasarla’yı, logolu ve çok fotoğraflı ilan
            setleri için Stüdyo’yu kullanın.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/editor" className={buttonClass('primary', 'lg')}>
              {tr.nav.editor} <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </Link>
            <Link to="/new" className={onDarkButton}>
              {tr.nav.studio}’yu Aç
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}

/** A feature or an audience: its icon, title and a sentence. */
function IconCard({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text: string }) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Icon className="h-7 w-7 text-brand-600" aria-hidden="true" />
      <h3 className="mt-3 text-lg font-semibold">{title}</h3>
      <p className="mt-1 text-slate-600">{text}</p>
    </li>
  );
}
