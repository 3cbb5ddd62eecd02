import { tr } from '@contract/messages.tr';
import { FileDrop } from '@/components/file-drop';
import { PickedPicture } from '@/components/picked-picture';
import type { Upload } from './studio-upload';

const t = tr.studio;

/** Step 3: an optional logo, shown on a checkerboard so transparency is visible. */
export function LogoStep(props: {
  logo: Upload | null;
  busy: boolean;
  onUpload: (files: File[]) => void;
  onRemove: () => void;
}) {
  const { logo } = props;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t.logoHint}</p>
      {logo ? (
        <PickedPicture
          src={logo.preview}
          alt={t.logoAlt}
          testId="logo-preview"
          className="inline-block rounded-xl border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4"
          imgClassName="max-h-32 max-w-60"
          removeLabel={t.removeLogo}
          onRemove={props.onRemove}
          buttonPlace="-top-3 -right-3"
        />
      ) : (
        <FileDrop
          title={t.logoTitle}
          accept="image/png,image/webp,image/jpeg"
          onFiles={props.onUpload}
          busy={props.busy}
          testId="logo-drop"
          compact
        />
      )}
    </div>
  );
}
