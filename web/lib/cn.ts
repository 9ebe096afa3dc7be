/**
 * Class names joined with spaces, empty and false ones left out: what the app asks of clsx (strings
 * and conditions, never objects or arrays), without shipping clsx with every page.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(' ');
}
