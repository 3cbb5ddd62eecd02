import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, RotateCcw, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MAX_STUDIO_PHOTOS } from '../../../../../contract/photo.schema';
import { studioPresets } from '../../../../../contract/presets';
import { plateColorLabels, plateTextColorLabels } from '../../../../../contract/plate';
import { tr } from '../../../../../contract/messages.tr';
import { FileDrop } from '../../../components/file-drop';
import { InlineAlert } from '../../../components/inline-alert';
import { PresetTile } from '../../../components/preset-tile';
import { ProgressPanel } from '../../../components/progress-panel';
import { StepIndicator } from '../../../components/step-indicator';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useJobClock } from '../../../lib/use-job-clock';
import { useObjectUrls } from '../../../lib/use-object-urls';
import {
  errorText,
  generateStudio,
  isQuotaError,
  quotaErrorText,
  newJobId,
  refreshQuota,
  uploadImage,
  uploadImages,
  type StudioResultItem,
} from '../../../lib/photo-api';
import { useJobStage } from '../../../lib/use-job-stage';
import { usePlanFlags } from '../../../lib/use-plan-flags';
import { usePageTitle } from '../../../lib/use-page-title';
import { PlateStep, plateComplete, type PlateState } from './plate-step';
import { StudioResults } from './studio-results';
import { QuotaLeft } from '../../../components/quota-left';

const t = tr.studio;

interface Upload {
  /** Local object URL for previews and the "before" side of the slider. */
  preview: string;
  url: string;
}

const initialPlate: PlateState = { enabled: false, color: 'white', textColor: 'black', text: '' };

/** SPEC §2/§4 six-step studio: background, car photos, logo, plate, summary + generate, results. */
export default function StudioPage() {
  usePageTitle(t.title);
  const queryClient = useQueryClient();
  const flags = usePlanFlags();
  const [step, setStep] = useState(1);
  const [preset, setPreset] = useState<string | null>(null);
  const [background, setBackground] = useState<Upload | null>(null);
  const [photos, setPhotos] = useState<Upload[]>([]);
  const [logo, setLogo] = useState<Upload | null>(null);
  const [plate, setPlate] = useState<PlateState>(initialPlate);
  const [removeWatermark, setRemoveWatermark] = useState(true);
  const [busy, setBusy] = useState<'background' | 'photos' | 'logo' | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // The finished run: its results and its job (for the ZIP of all results).
  const [outcome, setOutcome] = useState<{ jobId: string; results: StudioResultItem[] } | null>(null);
  const stage = useJobStage(generating ? jobId : null);
  const heading = useRef<HTMLHeadingElement>(null);
  const local = useObjectUrls();
  const clock = useJobClock(generating);
  // Moving between steps puts focus on the new step's heading, so keyboard and screen-reader users follow.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  function pickPreset(id: string) {
    setPreset(id);
    setBackground(null); // SPEC §4: choosing a preset clears a custom background
  }

  async function uploadBackground(files: File[]) {
    const file = files[0]!;
    if (!file.type.startsWith('image/')) {
      toast.error(t.singleUploadError, { description: tr.photo.onlyImages });
      return;
    }
    setBusy('background');
    try {
      const url = await uploadImage(file);
      setBackground({ preview: local(file), url });
      setPreset(null); // ...and uploading a custom background clears the preset
      toast.success(t.uploadSuccessTitle, { description: t.uploadSuccessSingle });
    } catch (err) {
      toast.error(t.singleUploadError, { description: errorText(err, tr.editor.uploadInvalid) });
    } finally {
      setBusy(null);
    }
  }

  async function addPhotos(files: File[]) {
    setPhotoError(null);
    if (files.some((f) => !f.type.startsWith('image/'))) {
      setPhotoError(tr.photo.onlyImages);
      return;
    }
    if (!flags.canBatchProcess && files.length > 1) {
      setPhotoError(t.batchUpgrade);
      toast.error(t.multiUploadError, { description: t.batchUpgrade });
      return;
    }
    const limit = flags.canBatchProcess ? MAX_STUDIO_PHOTOS : 1;
    // Without batch a new pick replaces the one photo; with batch it adds up to five.
    const kept = flags.canBatchProcess ? photos : [];
    if (kept.length + files.length > limit) {
      setPhotoError(tr.photo.tooManyFiles);
      toast.error(t.multiUploadError, { description: tr.photo.tooManyFiles });
      return;
    }
    setBusy('photos');
    try {
      const urls = files.length > 1 ? await uploadImages(files) : [await uploadImage(files[0]!)];
      setPhotos([...kept, ...files.map((f, i) => ({ preview: local(f), url: urls[i]! }))]);
      toast.success(t.uploadSuccessTitle, {
        description: files.length > 1 ? t.uploadSuccessCount(files.length) : t.uploadSuccessSingle,
      });
    } catch (err) {
      toast.error(files.length > 1 ? t.multiUploadError : t.singleUploadError, {
        description: errorText(err, tr.editor.uploadInvalid),
      });
    } finally {
      setBusy(null);
    }
  }

  async function uploadLogo(files: File[]) {
    const file = files[0]!;
    if (!file.type.startsWith('image/')) {
      toast.error(t.singleUploadError, { description: tr.photo.onlyImages });
      return;
    }
    setBusy('logo');
    try {
      const url = await uploadImage(file);
      setLogo({ preview: local(file), url });
      toast.success(t.uploadSuccessTitle, { description: t.uploadSuccessSingle });
    } catch (err) {
      toast.error(t.singleUploadError, { description: errorText(err, tr.editor.uploadInvalid) });
    } finally {
      setBusy(null);
    }
  }

  function next() {
    if (step === 2 && photos.length === 0) {
      setPhotoError(t.needPhoto);
      return;
    }
    setStep((s) => Math.min(6, s + 1));
  }
  const back = () => setStep((s) => Math.max(1, s - 1));
  const canNext =
    step === 1 ? Boolean(preset || background) : step === 4 ? plateComplete(plate) : busy === null;

  async function generate() {
    if (photos.length === 0) {
      toast.error(t.needPhoto);
      return;
    }
    const id = newJobId();
    setJobId(id);
    const started = clock.start();
    setGenerating(true);
    try {
      const res = await generateStudio({
        carImages: photos.map((p) => p.url),
        backgroundImage: background?.url,
        backgroundPreset: background ? undefined : (preset ?? undefined),
        logoImage: logo?.url,
        enablePlateEdit: plate.enabled,
        plateColor: plate.enabled ? (plate.color ?? undefined) : undefined,
        plateTextColor: plate.enabled ? (plate.textColor ?? undefined) : undefined,
        plateText: plate.enabled ? plate.text.trim() : undefined,
        removeWatermark: flags.canRemoveWatermark && removeWatermark,
        jobId: id,
      });
      if (!res.results || !res.success) throw new Error(res.error || t.failFallback);
      const seconds = Math.round((Date.now() - started) / 1000);
      setOutcome({ jobId: id, results: res.results });
      setStep(6);
      toast.success(t.successTitle, { description: t.successBody(res.successCount, seconds) });
      void refreshQuota(queryClient);
    } catch (err) {
      if (isQuotaError(err))
        toast.error(tr.processing.quotaTitle, { description: quotaErrorText(err, tr.processing.quotaBody) });
      else toast.error(t.failTitle, { description: `${t.failBody}: ${errorText(err, t.failFallback)}` });
    } finally {
      setGenerating(false);
      setJobId(null);
    }
  }

  function restart() {
    setStep(1);
    setPreset(null);
    setBackground(null);
    setPhotos([]);
    setLogo(null);
    setPlate(initialPlate);
    setRemoveWatermark(true);
    setOutcome(null);
    setPhotoError(null);
  }

  const elapsed = clock.elapsedSeconds;
  const assumed = plate.enabled ? 60 : 40; // SPEC §9: the bar assumes 40 s, or 60 s with a plate edit
  const limit = flags.canBatchProcess ? MAX_STUDIO_PHOTOS : 1;
  const stepTitle = [
    t.backgroundTitle,
    t.photosTitle,
    t.logoTitle,
    t.plateTitle,
    t.summaryTitle,
    t.resultsTitle,
  ][step - 1]!;

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10" data-testid="studio" data-step={step}>
      <header className="mb-6 space-y-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t.title}</h1>
          <p className="mt-1 text-slate-600">{t.subtitle}</p>
          <QuotaLeft />
        </div>
        <StepIndicator steps={t.steps} current={step} label={t.stepsLabel} />
      </header>

      <Card className="space-y-5 p-4 sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none" data-testid="step-title">
          {stepTitle}
        </h2>

        {step === 1 && (
          <div className="space-y-5">
            <p className="text-sm text-slate-600">{t.backgroundHint}</p>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="studio-presets">
              {studioPresets.map((p) => (
                <PresetTile
                  key={p.id}
                  id={p.id}
                  name={p.name}
                  selected={preset === p.id}
                  onSelect={() => pickPreset(p.id)}
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
                <button
                  type="button"
                  aria-label={t.removeBackground}
                  onClick={() => setBackground(null)}
                  className="absolute top-2 right-2 flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white"
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </div>
            ) : (
              <FileDrop
                title={t.customBackground}
                onFiles={(f) => void uploadBackground(f)}
                busy={busy === 'background'}
                testId="background-drop"
                compact
              />
            )}
            {!canNext && <p className="text-sm text-slate-600">{t.needBackground}</p>}
          </div>
        )}

        {step === 2 && (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">
              {flags.canBatchProcess ? t.photosHint(MAX_STUDIO_PHOTOS) : t.photosHintSingle}
            </p>
            {!flags.canBatchProcess && flags.ready && (
              <InlineAlert tone="info" testId="batch-upgrade">
                {t.batchUpgrade}{' '}
                <Link to="/pricing" className="font-semibold underline">
                  {t.upgradeLink}
                </Link>
              </InlineAlert>
            )}
            {photos.length > 0 && (
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="studio-photos">
                {photos.map((p, i) => (
                  <li key={p.url} className="relative overflow-hidden rounded-lg bg-slate-100">
                    <img
                      src={p.preview}
                      alt={t.photoAlt(i + 1)}
                      className="aspect-[3/2] w-full object-cover"
                    />
                    <button
                      type="button"
                      aria-label={t.removePhoto(i + 1)}
                      onClick={() => setPhotos((ps) => ps.filter((x) => x !== p))}
                      className="absolute top-1.5 right-1.5 flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white"
                    >
                      <X className="h-4 w-4" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <p className="text-sm font-medium text-slate-700" data-testid="photo-count">
              {t.photosCount(photos.length, limit)}
            </p>
            {(photos.length < limit || !flags.canBatchProcess) && (
              <FileDrop
                title={tr.editor.dropTitle}
                multiple={flags.canBatchProcess}
                onFiles={(f) => void addPhotos(f)}
                busy={busy === 'photos'}
                testId="photos-drop"
              />
            )}
            {photoError && <InlineAlert testId="photo-error">{photoError}</InlineAlert>}
          </div>
        )}

        {step === 3 && (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{t.logoHint}</p>
            {logo ? (
              <div className="relative inline-block rounded-xl border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4">
                <img
                  src={logo.preview}
                  alt={t.logoAlt}
                  className="max-h-32 max-w-60"
                  data-testid="logo-preview"
                />
                <button
                  type="button"
                  aria-label={t.removeLogo}
                  onClick={() => setLogo(null)}
                  className="absolute -top-3 -right-3 flex h-8 w-8 items-center justify-center rounded-full bg-black/70 text-white"
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </div>
            ) : (
              <FileDrop
                title={t.logoTitle}
                accept="image/png,image/webp,image/jpeg"
                onFiles={(f) => void uploadLogo(f)}
                busy={busy === 'logo'}
                testId="logo-drop"
                compact
              />
            )}
          </div>
        )}

        {step === 4 && <PlateStep value={plate} onChange={setPlate} />}

        {step === 5 && (
          <div className="space-y-5">
            <dl className="grid gap-3 text-sm sm:grid-cols-2" data-testid="studio-summary">
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-500">{t.summaryBackground}</dt>
                <dd className="font-semibold">
                  {background ? t.summaryCustomBackground : studioPresets.find((p) => p.id === preset)?.name}
                </dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-500">{t.summaryPhotos}</dt>
                <dd className="font-semibold">{t.photosCount(photos.length, limit)}</dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-500">{t.summaryLogo}</dt>
                <dd className="font-semibold">{logo ? t.summaryLogoYes : t.summaryLogoNone}</dd>
              </div>
              <div className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-500">{t.summaryPlate}</dt>
                <dd className="font-semibold">
                  {plate.enabled
                    ? `${plate.text.trim()} · ${plateColorLabels[plate.color!]} / ${plateTextColorLabels[plate.textColor!]}`
                    : t.summaryPlateHidden}
                </dd>
              </div>
            </dl>
            {flags.canRemoveWatermark && (
              <label className="flex items-center gap-2 text-sm font-semibold">
                <input
                  type="checkbox"
                  checked={removeWatermark}
                  onChange={(e) => setRemoveWatermark(e.target.checked)}
                  className="h-4 w-4 accent-amber-500"
                />
                {t.watermark}
              </label>
            )}
            <p className="text-sm text-slate-600">{plate.enabled ? t.hintPlate : t.hintNormal}</p>
            {generating ? (
              <ProgressPanel
                title={t.generatingTitle}
                estimate={plate.enabled ? t.hintPlate : t.hintNormal}
                percent={Math.min(95, (elapsed / assumed) * 100)}
                stage={stage?.stage ?? stage?.status ?? null}
                elapsed={tr.processing.elapsed(Math.floor(elapsed))}
              />
            ) : (
              <Button size="lg" onClick={() => void generate()} data-testid="generate">
                <Sparkles className="h-5 w-5" aria-hidden />
                {t.generate}
              </Button>
            )}
          </div>
        )}

        {step === 6 && (
          <div className="space-y-5">
            <StudioResults
              results={outcome?.results ?? []}
              originals={photos.map((p) => p.preview)}
              jobId={outcome?.jobId ?? null}
            />
            <Button variant="dark" onClick={restart}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              {t.restart}
            </Button>
          </div>
        )}

        {step < 6 && (
          <div className="flex items-center justify-between gap-2 border-t border-slate-100 pt-4">
            {step > 1 ? (
              <Button variant="outline" onClick={back} disabled={generating}>
                <ArrowLeft className="h-4 w-4" aria-hidden />
                {t.back}
              </Button>
            ) : (
              <span />
            )}
            {step < 5 && (
              <div className="flex gap-2">
                {step === 3 && !logo && (
                  <Button variant="ghost" onClick={next}>
                    {t.skip}
                  </Button>
                )}
                <Button onClick={next} disabled={!canNext} data-testid="next">
                  {t.next}
                  <ArrowRight className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            )}
          </div>
        )}
      </Card>
    </section>
  );
}
