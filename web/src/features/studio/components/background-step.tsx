import { X } from 'lucide-react';
import { studioPresets } from '@contract/presets';
import { tr } from '@contract/messages.tr';
import { FileDrop } from '@/components/file-drop';
import { PresetTile } from '@/components/preset-tile';
import type { Upload } from './studio-upload';

const t = tr.studio;

/** Step 1: a preset scene, or a custom background (choosing one clears the other, SPEC §4). */
export function BackgroundStep(props: {
  preset: string | null;
  background: Upload | null;
  busy: boolean;
  onPreset: (id: string) => void;
  onUpload: (files: File[]) => void;
  onRemove: () => void;
}) {
  const { preset, background, busy } = props;
  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-600">{t.backgroundHint}</p>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="studio-presets">
        {studioPresets.map((p) => (
          <PresetTile
            key={p.id}
            id={p.id}
            name={p.name}
            selected={preset === p.id}
            onSelect={() => props.onPreset(p.id)}
          />
        ))}
      </div>
      {background ? (
        <div className="relative w-full max-w-xs overflow-hidden rounded-xl border-2 border-brand-500">
          <img
            src={background.preview}
            alt={t.customBackgroundAlt}
            className="aspect-[8/5] w-full object-cover"
            data-testid="custom-background"
          />
          <RemoveButton label={t.removeBackground} onClick={props.onRemove} className="top-2 right-2" />
        </div>
      ) : (
        <FileDrop
          title={t.customBackground}
          onFiles={props.onUpload}
          busy={busy}
          testId="background-drop"
          compact
        />
      )}
      {!preset && !background && <p className="text-sm text-slate-600">{t.needBackground}</p>}
    </div>
  );
}

/** The round × on a picked picture. */
export function RemoveButton({
  label,
  onClick,
  className,
}: {
  label: string;
  onClick: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={`absolute flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white ${className}`}
    >
      <X className="h-4 w-4" aria-hidden />
    </button>
  );
}
