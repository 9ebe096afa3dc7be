/** The upload's progress while a form is being sent, with a line saying how far it is. */
export function UploadProgress({ fraction, label, text }: { fraction: number; label: string; text: (percent: number) => string }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="flex flex-col gap-1.5">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded-full bg-white/10">
        <div className="h-full rounded-full bg-violet-500 transition-[width] duration-200" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-slate-300">{text(percent)}</p>
    </div>
  );
}
