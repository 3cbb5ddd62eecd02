import { MoveHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { tr } from '../../../../../contract/messages.tr';
import { cn } from '../../../lib/cn';

interface Props {
  before: string;
  after: string;
  /** What the photo shows, for screen readers (the before/after words are added). */
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load at once and with high priority. */
  eager?: boolean;
  className?: string;
}

/**
 * Before/after comparison that starts at 50 %. A native range input spans the whole picture, so mouse,
 * touch and keyboard (arrows, Home/End, PageUp/PageDown) all move it without custom handlers.
 */
export function BeforeAfterSlider({ before, after, alt, width, height, eager, className }: Props) {
  const [position, setPosition] = useState(50);
  const id = useId();
  const m = tr.marketing;
  return (
    <figure
      className={cn('relative overflow-hidden rounded-2xl bg-slate-300 shadow-lg select-none', className)}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-testid="before-after"
      data-position={position}
    >
      <img
        src={after}
        alt={`${alt}: ${m.after}`}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="absolute inset-0 h-full w-full object-cover"
      />
      <img
        src={before}
        alt={`${alt}: ${m.before}`}
        width={width}
        height={height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className="absolute inset-0 h-full w-full object-cover"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <span className="absolute top-3 left-3 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white">
        {m.before}
      </span>
      <span className="absolute top-3 right-3 rounded-md bg-brand-500 px-2 py-1 text-xs font-semibold text-ink-900">
        {m.after}
      </span>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        onChange={(e) => setPosition(Number(e.target.value))}
        aria-label={`${m.sliderLabel}: ${alt}`}
        aria-valuetext={`${m.before} %${position}, ${m.after} %${100 - position}`}
        className="peer absolute inset-0 z-10 h-full w-full cursor-ew-resize appearance-none opacity-0"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 z-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,.25)]"
        style={{ left: `${position}%` }}
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 z-0 flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink-900 shadow-lg ring-brand-500 peer-focus-visible:ring-4"
        // The knob stays whole inside the picture at the ends; the line itself goes to the edge.
        style={{ left: `clamp(1.5rem, ${position}%, calc(100% - 1.5rem))` }}
      >
        <MoveHorizontal className="h-5 w-5" />
      </div>
    </figure>
  );
}
