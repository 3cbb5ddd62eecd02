import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { company } from '@/features/marketing/content/company';
import { NewsletterForm } from './newsletter-form';

const featureLinks = [
  'Arka plan değiştirme',
  'Plaka gizleme ve özelleştirme',
  'Logo ekleme',
  'Kalite iyileştirme',
  'Öncesi / sonrası karşılaştırma',
];
const siteLinks = [
  { to: '/nedir', label: tr.nav.nedir },
  { to: '/gallery', label: tr.nav.gallery },
  { to: '/about', label: tr.nav.about },
  { to: '/pricing', label: tr.nav.pricing },
  { to: '/contact', label: tr.nav.contact },
];

const linkClass = 'rounded hover:text-white';

/** SPEC §2 Landing item 6: feature lists, the newsletter box, privacy and terms links. */
export function SiteFooter() {
  const m = tr.marketing;
  return (
    <footer className="bg-ink-900 text-slate-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-white">
            Oto <span className="text-brand-400">Stüdyo</span>
          </p>
          <p className="mt-2 text-sm text-slate-400">{tr.brand.tagline}.</p>
          <ul className="mt-4 space-y-2 text-sm">
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-400" aria-hidden="true" />
              {company.address}
            </li>
            <li className="flex items-center gap-2">
              <Phone className="h-4 w-4 text-brand-400" aria-hidden="true" />
              <a href={company.phoneHref} className={linkClass}>
                {company.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail className="h-4 w-4 text-brand-400" aria-hidden="true" />
              <a href={`mailto:${company.supportEmail}`} className={linkClass}>
                {company.supportEmail}
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-semibold text-white">Özellikler</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {featureLinks.map((label) => (
              <li key={label}>
                <Link to="/nedir" className={linkClass}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Site haritası">
          <h2 className="font-semibold text-white">Oto Stüdyo</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {siteLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <NewsletterForm />
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-5 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>
            © {new Date().getFullYear()} {tr.brand.name}. Tüm hakları saklıdır.
          </p>
          <nav aria-label="Yasal" className="flex flex-wrap gap-x-5 gap-y-2">
            <Link to="/kvkk" className={linkClass}>
              {m.privacyPolicy}
            </Link>
            <Link to="/kvkk#kullanim-kosullari" className={linkClass}>
              {m.terms}
            </Link>
            <Link to="/kvkk" className={linkClass}>
              {m.kvkk}
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
