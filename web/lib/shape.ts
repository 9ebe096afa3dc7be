/**
 * One shape for every language of a catalogue (issue 29, docs/decisions/0045-languages.md): the literal
 * strings of an `as const` file widened to `string`, functions kept as they are, so a translation that
 * `satisfies Shape<typeof original>` must have every key and no other.
 */
export type Shape<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => R extends string ? string : R
    : T extends object
      ? { readonly [K in keyof T]: Shape<T[K]> }
      : T;
