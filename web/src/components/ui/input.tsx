import { forwardRef, useId, type InputHTMLAttributes, type LabelHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return (
    <input
      ref={ref}
      className={cn(
        'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 sm:text-sm',
        'placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none',
        'aria-[invalid=true]:border-red-500',
        className,
      )}
      {...props}
    />
  );
});

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('mb-1.5 block text-sm font-medium text-slate-700', className)} {...props} />;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: ReactNode;
  value: string;
  /** Receives what was typed. */
  onValue: (value: string) => void;
};

/** A label and its input in one block; the label is tied to the input by `id`, or by one made here. */
export function TextField({ label, onValue, id, ...props }: TextFieldProps) {
  const made = useId();
  return (
    <div>
      <Label htmlFor={id ?? made}>{label}</Label>
      <Input id={id ?? made} onChange={(e) => onValue(e.target.value)} {...props} />
    </div>
  );
}

/** A password field: a new password unless `autoComplete` says it asks for the current one. */
export function PasswordField({ autoComplete = 'new-password', ...props }: TextFieldProps) {
  return <TextField type="password" autoComplete={autoComplete} {...props} />;
}
