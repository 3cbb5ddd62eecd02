import { tr } from '@contract/messages.tr';
import { cn } from '@/lib/cn';

/** The custom plate's text (editor and studio): upper-cased the Turkish way, with a characters-left hint. */
export function PlateTextField({
  id,
  hintId,
  label,
  value,
  onChange,
  max,
  placeholder,
  className,
}: {
  id: string;
  hintId: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  max: number;
  placeholder: string;
  className?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        value={value}
        maxLength={max}
        onChange={(e) => onChange(e.target.value.toLocaleUpperCase('tr-TR'))}
        placeholder={placeholder}
        aria-describedby={hintId}
        className={cn(
          'mt-1 h-11 w-full rounded-lg border border-slate-300 px-3 font-mono tracking-wider uppercase',
          className,
        )}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {tr.editor.plateTextHint(value.length, max)}
      </p>
    </div>
  );
}
