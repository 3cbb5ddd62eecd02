import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { buttonClass } from '@/components/ui/button';
import { Badge } from '@/components/ui/badge';
import type { LandingPreset } from '@/features/marketing/content/landing-presets';

/**
 * The 'Önizle' preview: a native modal dialog (focus is kept inside, Esc closes, focus returns to the
 * button) showing the scene rendered by our engine at full size, loaded only when opened.
 */
export function PresetPreviewDialog({
  preset,
  onClose,
}: {
  preset: LandingPreset | null;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (preset && !dialog.open) dialog.showModal();
    if (!preset && dialog.open) dialog.close();
  }, [preset]);
  const m = tr.marketing;
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
      aria-labelledby="preset-preview-title"
      className="m-auto w-[min(64rem,calc(100vw-1.5rem))] max-w-none rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-black/70"
      data-testid="preset-preview"
    >
      {preset && (
        <div className="flex flex-col">
          <img
            src={`/img/presets/${preset.sceneId}-preview.jpg`}
            alt={`${preset.title} arka planında örnek araç`}
            width={1200}
            height={750}
            className="aspect-[16/10] w-full rounded-t-2xl bg-slate-200 object-cover"
          />
          <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <div className="flex flex-wrap items-center gap-2">
                <h2 id="preset-preview-title" className="text-xl font-bold">
                  {preset.title}
                </h2>
                <Badge>{preset.category}</Badge>
                {preset.popular && <Badge tone="brand">{m.popular}</Badge>}
              </div>
              <p className="mt-1 text-slate-600">{preset.description}</p>
            </div>
            <div className="flex gap-2">
              <button type="button" onClick={onClose} className={buttonClass('outline')}>
                <X className="h-4 w-4" aria-hidden="true" />
                {m.close}
              </button>
              <Link to="/register" className={buttonClass('primary')}>
                {m.startRightAway}
              </Link>
            </div>
          </div>
        </div>
      )}
    </dialog>
  );
}
