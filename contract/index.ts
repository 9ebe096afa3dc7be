export * from './constants.ts';
export * from './errors.ts';
export * from './scripts.ts';
export type * from './load-context.ts';
export * from './staff.ts';
export * from './script-form.ts';
export * from './channels.ts';
export * from './text.ts';
export * from './metrics.ts';
