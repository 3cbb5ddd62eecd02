import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { emailInputProps } from '@/components/auth-card';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { subscribeNewsletter } from '@/features/marketing/api/site.api';

// Zod stays out of the first-paint bundle (the footer is on every page); the server validates with the
// shared schema and its message is shown when it disagrees.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The footer's newsletter box (SPEC §2 item 6): e-mail input and 'ABONE OL', stored server-side. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const m = tr.marketing;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const value = email.trim();
    const problem = !value
      ? tr.validation.emailRequired
      : EMAIL.test(value)
        ? null
        : tr.validation.emailInvalid;
    setError(problem);
    setDone(null);
    if (problem) return;
    setPending(true);
    try {
      const res = await subscribeNewsletter({ email: value, source: 'footer' });
      setDone(res.message);
      setEmail('');
      toast.success(res.message);
    } catch (err) {
      const message = err instanceof ApiError && err.status === 400 ? err.message : tr.site.newsletterFailed;
      setError(message);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="newsletter-title" data-testid="newsletter-form">
      <h2 id="newsletter-title" className="font-semibold text-white">
        {m.newsletterTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-400">{m.newsletterBody}</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          {m.newsletterLabel}
        </label>
        <input
          id="newsletter-email"
          {...emailInputProps}
          placeholder={tr.auth.emailPlaceholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-error' : done ? 'newsletter-done' : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-slate-600 bg-slate-800 px-3 text-base text-white placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/40 focus:outline-none aria-[invalid=true]:border-red-400 sm:text-sm"
        />
        <Button type="submit" disabled={pending}>
          {m.subscribe}
        </Button>
      </div>
      {error && (
        <p id="newsletter-error" role="alert" className="mt-2 text-sm text-red-300">
          {error}
        </p>
      )}
      <p id="newsletter-done" role="status" className="mt-2 text-sm text-emerald-300">
        {done}
      </p>
    </form>
  );
}
