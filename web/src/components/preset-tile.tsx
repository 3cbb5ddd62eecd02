import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

interface Props {
  id: string;
  name: string;
  description?: string;
  selected: boolean;
  onSelect: () => void;
}

/** A background preset with its rendered thumbnail (web/public/presets/<id>.jpg); a toggle button. */
export function PresetTile({ id, name, description, selected, onSelect }: Props) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-pressed={selected}
      data-preset={id}
      className={cn(
        'group relative overflow-hidden rounded-xl border-2 bg-white text-left transition',
        selected ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200 hover:border-brand-300',
      )}
    >
      <img
        src={`/presets/${id}.jpg`}
        alt=""
        width={320}
        height={200}
        loading="lazy"
        decoding="async"
        className="aspect-[8/5] w-full object-cover"
      />
      {selected && (
        <span className="absolute top-2 right-2 flex h-6 w-6 items-center justify-center rounded-full bg-brand-500 text-ink-900">
          <Check className="h-4 w-4" aria-hidden />
        </span>
      )}
      <span className="block px-2.5 pt-2 text-sm font-semibold text-slate-900">{name}</span>
      {description ? (
        <span className="block px-2.5 pb-2.5 text-xs leading-snug text-slate-600">{description}</span>
      ) : (
        <span className="block pb-2" />
      )}
    </button>
  );
}
