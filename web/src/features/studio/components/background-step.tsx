import { studioPresets } from '@contract/presets';
import { tr } from '@contract/messages.tr';
import { FileDrop } from '@/components/file-drop';
import { PickedPicture } from '@/components/picked-picture';
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
        <PickedPicture
          src={background.preview}
          alt={t.customBackgroundAlt}
          testId="custom-background"
          className="w-full max-w-xs overflow-hidden rounded-xl border-2 border-brand-500"
          imgClassName="aspect-[8/5] w-full object-cover"
          removeLabel={t.removeBackground}
          onRemove={props.onRemove}
        />
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
