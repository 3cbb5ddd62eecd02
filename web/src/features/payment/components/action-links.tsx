import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';

type Variant = Parameters<typeof buttonClass>[0];

/** The row of "where next" links that ends a payment page (dashboard, pricing, studio, sign-in). */
export function ActionLinks({
  className,
  links,
}: {
  className: string;
  links: { to: string; variant: Variant; label: string }[];
}) {
  return (
    <div className={className}>
      {links.map((l) => (
        <Link key={l.to} to={l.to} className={buttonClass(l.variant)}>
          {l.label}
        </Link>
      ))}
    </div>
  );
}
