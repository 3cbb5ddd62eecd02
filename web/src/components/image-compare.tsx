import { MoveHorizontal } from 'lucide-react';
import { useState } from 'react';
import { tr } from '../../../contract/messages.tr';
import { cn } from '../lib/cn';

interface Props {
  before: string;
  after: string;
  className?: string;
  testId?: string;
}

/**
 * Before/after comparison of a user's photo and its result, starting at 50 %. A native range input covers
 * the picture, so mouse, touch and keyboard (arrows, Home/End, PageUp/PageDown) all move the divider.
 * The frame takes the result's own aspect ratio once it has loaded (results are 3:2 until then).
 */
export function ImageCompare({ before, after, className, testId = 'compare' }: Props) {
  const m = tr.processing;
  const [position, setPosition] = useState(50);
  const [ratio, setRatio] = useState(3 / 2);
  return (
    <figure
      className={cn('relative overflow-hidden rounded-2xl bg-slate-200 shadow-lg select-none', className)}
      style={{ aspectRatio: String(ratio) }}
      data-testid={testId}
      data-position={position}
    >
      <img
        src={after}
        alt={m.resultAlt}
        data-role="after"
        onLoad={(e) => {
          const img = e.currentTarget;
          if (img.naturalWidth && img.naturalHeight) setRatio(img.naturalWidth / img.naturalHeight);
        }}
        className="absolute inset-0 h-full w-full object-contain"
      />
      <img
        src={before}
        alt={m.originalAlt}
        data-role="before"
        className="absolute inset-0 h-full w-full bg-slate-200 object-contain"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
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
        aria-label={m.compareLabel}
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
        style={{ left: `${position}%` }}
      >
        <MoveHorizontal className="h-5 w-5" />
      </div>
    </figure>
  );
}
