import { useMutation } from '@tanstack/react-query';
import { Clock, Mail, MapPin, Phone, Send } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import {
  CONTACT_LIMITS,
  contactCategories,
  contactRequestSchema,
  type ContactCategory,
} from '@contract/site.schema';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { sendContactMessage } from '@/features/marketing/api/site.api';
import { company } from '@/features/marketing/content/company';
import { faq } from '@/features/marketing/content/faq';
import { pageMeta } from '@/features/marketing/content/page-meta';
import { usePageMeta } from '@/features/marketing/hooks/use-page-meta';
import { PageHero } from './page-hero';

type Fields = {
  name: string;
  email: string;
  category: ContactCategory | '';
  subject: string;
  message: string;
};
type FieldName = keyof Fields;
const empty: Fields = { name: '', email: '', category: '', subject: '', message: '' };
const order: FieldName[] = ['name', 'email', 'category', 'subject', 'message'];

const fieldClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 sm:text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none aria-[invalid=true]:border-red-500';

function ContactForm() {
  const [values, setValues] = useState<Fields>(empty);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: (res) => {
      setValues(empty);
      setSent(res.message);
      toast.success(res.message);
    },
    onError: (err) =>
      toast.error(tr.common.error, {
        description: err instanceof ApiError ? err.message : tr.site.contactFailed,
      }),
  });

  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (errors[name]) setErrors((x) => ({ ...x, [name]: undefined }));
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSent(null);
    const parsed = contactRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= issue.message;
      }
      setErrors(next);
      // Move focus to the first field with a problem, so keyboard and screen-reader users land on it.
      const first = order.find((k) => next[k]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  const a11y = (name: FieldName) => ({
    id: `contact-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      data-testid="contact-form"
      aria-labelledby="contact-form-title"
    >
      <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight">
        Bize yazın
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor="contact-name">Ad Soyad</Label>
          <Input
            {...a11y('name')}
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            maxLength={CONTACT_LIMITS.name}
          />
          <FieldError id="contact-name-error" message={errors.name} />
        </div>
        <div>
          <Label htmlFor="contact-email">{tr.auth.email}</Label>
          <Input
            {...a11y('email')}
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            placeholder={tr.auth.emailPlaceholder}
          />
          <FieldError id="contact-email-error" message={errors.email} />
        </div>
      </div>
      <div>
        <Label htmlFor="contact-category">Kategori</Label>
        <select
          {...a11y('category')}
          value={values.category}
          onChange={set('category')}
          className={cn(fieldClass, 'h-11')}
        >
          <option value="">Kategori seçin</option>
          {contactCategories.map((c) => (
            <option key={c} value={c}>
              {tr.site.contactCategories[c]}
            </option>
          ))}
        </select>
        <FieldError id="contact-category-error" message={errors.category} />
      </div>
      <div>
        <Label htmlFor="contact-subject">Konu</Label>
        <Input
          {...a11y('subject')}
          value={values.subject}
          onChange={set('subject')}
          maxLength={CONTACT_LIMITS.subject}
        />
        <FieldError id="contact-subject-error" message={errors.subject} />
      </div>
      <div>
        <Label htmlFor="contact-message">Mesajınız</Label>
        <textarea
          {...a11y('message')}
          rows={6}
          value={values.message}
          onChange={set('message')}
          maxLength={CONTACT_LIMITS.messageMax}
          className={cn(fieldClass, 'py-2')}
        />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      <Button type="submit" size="lg" disabled={mutation.isPending} className="w-full sm:w-auto">
        <Send className="h-4 w-4" aria-hidden="true" />
        {mutation.isPending ? 'Gönderiliyor...' : 'Mesajı Gönder'}
      </Button>
      <p role="status" className="text-sm font-medium text-emerald-700" data-testid="contact-sent">
        {sent}
      </p>
    </form>
  );
}

/** SPEC §2 Contact: the form (stored for the admin console), six FAQ entries, address and phone. */
export default function ContactPage() {
  usePageMeta(pageMeta.contact);
  return (
    <div data-testid="contact">
      <PageHero
        eyebrow="İletişim"
        title="Size nasıl yardımcı olabiliriz?"
        lead="Destek, ödeme, özellik önerisi ya da iş ortaklığı: bize yazın, genellikle yaklaşık 2 saat içinde yanıt veriyoruz."
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <ContactForm />
        </div>
        <aside aria-labelledby="contact-info-title" className="space-y-6">
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 id="contact-info-title" className="text-xl font-bold">
              İletişim bilgileri
            </h2>
            <address className="mt-4 space-y-3 not-italic">
              <p className="flex items-start gap-3">
                <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
                <span>
                  <span className="block font-semibold">Genel Merkez</span>
                  {company.legalName}
                  <br />
                  {company.address}
                </span>
              </p>
              <p className="flex items-center gap-3">
                <Phone className="h-5 w-5 text-brand-600" aria-hidden="true" />
                <a href={company.phoneHref} className="font-semibold hover:underline">
                  {company.phone}
                </a>
              </p>
              <p className="flex items-center gap-3">
                <Mail className="h-5 w-5 text-brand-600" aria-hidden="true" />
                <a href={`mailto:${company.supportEmail}`} className="hover:underline">
                  {company.supportEmail}
                </a>
              </p>
              <p className="flex items-center gap-3">
                <Clock className="h-5 w-5 text-brand-600" aria-hidden="true" />
                {company.hours}
              </p>
            </address>
          </div>
        </aside>
      </div>
      <section aria-labelledby="faq-title" className="bg-white py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="faq-title" className="text-center text-3xl font-bold tracking-tight">
            Sık sorulan sorular
          </h2>
          <div
            className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200"
            data-testid="faq"
          >
            {faq.map((item) => (
              <details key={item.q} className="group p-5 [&_summary::-webkit-details-marker]:hidden">
                <summary className="flex cursor-pointer items-center justify-between gap-4 rounded font-semibold">
                  {item.q}
                  <span
                    aria-hidden="true"
                    className="text-xl text-brand-600 transition-transform group-open:rotate-45"
                  >
                    +
                  </span>
                </summary>
                <p className="mt-3 text-slate-600">{item.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </div>
  );
}
