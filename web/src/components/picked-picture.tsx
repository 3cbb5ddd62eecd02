import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A picture the user has picked (the editor's photo, the studio's background, car photos and logo) with
 * the round × that removes it. `children` lie over the picture (the editor's mask overlay).
 */
export function PickedPicture(props: {
  src: string;
  alt: string;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
  testId?: string;
  className?: string;
  imgClassName?: string;
  /** Where the × sits (Tailwind position classes). */
  buttonPlace?: string;
  large?: boolean;
  children?: ReactNode;
}) {
  const { large } = props;
  return (
    <div className={cn('relative', props.className)}>
      <img src={props.src} alt={props.alt} className={props.imgClassName} data-testid={props.testId} />
      {props.children}
      <button
        type="button"
        onClick={props.onRemove}
        disabled={props.disabled}
        aria-label={props.removeLabel}
        className={cn(
          'absolute flex items-center justify-center rounded-full bg-black/70 text-white hover:bg-black',
          large ? 'h-9 w-9' : 'h-8 w-8',
          props.buttonPlace ?? 'top-2 right-2',
        )}
      >
        <X className={large ? 'h-5 w-5' : 'h-4 w-4'} aria-hidden />
      </button>
    </div>
  );
}
