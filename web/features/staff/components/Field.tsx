import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn.ts';

export const inputClass =
  'w-full rounded-lg border bg-white/5 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-400 ' +
  'focus:outline-none focus:ring-2 focus:ring-violet-500/40 disabled:opacity-60';

const borderClass = (error?: string) => (error ? 'border-red-400 focus:border-red-300' : 'border-white/15 focus:border-violet-400');

/** The classes of a text control, for controls that are not a TextField (a file input, say). */
export const controlClass = (error?: string) => cn(inputClass, borderClass(error));

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
  className?: string;
}

/** A label above its control, a hint below and the field's error beside it (linked for screen readers). */
export function FieldFrame({ id, label, required, hint, error, children, className }: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-300">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes tying a control to its hint and error. */
export function describedBy(id: string, hint?: ReactNode, error?: string) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined } as const;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ id, label, hint, error, required, className, ...props }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <input id={id} required={required} {...props} {...describedBy(id, hint, error)} className={cn(inputClass, borderClass(error), className)} />
    </FieldFrame>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextAreaField({ id, label, hint, error, required, className, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea id={id} required={required} {...props} {...describedBy(id, hint, error)} className={cn(inputClass, borderClass(error), 'min-h-20 resize-y', className)} />
    </FieldFrame>
  );
}
