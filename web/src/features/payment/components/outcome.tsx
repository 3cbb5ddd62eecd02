import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** What the payment frame shows for a moment, before the page around it takes over (fail or success). */
export function FrameOutcome({ ok, text, testId }: { ok: boolean; text: string; testId: string }) {
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <div className="p-6 text-center" data-testid={testId}>
      <Icon className={`mx-auto ${ok ? 'text-emerald-600' : 'text-red-600'}`} size={40} aria-hidden />
      <p className="mt-2 font-semibold">{text}</p>
    </div>
  );
}

/**
 * The page a payment ends on: a card with the outcome's icon and title, then what the page says. `wide`: the
 * failure page (wider, left-aligned, causes and suggestions side by side); otherwise narrow and centred.
 */
export function OutcomeCard(props: {
  testId: string;
  icon: ReactNode;
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto ${props.wide ? 'max-w-2xl' : 'max-w-xl'} px-4 py-14`} data-testid={props.testId}>
      <Card className={props.wide ? 'p-8' : 'p-8 text-center'}>
        {props.icon}
        <h1 className="mt-4 text-2xl font-bold">{props.title}</h1>
        {props.children}
      </Card>
    </div>
  );
}
