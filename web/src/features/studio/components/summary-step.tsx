import { Sparkles } from 'lucide-react';
import { studioPresets } from '@contract/presets';
import { plateColorLabels, plateTextColorLabels } from '@contract/plate';
import { tr } from '@contract/messages.tr';
import { ProgressPanel } from '@/components/progress-panel';
import { Button } from '@/components/ui/button';
import { CheckboxLabel } from '@/components/ui/checkbox';
import type { PlateState } from './plate-step';

const t = tr.studio;

/** Step 5: what will be made, the watermark choice, and the run's progress once started. */
export function SummaryStep(props: {
  preset: string | null;
  customBackground: boolean;
  photoCount: number;
  limit: number;
  hasLogo: boolean;
  plate: PlateState;
  canRemoveWatermark: boolean;
  removeWatermark: boolean;
  onRemoveWatermark: (v: boolean) => void;
  /** The running job's clock and stage; null when not running. */
  run: { elapsedSeconds: number; stage: string | null } | null;
  onGenerate: () => void;
}) {
  const { plate, run } = props;
  const assumed = plate.enabled ? 60 : 40; // SPEC §9: the bar assumes 40 s, or 60 s with a plate edit
  const hint = plate.enabled ? t.hintPlate : t.hintNormal;
  const rows: [string, string | undefined][] = [
    [
      t.summaryBackground,
      props.customBackground
        ? t.summaryCustomBackground
        : studioPresets.find((p) => p.id === props.preset)?.name,
    ],
    [t.summaryPhotos, t.photosCount(props.photoCount, props.limit)],
    [t.summaryLogo, props.hasLogo ? t.summaryLogoYes : t.summaryLogoNone],
    [
      t.summaryPlate,
      plate.enabled
        ? `${plate.text.trim()} · ${plateColorLabels[plate.color!]} / ${plateTextColorLabels[plate.textColor!]}`
        : t.summaryPlateHidden,
    ],
  ];
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="studio-summary">
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-slate-500">{label}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      {props.canRemoveWatermark && (
        <CheckboxLabel
          className="flex items-center gap-2 text-sm font-semibold"
          boxClassName="h-4 w-4 accent-amber-500"
          checked={props.removeWatermark}
          onCheckedChange={props.onRemoveWatermark}
        >
          {t.watermark}
        </CheckboxLabel>
      )}
      <p className="text-sm text-slate-600">{hint}</p>
      {run ? (
        <ProgressPanel
          title={t.generatingTitle}
          estimate={hint}
          percent={Math.min(95, (run.elapsedSeconds / assumed) * 100)}
          stage={run.stage}
          elapsed={tr.processing.elapsed(Math.floor(run.elapsedSeconds))}
        />
      ) : (
        <Button size="lg" onClick={props.onGenerate} data-testid="generate">
          <Sparkles className="h-5 w-5" aria-hidden />
          {t.generate}
        </Button>
      )}
    </div>
  );
}
