import { MoveHorizontal } from 'lucide-react';
import { useState } from 'react';
import { tr } from '@contract/messages.tr';
import type { OriginalPlacement } from '@contract/photo-job.schema';
import { cn } from '@/lib/cn';

interface Props {
  before: string;
  after: string;
  /** What the photo shows, for screen readers ('…: Öncesi' and '…: Sonrası' are added). */
  alt: string;
  /** Marketing pictures have a known size (no layout shift, `cover`); without it the frame starts at 3:2
   * and takes the result's own ratio once it has loaded, showing the whole photo (`contain`). */
  size?: { width: number; height: number };
  /** Above the fold: load at once and with high priority. */
  eager?: boolean;
  className?: string;
  testId?: string;
  /** Where the original lies in a re-framed result (fractions of the result): the "before" picture is
   * scaled and moved there, so the two halves line up (issue 11). */
  placement?: OriginalPlacement | null;
}

/** CSS box of the original inside the frame, in % of the frame (the result's size). */
export function placementStyle(p: OriginalPlacement) {
  const pct = (v: number) => `${+(v * 100).toFixed(3)}%`;
  return { left: pct(p.left), top: pct(p.top), width: pct(p.width), height: pct(p.height) };
}

/**
 * Before/after comparison starting at 50 %, used on the site, in the editor and in the studio. A native range
 * input spans the picture, so mouse, touch and keyboard (arrows, Home/End, PageUp/PageDown) all move the
 * divider without custom handlers.
 */
export function BeforeAfter({ before, after, alt, size, eager, className, testId, placement }: Props) {
  const m = tr.compare;
  const [position, setPosition] = useState(50);
  const [ratio, setRatio] = useState(size ? size.width / size.height : 3 / 2);
  const fit = size ? 'object-cover' : 'object-contain';
  // Both pictures load alike: known size and lazy loading for the site's pictures, at once for results.
  const picture = {
    width: size?.width,
    height: size?.height,
    loading: size ? (eager ? ('eager' as const) : ('lazy' as const)) : undefined,
    decoding: 'async' as const,
  };
  return (
    <figure
      className={cn('relative overflow-hidden rounded-2xl bg-slate-200 shadow-lg select-none', className)}
      style={{ aspectRatio: String(ratio) }}
      data-testid={testId}
      data-position={position}
    >
      <img
        src={after}
        alt={`${alt}: ${m.after}`}
        {...picture}
        data-role="after"
        onLoad={(e) => {
          const img = e.currentTarget;
          if (!size && img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
        }}
        className={cn('absolute inset-0 h-full w-full', fit)}
      />
      {placement ? (
        // The frame clips; the original sits where the engine put it (it may overhang the frame).
        <div
          className="absolute inset-0 overflow-hidden bg-slate-200"
          data-role="before-frame"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        >
          <img
            src={before}
            alt={`${alt}: ${m.before}`}
            {...picture}
            data-role="before"
            data-placed="true"
            className="absolute max-w-none object-fill"
            style={placementStyle(placement)}
          />
        </div>
      ) : (
        <img
          src={before}
          alt={`${alt}: ${m.before}`}
          {...picture}
          fetchPriority={eager ? 'high' : undefined}
          data-role="before"
          className={cn('absolute inset-0 h-full w-full bg-slate-200', fit)}
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        />
      )}
      <span className="absolute top-3 left-3 rounded-md bg-black/70 px-2 py-1 text-xs font-semibold text-white">
        {m.before}
      </span>
      <span className="absolute top-3 right-3 rounded-md bg-brand-500 px-2 py-1 text-xs font-semibold text-ink-900">
        {m.after}
      </span>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        onChange={(e) => setPosition(Number(e.target.value))}
        aria-label={`${m.label}: ${alt}`}
        aria-valuetext={`${m.before} %${position}, ${m.after} %${100 - position}`}
        className="peer absolute inset-0 z-10 h-full w-full cursor-ew-resize appearance-none opacity-0"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgba(0,0,0,.25)]"
        style={{ left: `${position}%` }}
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 flex h-11 w-11 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink-900 shadow-lg ring-brand-500 peer-focus-visible:ring-4"
        // The knob stays whole inside the picture at the ends; the line itself goes to the edge.
        style={{ left: `clamp(1.5rem, ${position}%, calc(100% - 1.5rem))` }}
      >
        <MoveHorizontal className="h-5 w-5" />
      </div>
    </figure>
  );
}
