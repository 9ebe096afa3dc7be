import type { InputHTMLAttributes } from 'react';

type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'onChange'> & {
  id: string;
  label: string;
  hint?: string;
  onCheckedChange: (checked: boolean) => void;
};

/** A native checkbox with its label and a hint under it (the label and the box both toggle it). */
export function CheckboxField({ id, label, hint, onCheckedChange, ...props }: CheckboxFieldProps) {
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        {...props}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onCheckedChange(event.target.checked)}
        className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded border-white/25 bg-white/5 accent-violet-500 disabled:cursor-not-allowed disabled:opacity-60"
      />
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-slate-200">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
