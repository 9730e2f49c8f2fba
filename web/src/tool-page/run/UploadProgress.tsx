import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';
/** Upload progress while a run is under way; once sent, the server is still working. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const t = useMessages('toolPage', english);
  const percent = Math.round(fraction * 100);
  const uploaded = percent >= 100;
  return (
    <div className="upload-progress" aria-live="polite">
      <div className="upload-progress__text">
        <span>{uploaded ? t('uploaded') : t('uploading')}</span>
        {!uploaded && <span>{percent}%</span>}
      </div>
      <progress className="upload-progress__bar" max={100} value={percent} aria-label={t('uploadProgress')}>
        {percent}%
      </progress>
    </div>
  );
}
