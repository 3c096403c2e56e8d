// The one tab row of the site (WAI-ARIA tabs pattern): the selected tab alone is in the tab order, the
// arrows move to the next or previous usable tab and wrap, Home and End jump to the ends (roving-index.ts),
// and the tab a key moves to is selected and focused. The panels stay with the caller, which knows when
// each is rendered; a tab names the panel it controls with `controls`.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
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
}: TabsProps<T>) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
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
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) buttons.current.set(tab.id, element);
            else buttons.current.delete(tab.id);
          }}
          type="button"
          role="tab"
          id={tabId(tab.id)}
          aria-selected={tab.id === selected}
          aria-controls={controls(tab.id)}
          tabIndex={tab.id === selected ? 0 : -1}
          disabled={tab.disabled}
          title={tab.title}
          className={tab.id === selected ? undefined : idleClassName}
          onClick={() => onSelect(tab.id)}
          onKeyDown={onKeyDown}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
