import { tr } from '@contract/messages.tr';
import { FileDrop } from '@/components/file-drop';
import { RemoveButton } from './background-step';
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
        <div className="relative inline-block rounded-xl border border-slate-200 bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-4">
          <img src={logo.preview} alt={t.logoAlt} className="max-h-32 max-w-60" data-testid="logo-preview" />
          <RemoveButton label={t.removeLogo} onClick={props.onRemove} className="-top-3 -right-3" />
        </div>
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
