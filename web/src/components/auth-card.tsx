import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';

/** The narrow card of the sign-in, password and e-mail verification pages, with its title. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

/** The centred link under such a card's form (back to sign-in, to settings, to sign-up). */
export function AuthCardLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to={to} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        {children}
      </Link>
    </p>
  );
}

/** The attributes of every e-mail address field (keyboard, autofill). */
export const emailInputProps = { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;

/** The e-mail address field of the sign-in and forgotten-password forms. */
export function EmailField({ value, onValue }: { value: string; onValue: (value: string) => void }) {
  return (
    <TextField
      label={tr.auth.email}
      name="email"
      {...emailInputProps}
      placeholder={tr.auth.emailPlaceholder}
      value={value}
      onValue={onValue}
      required
    />
  );
}
