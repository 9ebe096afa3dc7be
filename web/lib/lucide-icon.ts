import { createElement, type ReactNode, type SVGProps } from 'react';

/**
 * Stands in for lucide-react's `createLucideIcon` (vite.config.ts routes the icon modules' import here):
 * the same <svg> for the props this app passes (class names, size, color, stroke width, aria-hidden
 * unless the icon is labelled), without lucide's general icon builder and context, about 2 KB gzip of
 * every page's first-load JavaScript.
 */
interface IconData {
  name: string;
  node: [string, Record<string, string>][];
  aliases?: string[];
}

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string; children?: ReactNode };

/** Lucide's rule: a labelled icon (aria-*, role or title, or children) is not hidden from assistive technology. */
const labelled = (props: Record<string, unknown>) =>
  Object.keys(props).some((name) => (name.startsWith('aria-') || name === 'role' || name === 'title') && props[name] != null);

export default function createLucideIcon(icon: IconData) {
  const own = ['lucide', `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`)];
  return function LucideIcon({ className = '', size = 24, color = 'currentColor', strokeWidth = 2, children, ...rest }: IconProps) {
    const attributes = {
      xmlns: 'http://www.w3.org/2000/svg',
      width: size,
      height: size,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: color,
      strokeWidth,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      className: [...new Set([...own, ...className.split(/\s+/)])].filter(Boolean).join(' '),
      ...(children || labelled(rest) ? {} : { 'aria-hidden': 'true' }),
      ...rest,
    } as const;
    return createElement('svg', attributes, ...icon.node.map(([tag, shape]) => createElement(tag, shape)), children);
  };
}
