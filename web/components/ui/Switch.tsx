/**
 * An on/off switch: a button with `role="switch"` and `aria-checked` (Space and Enter toggle it, a
 * `<label htmlFor>` names and toggles it). `data-state="checked|unchecked"` is there for styles.
 */
export function Switch({
  id,
  checked,
  onCheckedChange,
  className,
  thumbClassName,
  ...aria
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
  thumbClassName?: string;
  'aria-describedby'?: string;
}) {
  const state = checked ? 'checked' : 'unchecked';
  return (
    <button type="button" role="switch" id={id} aria-checked={checked} data-state={state} onClick={() => onCheckedChange(!checked)} className={className} {...aria}>
      <span aria-hidden data-state={state} className={thumbClassName} />
    </button>
  );
}
