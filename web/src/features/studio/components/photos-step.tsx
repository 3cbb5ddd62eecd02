import { Link } from 'react-router';
import { tr } from '@contract/messages.tr';
import { FileDrop } from '@/components/file-drop';
import { InlineAlert } from '@/components/inline-alert';
import { PickedPicture } from '@/components/picked-picture';
import type { Upload } from './studio-upload';

const t = tr.studio;

/** Step 2: the car photos (one without batch processing, up to `limit` with it). */
export function PhotosStep(props: {
  photos: Upload[];
  limit: number;
  canBatch: boolean;
  /** The plan is known (the upgrade notice waits for it). */
  ready: boolean;
  busy: boolean;
  error: string | null;
  onAdd: (files: File[]) => void;
  onRemove: (photo: Upload) => void;
}) {
  const { photos, limit, canBatch } = props;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{canBatch ? t.photosHint(limit) : t.photosHintSingle}</p>
      {!canBatch && props.ready && (
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
            <li key={p.url} className="overflow-hidden rounded-lg bg-slate-100">
              <PickedPicture
                src={p.preview}
                alt={t.photoAlt(i + 1)}
                imgClassName="aspect-[3/2] w-full object-cover"
                removeLabel={t.removePhoto(i + 1)}
                onRemove={() => props.onRemove(p)}
                buttonPlace="top-1.5 right-1.5"
              />
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm font-medium text-slate-700" data-testid="photo-count">
        {t.photosCount(photos.length, limit)}
      </p>
      {(photos.length < limit || !canBatch) && (
        <FileDrop
          title={tr.editor.dropTitle}
          multiple={canBatch}
          onFiles={props.onAdd}
          busy={props.busy}
          testId="photos-drop"
        />
      )}
      {props.error && <InlineAlert testId="photo-error">{props.error}</InlineAlert>}
    </div>
  );
}
