import { createContext, type KeyboardEvent, type ReactNode, useContext, useId, useState } from 'react';

/**
 * Tabs after the WAI-ARIA tabs pattern: one tab in the Tab order (the selected one), arrow keys, Home
 * and End move between tabs and select them. Written here rather than taken from Radix because public
 * pages carry a first-load JavaScript budget, and Radix Tabs with its roving-focus and collection
 * helpers cost about 4 KB gzip of it. Selected and inactive parts carry `data-state="active|inactive"`,
 * so styles read the same as they did with Radix.
 */
interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tabs parts must be inside <Tabs>');
  return state;
}

const tabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

/** Controlled with `value` and `onValueChange`, or uncontrolled from `defaultValue`. */
export function Tabs({
  value,
  defaultValue,
  onValueChange,
  className,
  children,
}: {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const baseId = useId();
  const [own, setOwn] = useState(defaultValue ?? '');
  const current = value ?? own;
  const select = (next: string) => {
    if (value === undefined) setOwn(next);
    if (next !== current) onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value: current, select }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function TabList({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  // Arrow keys select the next tab and move focus to it (automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = MOVES[event.key];
    if (!move) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not([disabled])')];
    const index = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next = tabs[move(index, tabs.length)];
    next?.focus();
    next?.click();
  };
  return (
    <div role="tablist" aria-label={label} aria-orientation="horizontal" onKeyDown={onKeyDown} className={className}>
      {children}
    </div>
  );
}

export function Tab({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.baseId, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.baseId, value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      onClick={() => tabs.select(value)}
      className={className}
    >
      {children}
    </button>
  );
}

/**
 * A tab's panel. Unmounted while inactive unless `forceMount`, which keeps it in the page, hidden (its
 * text stays in the server's HTML for search engines).
 */
export function TabPanel({ value, forceMount, className, children }: { value: string; forceMount?: boolean; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const active = tabs.value === value;
  if (!active && !forceMount) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={tabId(tabs.baseId, value)}
      tabIndex={0}
      hidden={!active}
      data-state={active ? 'active' : 'inactive'}
      className={className}
    >
      {children}
    </div>
  );
}
