import { Download, Home, PenLine, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  editorPresets,
  presetCategories,
  presetCategoryLabels,
  type PresetCategory,
} from '@contract/presets';
import { tr } from '@contract/messages.tr';
import { PLATE_TEXT_MAX_EDITOR } from '@contract/plate';
import { editorRules, type OperationId } from '@contract/editor-rules';
import { FileDrop } from '@/components/file-drop';
import { BeforeAfter } from '@/components/before-after';
import { InlineAlert } from '@/components/inline-alert';
import { PickedPicture } from '@/components/picked-picture';
import { PlateTextField } from '@/components/plate-text-field';
import { PresetTile } from '@/components/preset-tile';
import { ProgressPanel } from '@/components/progress-panel';
import { PhotoToolPage } from '@/components/photo-tool-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckboxLabel } from '@/components/ui/checkbox';
import { useObjectUrls } from '@/lib/use-object-urls';
import { downloadResult } from '@/shared/photos/api/download';
import { errorText, preloadImage, processImage, uploadImage } from '@/shared/photos/api/photo.api';
import { useProcessingRun } from '@/shared/photos/hooks/use-processing-run';
import { usePlanFlags } from '@/shared/billing/hooks/use-plan-flags';
import { usePageTitle } from '@/lib/use-page-title';
import { MaskEditor, type SavedMask } from './mask-editor';
import { OperationCards } from './operation-cards';
import type { OriginalPlacement } from '@contract/photo-job.schema';

const t = tr.editor;
/** SPEC §9: the result shows 2 s after the processed image has loaded. */
const RESULT_DELAY_MS = 2000;

interface Photo {
  file: File;
  /** Local object URL: the "before" picture, independent of server retention. */
  preview: string;
  /** The server's copy; null while uploading or once a successful run has used it up. */
  url: string | null;
}

interface Result {
  url: string;
  /** Where the original lies in the result (a background change re-frames the car). */
  placement: OriginalPlacement | null;
}

/** SPEC §2/§4/§5 editor (Kendin Tasarla): upload, operations, presets, prompt, mask, progress, result. */
export default function EditorPage() {
  usePageTitle(t.title);
  const navigate = useNavigate();
  const flags = usePlanFlags();
  const [photo, setPhoto] = useState<Photo | null>(null);
  const [uploading, setUploading] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [operations, setOperations] = useState<OperationId[]>([]);
  const [preset, setPreset] = useState<string | null>(null);
  // 31 scenes are a long scroll on a phone: the category chips narrow the grid (the choice itself stays).
  const [category, setCategory] = useState<PresetCategory | null>(null);
  const selectedPreset = editorPresets.find((p) => p.id === preset);
  const [prompt, setPrompt] = useState('');
  const [plateText, setPlateText] = useState('');
  const [removeWatermark, setRemoveWatermark] = useState(true);
  const [mask, setMask] = useState<SavedMask | null>(null);
  const [maskOpen, setMaskOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const localPreview = useObjectUrls();
  // Elapsed time drives the bar: 45 s (the middle of the 30-60 s estimate) fills it to 95 %.
  const runState = useProcessingRun(500);
  const processing = runState.running;
  useEffect(() => {
    if (processing) progressRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [processing]);

  const step = result ? 3 : photo ? 2 : 1;
  const trimmedPrompt = prompt.trim();
  const showWatermark = flags.canRemoveWatermark && (operations.length > 0 || trimmedPrompt.length > 0);

  async function onFiles(files: File[]) {
    const file = files[0]!; // only the first file is used (SPEC §2)
    setAlert(null);
    if (!file.type.startsWith('image/')) {
      setAlert(t.onlyImages);
      return;
    }
    const preview = localPreview(file);
    setPhoto({ file, preview, url: null });
    setResult(null);
    setFailed(false);
    setMask(null);
    setUploading(true);
    try {
      const url = await uploadImage(file);
      setPhoto((p) => (p && p.file === file ? { ...p, url } : p));
    } catch (err) {
      setAlert(t.uploadError + errorText(err, t.uploadInvalid));
      setPhoto((p) => (p && p.file === file ? null : p));
    } finally {
      setUploading(false);
    }
  }

  function removePhoto() {
    setPhoto(null);
    setMask(null);
    setMaskOpen(false);
    setResult(null);
    setFailed(false);
    setAlert(null);
  }

  function toggle(op: OperationId) {
    setOperations((ops) => (ops.includes(op) ? ops.filter((o) => o !== op) : [...ops, op]));
    setMask(null); // SPEC §4: selecting or deselecting an operation clears any mask
  }

  function clearAll() {
    setOperations([]);
    setMask(null);
  }

  function resetSelections() {
    setOperations([]);
    setPreset(null);
    setPrompt('');
    setPlateText('');
    setMask(null);
  }

  /** SPEC §5 checks, in the spec's order; returns the message of the first that fails. */
  function validate(): string | null {
    if (!photo) return t.noImage;
    if (editorRules.needsOperation(operations, trimmedPrompt)) return tr.photo.noOperation;
    if (editorRules.needsBackground(operations, Boolean(preset || trimmedPrompt)))
      return tr.photo.noBackground;
    if (editorRules.needsPlateText(operations, plateText)) return tr.photo.noPlateText;
    return null;
  }

  async function run() {
    const problem = validate();
    if (problem || !photo) {
      toast.error(problem ?? t.noImage);
      return;
    }
    setResult(null);
    setFailed(false);
    setAlert(null);
    const done = await runState.start(
      async (jobId) => {
        // A successful run lets the server delete the original (retention), so a second run re-sends it.
        let imageUrl = photo.url;
        if (!imageUrl) {
          imageUrl = await uploadImage(photo.file);
          const url = imageUrl;
          setPhoto((p) => (p ? { ...p, url } : p));
        }
        // SPEC §5: a prompt alone means background_change; a custom prompt beats a preset.
        const ops: OperationId[] = operations.length ? operations : ['background_change'];
        const res = await processImage({
          imageUrl,
          operations: ops,
          maskUrl: mask?.url,
          removeWatermark: flags.canRemoveWatermark && removeWatermark,
          customPrompt: trimmedPrompt || undefined,
          plateText: ops.includes('plate_customize') ? plateText.trim() : undefined,
          backgroundPreset:
            ops.includes('background_change') && !trimmedPrompt && preset ? preset : undefined,
          jobId,
        });
        const out = res.status === 'succeeded' ? res.output?.[0] : undefined;
        if (!out) throw new Error(res.error || t.failDefault);
        let loaded = true;
        await preloadImage(out).catch(() => (loaded = false));
        await new Promise((r) => setTimeout(r, RESULT_DELAY_MS));
        return { result: { url: out, placement: res.placement ?? null }, loaded };
      },
      { title: t.failTitle, describe: (err) => errorText(err, tr.common.unexpectedError) },
    );
    if (!done) {
      setFailed(true);
      setAlert(t.failAlert);
      return;
    }
    setResult(done.result);
    setPhoto((p) => (p ? { ...p, url: null } : p));
    resetSelections();
    if (done.loaded) toast.success(t.successTitle, { description: t.successBody });
    else toast.warning(t.warnTitle, { description: t.warnBody });
  }

  function backFromResult() {
    resetSelections();
    setResult(null);
    setFailed(false);
    setAlert(null);
  }

  const elapsed = Math.round(runState.elapsedSeconds);

  return (
    <PhotoToolPage testId="editor" step={step} text={t}>
      {alert && (
        <InlineAlert testId="editor-alert" className="mb-4">
          {alert}
        </InlineAlert>
      )}

      {result && photo ? (
        <Card className="space-y-4 p-4 sm:p-6" data-testid="editor-result">
          <h2 className="text-lg font-bold">{t.resultTitle}</h2>
          <BeforeAfter
            key={result.url}
            before={photo.preview}
            after={result.url}
            placement={result.placement}
            alt={tr.processing.compareSubject}
            testId="compare"
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => navigate('/')}>
              <Home className="h-4 w-4" aria-hidden />
              {t.backHome}
            </Button>
            <Button variant="outline" onClick={backFromResult}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              {t.newEdit}
            </Button>
            <Button onClick={() => void downloadResult(result.url)} data-testid="download">
              <Download className="h-4 w-4" aria-hidden />
              {tr.processing.download}
            </Button>
          </div>
        </Card>
      ) : !photo ? (
        <FileDrop
          title={t.dropTitle}
          onFiles={(f) => void onFiles(f)}
          testId="editor-drop"
          accept="image/*"
        />
      ) : maskOpen ? (
        <Card className="p-4 sm:p-6">
          <MaskEditor
            photo={photo.preview}
            initial={mask?.overlay}
            onCancel={() => setMaskOpen(false)}
            onSaved={(m) => {
              setMask(m);
              setMaskOpen(false);
            }}
          />
        </Card>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <Card className="h-fit space-y-3 p-4">
            <PickedPicture
              src={photo.preview}
              alt={t.uploadedAlt}
              testId="editor-preview"
              className="overflow-hidden rounded-xl bg-slate-100"
              imgClassName="block w-full"
              removeLabel={t.removePhoto}
              onRemove={removePhoto}
              disabled={processing}
              large
            >
              {mask && (
                <img
                  src={mask.overlay}
                  alt=""
                  className="pointer-events-none absolute inset-0 h-full w-full opacity-60"
                  data-testid="mask-overlay"
                />
              )}
            </PickedPicture>
            <p className="truncate text-xs text-slate-500" data-testid="upload-state">
              {uploading ? t.uploading : photo.file.name}
            </p>
            <div className="space-y-2 border-t border-slate-100 pt-3">
              <Button
                variant="outline"
                size="sm"
                className="w-full"
                onClick={() => setMaskOpen(true)}
                disabled={processing || uploading}
              >
                <PenLine className="h-4 w-4" aria-hidden />
                {mask ? t.mask.edit : t.mask.open}
              </Button>
              {mask ? (
                <div className="flex items-center justify-between gap-2 text-xs text-emerald-700">
                  <span data-testid="mask-active">{t.mask.active}</span>
                  <button
                    type="button"
                    className="shrink-0 font-semibold text-slate-600 underline"
                    onClick={() => setMask(null)}
                  >
                    {t.mask.remove}
                  </button>
                </div>
              ) : (
                <p className="text-xs text-slate-500">{t.mask.orderHint}</p>
              )}
            </div>
          </Card>

          <Card className="space-y-6 p-4 sm:p-6" data-testid="ai-panel">
            <h2 className="text-lg font-bold">{t.panelTitle}</h2>
            <OperationCards selected={operations} onToggle={toggle} disabled={processing} />

            {operations.includes('background_change') && (
              <fieldset>
                <legend className="mb-3 text-sm font-semibold">{t.presetsTitle}</legend>
                <div className="mb-3 flex flex-wrap gap-2" role="group" aria-label={t.presetCategories}>
                  {[null, ...presetCategories].map((c) => (
                    <button
                      key={c ?? 'all'}
                      type="button"
                      aria-pressed={category === c}
                      data-category={c ?? 'all'}
                      onClick={() => setCategory(c)}
                      className="rounded-full border border-slate-200 px-3 py-1 text-sm font-medium text-slate-700 hover:border-slate-400 focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
                    >
                      {c ? presetCategoryLabels[c] : t.presetAll}
                    </button>
                  ))}
                </div>
                {/* Always in the page, so screen readers announce each new choice. */}
                <p
                  className="mb-2 min-h-5 text-sm text-slate-600"
                  data-testid="selected-preset"
                  aria-live="polite"
                >
                  {selectedPreset ? t.presetChosen(selectedPreset.name) : ''}
                </p>
                <div
                  className="grid max-h-[30rem] grid-cols-2 gap-3 overflow-y-auto p-1 sm:grid-cols-3"
                  data-testid="preset-grid"
                >
                  {editorPresets
                    .filter((p) => !category || p.category === category)
                    .map((p) => (
                      <PresetTile
                        key={p.id}
                        id={p.id}
                        name={p.name}
                        description={p.description}
                        selected={preset === p.id}
                        onSelect={() => setPreset((cur) => (cur === p.id ? null : p.id))}
                      />
                    ))}
                </div>
              </fieldset>
            )}

            {operations.includes('plate_customize') && (
              <PlateTextField
                id="plate-text"
                hintId="plate-text-hint"
                label={t.plateTextLabel}
                value={plateText}
                onChange={setPlateText}
                max={PLATE_TEXT_MAX_EDITOR}
                placeholder={t.plateTextPlaceholder}
              />
            )}

            <div>
              <label htmlFor="prompt" className="text-sm font-semibold">
                {t.promptLabel}
              </label>
              <textarea
                id="prompt"
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                placeholder={t.promptPlaceholder}
                rows={3}
                maxLength={1000}
                aria-describedby="prompt-note"
                className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
              />
              <p id="prompt-note" className="mt-1 text-xs text-slate-500" data-testid="prompt-note">
                {t.promptNote}
              </p>
            </div>

            {showWatermark && (
              <CheckboxLabel
                className="flex items-start gap-2 text-sm"
                boxClassName="mt-0.5 h-4 w-4 accent-amber-500"
                checked={removeWatermark}
                onCheckedChange={setRemoveWatermark}
              >
                <span>
                  <span className="font-semibold">{t.watermark}</span>
                  <span className="block text-xs text-slate-500">{t.watermarkHint}</span>
                </span>
              </CheckboxLabel>
            )}

            <div className="flex flex-wrap gap-2">
              <Button
                size="lg"
                onClick={() => void run()}
                disabled={processing || uploading}
                className="flex-1 sm:flex-none"
              >
                {processing ? t.processing : t.process}
              </Button>
              <Button variant="outline" size="lg" onClick={clearAll} disabled={processing}>
                <Trash2 className="h-4 w-4" aria-hidden />
                {t.clear}
              </Button>
              {failed && !processing && (
                <Button variant="dark" size="lg" onClick={() => void run()} data-testid="retry">
                  <RotateCcw className="h-4 w-4" aria-hidden />
                  {t.retry}
                </Button>
              )}
            </div>

            {processing && (
              <ProgressPanel
                ref={progressRef}
                title={t.progressTitle}
                estimate={t.estimate}
                percent={(elapsed / 45) * 95}
                messages={t.progressMessages}
                steps={t.progressSteps}
                stage={runState.stage}
                elapsed={tr.processing.elapsed(elapsed)}
              />
            )}
          </Card>
        </div>
      )}
    </PhotoToolPage>
  );
}
