import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors select-none ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-300 focus-visible:ring-offset-2 focus-visible:ring-offset-ink ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-violet-600 text-white shadow-sm shadow-violet-950/40 hover:bg-violet-500 active:bg-violet-700',
  secondary: 'bg-white/5 text-slate-100 ring-1 ring-inset ring-white/15 hover:bg-white/10 active:bg-white/15',
  ghost: 'text-slate-200 hover:bg-white/10 hover:text-white',
  danger: 'bg-red-600 text-white hover:bg-red-500 active:bg-red-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  /** A 40 px square for an icon alone: a proper tap target (its name goes in aria-label). */
  icon: 'h-10 w-10 text-sm',
};

/** The button look, for elements that are not <button> (links styled as buttons). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner in front of the label and marks the button busy (it stays focusable). */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** The shared button: type="button" unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, size, loading = false, className, children, type = 'button', disabled, ...props }: ButtonProps) {
  return (
    <button
      type={type}
      {...props}
      disabled={disabled}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, className })}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
