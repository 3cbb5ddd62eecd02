import { ImagePlus } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { tr } from '@contract/messages.tr';
import { cn } from '@/lib/cn';

interface Props {
  title: string;
  onFiles: (files: File[]) => void;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  busy?: boolean;
  hint?: ReactNode;
  testId?: string;
  className?: string;
  compact?: boolean;
}

/**
 * Drag-and-drop or click-to-pick area. The file input stays in the accessibility tree (visually hidden)
 * with the title as its label, so keyboard and screen-reader users pick files the native way.
 * Files are handed over as-is; callers check types and counts (the spec's messages differ per page).
 */
export function FileDrop({
  title,
  onFiles,
  multiple,
  accept = 'image/jpeg,image/png,image/webp',
  disabled,
  busy,
  hint,
  testId = 'file-drop',
  className,
  compact,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hand = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length) onFiles(files);
  };
  return (
    <div
      className={cn(
        'relative flex flex-col items-center justify-center rounded-2xl border-2 border-dashed text-center transition-colors',
        compact ? 'gap-1 p-4' : 'gap-2 p-8 sm:p-10',
        over ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white hover:border-brand-400',
        disabled && 'pointer-events-none opacity-60',
        'focus-within:border-brand-500',
        className,
      )}
      data-testid={testId}
      data-dragging={over}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) hand(e.dataTransfer.files);
      }}
    >
      <ImagePlus className={cn('text-brand-500', compact ? 'h-6 w-6' : 'h-10 w-10')} aria-hidden />
      <label
        htmlFor={id}
        className="cursor-pointer font-semibold text-slate-900 after:absolute after:inset-0"
      >
        {busy ? tr.editor.uploading : title}
      </label>
      <p className="text-sm text-slate-600">
        {tr.processing.dropOr} · {tr.processing.dropHint}
      </p>
      {hint && <div className="text-xs text-slate-500">{hint}</div>}
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled || busy}
        className="sr-only"
        onChange={(e) => {
          hand(e.target.files);
          e.target.value = ''; // the same file can be picked again after removing it
        }}
      />
    </div>
  );
}
