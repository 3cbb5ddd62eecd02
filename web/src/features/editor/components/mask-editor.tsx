import { Brush, Eraser, Undo2, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { tr } from '@contract/messages.tr';
import { Button } from '@/components/ui/button';
import { InlineAlert } from '@/components/inline-alert';
import { saveMask } from '@/shared/photos/api/photo.api';
import { cn } from '@/lib/cn';

const t = tr.editor.mask;
/** Masks are stored at most this long on their long side; the engine scales them to the photo anyway. */
const MAX_SIDE = 1600;
const UNDO_DEPTH = 20;

export interface SavedMask {
  url: string;
  /** The strokes as a transparent PNG, for the overlay on the preview. */
  overlay: string;
}

/**
 * Mask-drawing screen (the spec leaves it open): brush and eraser over the photo mark extra areas to hide.
 * Strokes are drawn on a canvas at the photo's aspect ratio; saving sends white-on-black PNG data to
 * /api/save-mask, which the engine reads as "hide here".
 */
export function MaskEditor({
  photo,
  initial,
  onSaved,
  onCancel,
}: {
  photo: string;
  initial?: string;
  onSaved: (mask: SavedMask) => void;
  onCancel: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const [tool, setTool] = useState<'brush' | 'eraser'>('brush');
  const [brush, setBrush] = useState(40);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [undoCount, setUndoCount] = useState(0);
  const history = useRef<ImageData[]>([]);
  const drawing = useRef<{ x: number; y: number } | null>(null);

  // The canvas takes the photo's aspect ratio, capped at MAX_SIDE pixels.
  useEffect(() => {
    const img = new Image();
    img.onload = () => {
      const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
      setSize({ w: Math.round(img.naturalWidth * scale), h: Math.round(img.naturalHeight * scale) });
    };
    img.src = photo;
  }, [photo]);

  // Re-opening an existing mask continues from its strokes.
  useEffect(() => {
    if (!size || !initial || !canvas.current) return;
    const ctx = canvas.current.getContext('2d')!;
    const img = new Image();
    img.onload = () => ctx.drawImage(img, 0, 0, size.w, size.h);
    img.src = initial;
  }, [size, initial]);

  const ctx = () => canvas.current?.getContext('2d') ?? null;
  const point = (e: React.PointerEvent) => {
    const c = canvas.current!;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) / r.width) * c.width, y: ((e.clientY - r.top) / r.height) * c.height };
  };
  /** Brush size is chosen in screen pixels, so it feels the same on a phone and a desktop. */
  const lineWidth = () => {
    const c = canvas.current!;
    return (brush * c.width) / Math.max(1, c.getBoundingClientRect().width);
  };
  const stroke = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const c = ctx();
    if (!c) return;
    c.globalCompositeOperation = tool === 'eraser' ? 'destination-out' : 'source-over';
    c.strokeStyle = '#ef4444';
    c.fillStyle = '#ef4444';
    c.lineWidth = lineWidth();
    c.lineCap = 'round';
    c.lineJoin = 'round';
    c.beginPath();
    c.moveTo(from.x, from.y);
    c.lineTo(to.x, to.y);
    c.stroke();
  };

  const onDown = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const c = ctx();
    if (!c || !canvas.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    history.current = [
      ...history.current,
      c.getImageData(0, 0, canvas.current.width, canvas.current.height),
    ].slice(-UNDO_DEPTH);
    setUndoCount(history.current.length);
    const p = point(e);
    drawing.current = p;
    stroke(p, { x: p.x + 0.01, y: p.y });
    setError(null);
  };
  const onMove = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const p = point(e);
    stroke(drawing.current, p);
    drawing.current = p;
  };
  const onUp = () => (drawing.current = null);

  const undo = () => {
    const last = history.current.pop();
    setUndoCount(history.current.length);
    if (last) ctx()?.putImageData(last, 0, 0);
  };
  const clear = () => {
    const c = canvas.current;
    if (!c) return;
    history.current = [...history.current, ctx()!.getImageData(0, 0, c.width, c.height)].slice(-UNDO_DEPTH);
    setUndoCount(history.current.length);
    ctx()!.clearRect(0, 0, c.width, c.height);
  };

  const save = async () => {
    const c = canvas.current;
    if (!c) return;
    const data = ctx()!.getImageData(0, 0, c.width, c.height).data;
    let painted = false;
    for (let i = 3; i < data.length; i += 4)
      if (data[i]! > 0) {
        painted = true;
        break;
      }
    if (!painted) {
      setError(t.empty);
      return;
    }
    // White strokes on black: the format the engine reads regardless of alpha handling.
    const out = document.createElement('canvas');
    out.width = c.width;
    out.height = c.height;
    const o = out.getContext('2d')!;
    const white = document.createElement('canvas');
    white.width = c.width;
    white.height = c.height;
    const w = white.getContext('2d')!;
    w.drawImage(c, 0, 0);
    w.globalCompositeOperation = 'source-in';
    w.fillStyle = '#fff';
    w.fillRect(0, 0, c.width, c.height);
    o.fillStyle = '#000';
    o.fillRect(0, 0, c.width, c.height);
    o.drawImage(white, 0, 0);
    setSaving(true);
    try {
      const { maskUrl } = await saveMask(out.toDataURL('image/png'));
      if (!maskUrl) throw new Error(t.saveFailed);
      toast.success(t.saved);
      onSaved({ url: maskUrl, overlay: c.toDataURL('image/png') });
    } catch {
      setError(t.saveFailed);
      toast.error(t.saveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="mask-title" className="space-y-4" data-testid="mask-editor">
      <div>
        <h2 id="mask-title" className="text-lg font-bold">
          {t.title}
        </h2>
        <p className="text-sm text-slate-600">{t.hint}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={t.title}>
        <div className="flex overflow-hidden rounded-lg border border-slate-300" role="group">
          {(
            [
              ['brush', Brush, t.brush],
              ['eraser', Eraser, t.eraser],
            ] as const
          ).map(([id, Icon, label]) => (
            <button
              key={id}
              type="button"
              aria-pressed={tool === id}
              onClick={() => setTool(id)}
              className={cn(
                'flex h-10 items-center gap-1.5 px-3 text-sm font-medium',
                tool === id ? 'bg-ink-900 text-white' : 'bg-white text-slate-800 hover:bg-slate-100',
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          {t.size}
          <input
            type="range"
            min={8}
            max={120}
            value={brush}
            onChange={(e) => setBrush(Number(e.target.value))}
            className="w-28 accent-amber-500"
          />
          <span className="w-10 tabular-nums">{brush}px</span>
        </label>
        <Button variant="outline" size="sm" onClick={undo} disabled={undoCount === 0}>
          <Undo2 className="h-4 w-4" aria-hidden />
          {t.undo}
        </Button>
        <Button variant="outline" size="sm" onClick={clear}>
          <Trash2 className="h-4 w-4" aria-hidden />
          {t.clear}
        </Button>
      </div>
      <div className="relative mx-auto w-full max-w-3xl overflow-hidden rounded-xl bg-slate-200">
        <img src={photo} alt="" className="block w-full select-none" draggable={false} />
        {size && (
          <canvas
            ref={canvas}
            width={size.w}
            height={size.h}
            aria-label={t.canvasLabel}
            role="img"
            data-testid="mask-canvas"
            onPointerDown={onDown}
            onPointerMove={onMove}
            onPointerUp={onUp}
            onPointerCancel={onUp}
            className={cn(
              'absolute inset-0 h-full w-full touch-none opacity-60',
              tool === 'eraser' ? 'cursor-cell' : 'cursor-crosshair',
            )}
          />
        )}
      </div>
      {error && <InlineAlert testId="mask-error">{error}</InlineAlert>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {t.cancel}
        </Button>
        <Button onClick={() => void save()} disabled={saving || !size}>
          {saving ? t.saving : t.save}
        </Button>
      </div>
    </section>
  );
}
