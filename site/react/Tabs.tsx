// The one tab row of the site (WAI-ARIA tabs pattern): the selected tab alone is in the tab order, the
// arrows move to the next or previous usable tab and wrap, Home and End jump to the ends (roving-index.ts),
// and the tab a key moves to is selected and focused. The panels stay with the caller, which knows when
// each is rendered; a tab names the panel it controls with `controls`. Given `href`, each tab is a link to
// the page with that tab open, so the tabs work before any script runs (/auth, decision 0123); once the
// island runs, a plain click selects the tab in place.
import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydrated.ts';
import { rovingIndex } from '../lib/roving-index.ts';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** a tab that cannot be chosen yet: skipped by the keys, with `title` saying why */
  disabled?: boolean;
  title?: string | undefined;
}

interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  /** each tab's element id (its panel's aria-labelledby points to it) */
  tabId: (id: T) => string;
  /** the id of the panel a tab controls */
  controls: (id: T) => string;
  label?: string;
  labelledBy?: string;
  className: string;
  /** the class of a tab that is not selected (Pico's 'outline' looks); the selected tab has none */
  idleClassName?: string;
  /** the address of the page with this tab open: the tabs are then links (styled as buttons, `a.btn`) */
  href?: (id: T) => string;
}

export function Tabs<T extends string>({
  tabs,
  selected,
  onSelect,
  tabId,
  controls,
  label,
  labelledBy,
  className,
  idleClassName,
  href,
}: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLElement>());
  // The arrow keys need the script: until it runs, every tab link stays in the tab order.
  const roving = useHydrated() || !href;
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const usable = tabs.filter((tab) => !tab.disabled);
    const target = rovingIndex(
      event.key,
      usable.findIndex((tab) => tab.id === selected),
      usable.length,
    );
    if (target === undefined) return;
    event.preventDefault();
    const next = usable[target]!.id;
    onSelect(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} aria-labelledby={labelledBy} className={className}>
      {tabs.map((tab) => {
        const shared = {
          ref: (element: HTMLElement | null) => {
            if (element) buttons.current.set(tab.id, element);
            else buttons.current.delete(tab.id);
          },
          role: 'tab',
          id: tabId(tab.id),
          'aria-selected': tab.id === selected,
          'aria-controls': controls(tab.id),
          tabIndex: !roving ? undefined : tab.id === selected ? 0 : -1,
          title: tab.title,
          onKeyDown,
        } as const;
        const idle = tab.id === selected ? undefined : idleClassName;
        if (href && !tab.disabled) {
          // a click that asks for a new tab or window is the browser's; a plain one selects in place
          const select = (event: MouseEvent<HTMLAnchorElement>) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onSelect(tab.id);
          };
          return (
            <a key={tab.id} {...shared} href={href(tab.id)} className={idle ? `btn ${idle}` : 'btn'} onClick={select}>
              {tab.label}
            </a>
          );
        }
        return (
          <button
            key={tab.id}
            {...shared}
            type="button"
            disabled={tab.disabled}
            className={idle}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
