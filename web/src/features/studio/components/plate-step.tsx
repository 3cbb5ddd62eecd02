import {
  PLATE_TEXT_MAX_STUDIO,
  plateColorLabels,
  plateColors,
  plateTextColorLabels,
  plateTextColors,
  type PlateColor,
  type PlateTextColor,
} from '@contract/plate';
import { tr } from '@contract/messages.tr';
import { PlateTextField } from '@/components/plate-text-field';
import { CheckboxLabel } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';

const t = tr.studio;
const swatch: Record<PlateColor | PlateTextColor, string> = {
  white: '#ffffff',
  yellow: '#facc15',
  blue: '#1d4ed8',
  green: '#15803d',
  red: '#dc2626',
  black: '#111827',
};

export interface PlateState {
  enabled: boolean;
  color: PlateColor | null;
  textColor: PlateTextColor | null;
  text: string;
}

/** SPEC §4 rule 4->5: with plate change on, the text and both colours must be set. */
export const plateComplete = (p: PlateState) =>
  !p.enabled || Boolean(p.text.trim() && p.color && p.textColor);

function Swatches<T extends PlateColor | PlateTextColor>({
  legend,
  options,
  labels,
  value,
  onChange,
  name,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  onChange: (v: T) => void;
  name: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-lg border-2 px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
              value === o ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o}
              checked={value === o}
              onChange={() => onChange(o)}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className="h-5 w-5 rounded-full border border-slate-300"
              style={{ background: swatch[o] }}
            />
            {labels[o]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Step 4: optional plate change with plate colour, text colour and text (max 20), with a live preview. */
export function PlateStep({ value, onChange }: { value: PlateState; onChange: (v: PlateState) => void }) {
  const set = (patch: Partial<PlateState>) => onChange({ ...value, ...patch });
  return (
    <div className="space-y-5">
      <CheckboxLabel
        className="flex items-center gap-3 text-sm font-semibold"
        boxClassName="h-5 w-5 accent-amber-500"
        checked={value.enabled}
        onCheckedChange={(enabled) => set({ enabled })}
      >
        {t.plateEnable}
      </CheckboxLabel>
      {!value.enabled ? (
        <p className="text-sm text-slate-600">{t.plateOffHint}</p>
      ) : (
        <>
          <Swatches
            legend={t.plateColor}
            name="plate-color"
            options={plateColors}
            labels={plateColorLabels}
            value={value.color}
            onChange={(color) => set({ color })}
          />
          <Swatches
            legend={t.plateTextColor}
            name="plate-text-color"
            options={plateTextColors}
            labels={plateTextColorLabels}
            value={value.textColor}
            onChange={(textColor) => set({ textColor })}
          />
          <PlateTextField
            id="studio-plate-text"
            hintId="studio-plate-hint"
            label={t.plateText}
            value={value.text}
            onChange={(text) => set({ text })}
            max={PLATE_TEXT_MAX_STUDIO}
            placeholder="34 OTO 2026"
            className="max-w-sm"
          />
          <figure aria-label={t.platePreview} data-testid="plate-preview">
            <div
              className="flex h-14 w-full max-w-sm items-stretch overflow-hidden rounded-md border-2 border-slate-800 shadow"
              style={{ background: swatch[value.color ?? 'white'] }}
            >
              <span className="flex w-8 items-end justify-center bg-blue-700 pb-1 text-[10px] font-bold text-white">
                TR
              </span>
              <span
                className="flex flex-1 items-center justify-center truncate px-2 font-mono text-2xl font-bold tracking-widest"
                style={{ color: swatch[value.textColor ?? 'black'] }}
              >
                {value.text.trim() || '—'}
              </span>
            </div>
          </figure>
          {!plateComplete(value) && (
            <p className="text-sm text-amber-700" role="status">
              {t.plateIncomplete}
            </p>
          )}
        </>
      )}
    </div>
  );
}
