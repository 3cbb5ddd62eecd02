import { ArrowLeft, ArrowRight, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { MAX_STUDIO_PHOTOS } from '@contract/photo.schema';
import { tr } from '@contract/messages.tr';
import { PhotoToolPage } from '@/components/photo-tool-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useObjectUrls } from '@/lib/use-object-urls';
import { usePageTitle } from '@/lib/use-page-title';
import { usePlanFlags } from '@/shared/billing/hooks/use-plan-flags';
import {
  errorText,
  generateStudio,
  uploadImage,
  uploadImages,
  type StudioResultItem,
} from '@/shared/photos/api/photo.api';
import { useProcessingRun } from '@/shared/photos/hooks/use-processing-run';
import { BackgroundStep } from './background-step';
import { LogoStep } from './logo-step';
import { PhotosStep } from './photos-step';
import { PlateStep, plateComplete, type PlateState } from './plate-step';
import { StudioResults } from './studio-results';
import type { Upload } from './studio-upload';
import { SummaryStep } from './summary-step';

const t = tr.studio;

const initialPlate: PlateState = { enabled: false, color: 'white', textColor: 'black', text: '' };

/** SPEC §2/§4 six-step studio: background, car photos, logo, plate, summary + generate, results. */
export default function StudioPage() {
  usePageTitle(t.title);
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
  // The finished run: its results and its job (for the ZIP of all results).
  const [outcome, setOutcome] = useState<{ jobId: string; results: StudioResultItem[] } | null>(null);
  const processing = useProcessingRun();
  const limit = flags.canBatchProcess ? MAX_STUDIO_PHOTOS : 1;
  const heading = useRef<HTMLHeadingElement>(null);
  const local = useObjectUrls();
  // Moving between steps puts focus on the new step's heading, so keyboard and screen-reader users follow.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  /**
   * Every upload of the studio (background, photos, logo): checks the files are images, uploads one or
   * several, tells the user, and hands the uploads to `save`.
   */
  async function upload(
    kind: 'background' | 'photos' | 'logo',
    files: File[],
    save: (uploads: Upload[]) => void,
  ) {
    const several = files.length > 1;
    const errorTitle = several ? t.multiUploadError : t.singleUploadError;
    if (files.some((f) => !f.type.startsWith('image/'))) {
      toast.error(errorTitle, { description: tr.photo.onlyImages });
      return;
    }
    setBusy(kind);
    try {
      const urls = several ? await uploadImages(files) : [await uploadImage(files[0]!)];
      save(files.map((f, i) => ({ preview: local(f), url: urls[i]! })));
      toast.success(t.uploadSuccessTitle, {
        description: several ? t.uploadSuccessCount(files.length) : t.uploadSuccessSingle,
      });
    } catch (err) {
      toast.error(errorTitle, { description: errorText(err, tr.editor.uploadInvalid) });
    } finally {
      setBusy(null);
    }
  }

  function addPhotos(files: File[]) {
    setPhotoError(null);
    const refuse = (message: string) => {
      setPhotoError(message);
      toast.error(t.multiUploadError, { description: message });
    };
    if (files.some((f) => !f.type.startsWith('image/'))) return setPhotoError(tr.photo.onlyImages);
    if (!flags.canBatchProcess && files.length > 1) return refuse(t.batchUpgrade);
    // Without batch a new pick replaces the one photo; with batch it adds up to five.
    const kept = flags.canBatchProcess ? photos : [];
    if (kept.length + files.length > limit) return refuse(tr.photo.tooManyFiles);
    void upload('photos', files, (added) => setPhotos([...kept, ...added]));
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
    const done = await processing.start(
      async (jobId, startedAt) => {
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
          jobId,
        });
        if (!res.results || !res.success) throw new Error(res.error || t.failFallback);
        return { jobId, res, seconds: Math.round((Date.now() - startedAt) / 1000) };
      },
      { title: t.failTitle, describe: (err) => `${t.failBody}: ${errorText(err, t.failFallback)}` },
    );
    if (!done) return;
    setOutcome({ jobId: done.jobId, results: done.res.results });
    setStep(6);
    toast.success(t.successTitle, { description: t.successBody(done.res.successCount, done.seconds) });
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

  const stepTitle = [
    t.backgroundTitle,
    t.photosTitle,
    t.logoTitle,
    t.plateTitle,
    t.summaryTitle,
    t.resultsTitle,
  ][step - 1]!;

  return (
    <PhotoToolPage testId="studio" step={step} text={t}>
      <Card className="space-y-5 p-4 sm:p-6">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-bold outline-none" data-testid="step-title">
          {stepTitle}
        </h2>

        {step === 1 && (
          <BackgroundStep
            preset={preset}
            background={background}
            busy={busy === 'background'}
            onPreset={(id) => {
              setPreset(id);
              setBackground(null); // SPEC §4: choosing a preset clears a custom background
            }}
            onUpload={(files) =>
              void upload('background', files.slice(0, 1), ([b]) => {
                setBackground(b!);
                setPreset(null); // ...and uploading a custom background clears the preset
              })
            }
            onRemove={() => setBackground(null)}
          />
        )}
        {step === 2 && (
          <PhotosStep
            photos={photos}
            limit={limit}
            canBatch={flags.canBatchProcess}
            ready={flags.ready}
            busy={busy === 'photos'}
            error={photoError}
            onAdd={addPhotos}
            onRemove={(p) => setPhotos((ps) => ps.filter((x) => x !== p))}
          />
        )}
        {step === 3 && (
          <LogoStep
            logo={logo}
            busy={busy === 'logo'}
            onUpload={(files) => void upload('logo', files.slice(0, 1), ([l]) => setLogo(l!))}
            onRemove={() => setLogo(null)}
          />
        )}
        {step === 4 && <PlateStep value={plate} onChange={setPlate} />}
        {step === 5 && (
          <SummaryStep
            preset={preset}
            customBackground={Boolean(background)}
            photoCount={photos.length}
            limit={limit}
            hasLogo={Boolean(logo)}
            plate={plate}
            canRemoveWatermark={flags.canRemoveWatermark}
            removeWatermark={removeWatermark}
            onRemoveWatermark={setRemoveWatermark}
            run={processing.running ? processing : null}
            onGenerate={() => void generate()}
          />
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
              <Button variant="outline" onClick={back} disabled={processing.running}>
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
    </PhotoToolPage>
  );
}
