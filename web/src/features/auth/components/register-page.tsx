import { useId, useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@contract/auth.schema';
import { tr } from '@contract/messages.tr';
import {
  billingCycles,
  formatTl,
  periodPriceKurus,
  plans,
  planTypes,
  type BillingCycle,
  type PlanType,
} from '@contract/plans';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxLabel } from '@/components/ui/checkbox';
import { FieldError, Input, Label } from '@/components/ui/input';
import { PaymentModal } from '@/components/payment-modal';
import { subscribe } from '@/shared/billing/api/billing.api';
import { useAuth } from '@/shared/auth/hooks/use-auth';
import { useCheckout } from '@/shared/billing/hooks/use-checkout';
import { usePromoCode } from '@/shared/billing/hooks/use-promo-code';
import { usePageTitle } from '@/lib/use-page-title';

const t = tr.register;
const v = tr.validation;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

type Field =
  | 'email'
  | 'password'
  | 'confirm'
  | 'phone'
  | 'firstName'
  | 'lastName'
  | 'username'
  | 'companyName'
  | 'taxNumber';

/** Payment-first registration (SPEC §4, §5): the account is created only after the payment succeeds. */
export function RegisterPage() {
  usePageTitle(t.title);
  const { status } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialPlan = planTypes.includes(params.get('plan') as PlanType)
    ? (params.get('plan') as PlanType)
    : 'pro';
  const [planType, setPlanType] = useState<PlanType>(initialPlan);
  const [cycle, setCycle] = useState<BillingCycle>(params.get('cycle') === 'yearly' ? 'yearly' : 'monthly');
  const [values, setValues] = useState<Record<Field, string>>({
    email: '',
    password: '',
    confirm: '',
    phone: '',
    firstName: '',
    lastName: '',
    username: '',
    companyName: '',
    taxNumber: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [kvkk, setKvkk] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [aiData, setAiData] = useState(false);
  const id = useId();
  // SPEC §7: the code goes with the registration only once applied (validated by the server).
  const promoCode = usePromoCode();
  const promo = promoCode.applied;
  const checkout = useCheckout({
    errorTitle: tr.auth.registerErrorTitle,
    errorFallback: tr.auth.registerErrorFallback,
    onPaid: (intent) => navigate(`/payment-success?merchantOid=${intent.id}`),
    // A declined card stays in the modal with a retry: the form behind it keeps everything typed.
  });

  const errors = useMemo(() => {
    const e: Partial<Record<Field, string>> = {};
    if (!values.email.trim()) e.email = v.emailRequired;
    else if (!EMAIL_RE.test(values.email.trim())) e.email = v.emailInvalid;
    if (!values.password) e.password = v.passwordRequired;
    else if (values.password.length < MIN_PASSWORD_LENGTH) e.password = v.passwordTooShort;
    if (!values.confirm) e.confirm = v.confirmRequired;
    else if (values.confirm !== values.password) e.confirm = v.passwordsDontMatch;
    if (!values.phone.trim()) e.phone = v.phoneRequired;
    if (planType === 'business') {
      if (!values.companyName.trim()) e.companyName = v.companyRequired;
      if (!values.taxNumber.trim()) e.taxNumber = v.taxNumberRequired;
      else if (!/^\d{10,11}$/.test(values.taxNumber.trim())) e.taxNumber = v.taxNumberInvalid;
    }
    return e;
  }, [values, planType]);

  // SPEC §5: enabled only with e-mail, password, phone and confirmation filled, matching, 8+ characters, KVKK ticked.
  const canSubmit =
    Boolean(values.email.trim() && values.password && values.phone.trim() && values.confirm) &&
    values.password === values.confirm &&
    values.password.length >= MIN_PASSWORD_LENGTH &&
    kvkk &&
    (planType !== 'business' || (!errors.companyName && !errors.taxNumber));

  if (status === 'authenticated' && !checkout.intent) return <Navigate to="/pricing" replace />;

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((s) => ({ ...s, [field]: e.target.value }));
  const blur = (field: Field) => () => setTouched((s) => ({ ...s, [field]: true }));
  const shown = (field: Field) => (touched[field] ? errors[field] : undefined);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({
      email: true,
      password: true,
      confirm: true,
      phone: true,
      companyName: true,
      taxNumber: true,
    });
    if (!canSubmit || Object.keys(errors).length > 0) return;
    await checkout.start(() =>
      subscribe({
        planType,
        billingCycle: cycle,
        ...(promo ? { promoCode: promo.code } : {}),
        registrationData: {
          email: values.email.trim(),
          password: values.password,
          confirmPassword: values.confirm,
          phone: values.phone.trim(),
          firstName: values.firstName.trim() || null,
          lastName: values.lastName.trim() || null,
          username: values.username.trim() || null,
          companyName: values.companyName.trim() || null,
          taxNumber: values.taxNumber.trim() || null,
          planType,
          kvkkAccepted: kvkk,
          marketingConsent: marketing,
          aiDataConsent: aiData,
        },
      }),
    );
  };

  const field = (name: Field, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        onChange={set(name)}
        onBlur={blur(name)}
        aria-invalid={Boolean(shown(name))}
        aria-describedby={shown(name) ? `${id}-${name}-error` : undefined}
        {...props}
      />
      <FieldError id={`${id}-${name}-error`} message={shown(name)} />
    </div>
  );

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10" data-testid="register">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold">{t.title}</h1>
        <p className="mt-1 text-sm text-slate-600">{t.subtitle}</p>
        <form className="mt-6 space-y-4" onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor={`${id}-plan`}>{t.plan}</Label>
              <select
                id={`${id}-plan`}
                value={planType}
                onChange={(e) => {
                  setPlanType(e.target.value as PlanType);
                  promoCode.clear(); // changing the plan clears the promo (SPEC §4)
                }}
                className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm"
              >
                {planTypes.map((p) => (
                  <option key={p} value={p}>
                    {plans[p].name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <Label htmlFor={`${id}-cycle`}>{t.cycle}</Label>
              <select
                id={`${id}-cycle`}
                value={cycle}
                onChange={(e) => {
                  setCycle(e.target.value as BillingCycle);
                  promoCode.clear();
                }}
                className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:text-sm"
              >
                {billingCycles.map((c) => (
                  <option key={c} value={c}>
                    {c === 'monthly' ? tr.pricing.monthly : tr.pricing.yearly}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('firstName', t.firstName, { autoComplete: 'given-name' })}
            {field('lastName', t.lastName, { autoComplete: 'family-name' })}
          </div>
          {field('email', tr.auth.email, { type: 'email', autoComplete: 'email', required: true })}
          {field('phone', t.phone, {
            type: 'tel',
            autoComplete: 'tel',
            placeholder: t.phonePlaceholder,
            required: true,
          })}
          {field('username', t.username, { autoComplete: 'username' })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('password', tr.auth.password, {
              type: 'password',
              autoComplete: 'new-password',
              required: true,
            })}
            {field('confirm', t.confirm, { type: 'password', autoComplete: 'new-password', required: true })}
          </div>
          {planType === 'business' && (
            <div className="grid gap-4 sm:grid-cols-2">
              {field('companyName', t.companyName, { autoComplete: 'organization', required: true })}
              {field('taxNumber', t.taxNumber, { inputMode: 'numeric', required: true })}
            </div>
          )}
          <fieldset className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm">
            <legend className="sr-only">Onaylar</legend>
            <CheckboxLabel
              className="flex gap-3"
              boxClassName="mt-0.5 h-4 w-4"
              checked={kvkk}
              onCheckedChange={setKvkk}
              required
            >
              <span>
                <Link to="/kvkk" target="_blank" className="font-semibold text-brand-700 underline">
                  {t.kvkkLink}
                </Link>{' '}
                — {t.kvkk}
              </span>
            </CheckboxLabel>
            {(
              [
                [marketing, setMarketing, t.marketing],
                [aiData, setAiData, t.aiData],
              ] as const
            ).map(([checked, onCheckedChange, label]) => (
              <CheckboxLabel
                key={label}
                className="flex gap-3"
                boxClassName="mt-0.5 h-4 w-4"
                checked={checked}
                onCheckedChange={onCheckedChange}
              >
                <span>{label}</span>
              </CheckboxLabel>
            ))}
          </fieldset>
          {planType === 'pro' && (
            <div>
              <Label htmlFor={`${id}-promo`}>{tr.pricing.promoLabel}</Label>
              <div className="flex gap-2">
                <Input
                  id={`${id}-promo`}
                  value={promo ? promo.code : promoCode.input}
                  onChange={(e) => promoCode.setInput(e.target.value)}
                  readOnly={Boolean(promo)}
                  placeholder={tr.pricing.promoPlaceholder}
                  aria-invalid={Boolean(promoCode.error)}
                  aria-describedby={promoCode.error ? `${id}-promo-error` : undefined}
                />
                {promo ? (
                  <Button type="button" variant="outline" onClick={promoCode.clear}>
                    {tr.pricing.promoRemove}
                  </Button>
                ) : (
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => promoCode.apply(planType, cycle)}
                    disabled={promoCode.busy}
                  >
                    {tr.pricing.promoApply}
                  </Button>
                )}
              </div>
              <FieldError id={`${id}-promo-error`} message={promoCode.error ?? undefined} />
              {promo && (
                <p className="mt-1 text-sm font-semibold text-emerald-700" data-testid="register-promo-price">
                  {tr.pricing.promoApplied(formatTl(promo.discount))}
                </p>
              )}
            </div>
          )}
          <p className="text-sm">
            {t.total}:{' '}
            <strong data-testid="register-total">
              {formatTl(promo ? promo.discountedPrice : periodPriceKurus(planType, cycle))}
            </strong>
          </p>
          <Button type="submit" className="w-full" disabled={!canSubmit || checkout.starting}>
            {checkout.starting ? t.submitting : t.submit}
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          {t.haveAccount}{' '}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {tr.auth.submit}
          </Link>
        </p>
      </Card>
      <PaymentModal {...checkout.modalProps} />
    </div>
  );
}
