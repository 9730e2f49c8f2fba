/** Upload progress while a run is under way; once sent, the server is still working. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  const uploaded = percent >= 100;
  return (
    <div className="upload-progress" aria-live="polite">
      <div className="upload-progress__text">
        <span>{uploaded ? 'Uploaded. Processing your file…' : 'Uploading…'}</span>
        {!uploaded && <span>{percent}%</span>}
      </div>
      <progress className="upload-progress__bar" max={100} value={percent} aria-label="Upload progress">
        {percent}%
      </progress>
    </div>
  );
}
