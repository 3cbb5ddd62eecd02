import { Brush, Image, RectangleHorizontal, ScanLine } from 'lucide-react';
import { operationIds, type OperationId } from '@contract/photo.schema';
import { tr } from '@contract/messages.tr';
import { cn } from '@/lib/cn';

const icons: Record<OperationId, typeof Image> = {
  background_change: Image,
  plate_hide: ScanLine,
  plate_customize: RectangleHorizontal,
  car_clean: Brush,
};

/** The four operation cards of SPEC §2; each is a toggle button. */
export function OperationCards({
  selected,
  onToggle,
  disabled,
}: {
  selected: readonly OperationId[];
  onToggle: (op: OperationId) => void;
  disabled?: boolean;
}) {
  const t = tr.editor;
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold text-slate-900">{t.operationsLabel}</legend>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {operationIds.map((op) => {
          const Icon = icons[op];
          const on = selected.includes(op);
          return (
            <button
              key={op}
              type="button"
              aria-pressed={on}
              disabled={disabled}
              onClick={() => onToggle(op)}
              data-operation={op}
              className={cn(
                'flex h-full flex-col items-start gap-2 rounded-xl border-2 p-3 text-left transition sm:p-4',
                on ? 'border-brand-500 bg-brand-50' : 'border-slate-200 bg-white hover:border-brand-300',
              )}
            >
              <Icon className={cn('h-6 w-6', on ? 'text-brand-600' : 'text-slate-500')} aria-hidden />
              <span className="text-sm font-semibold text-slate-900">{t.operations[op].title}</span>
              <span className="text-xs leading-snug text-slate-600">{t.operations[op].description}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
