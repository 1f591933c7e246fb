import { type KeyboardEvent, type ReactNode, type ToggleEvent, useEffect, useRef, useState } from 'react';
import nav from 'virtual:book/ui/nav';
import menu from 'virtual:book/ui/menu';
import { backCloses } from '../../lib/back-closes.ts';
import { currentState, href, siteNav } from '../../lib/routes.ts';
import './SiteMenuDialog.css';

interface Props {
  /** The page's route (/index/Chapter2): the menu marks the link of its section. Its only prop, so every page carries little. */
  route: string;
  /** The book's contents (BookContents.astro), static HTML after the site's links. */
  children?: ReactNode;
}

const menuId = 'site-menu';
const hide = () => document.querySelector<HTMLElement>(`#${menuId}:popover-open`)?.hidePopover();
const back = typeof window === 'undefined' ? undefined : backCloses('menu', hide);

/**
 * The phone and tablet menu. The HTML popover attribute makes it open, close on Escape and close on
 * an outside click with no JavaScript; hydrating adds focus handling, arrow keys, close-on-select and close on Back.
 */
export default function SiteMenuDialog({ route, children }: Props) {
  const items = siteNav.map((item) => ({ href: href(item.path), label: nav[`nav.${item.key}`], current: currentState(item.path, route) }));
  const label = menu['menu.open'];
  const searchLabel = menu['menu.search'];
  const panel = useRef<HTMLElement>(null);
  const [open, setOpen] = useState<boolean>();

  const links = () => [...(panel.current?.querySelectorAll<HTMLElement>('a, button') ?? [])];

  // The reader may have opened the menu natively before hydration finished: adopt that state.
  useEffect(() => {
    const isOpen = panel.current?.matches(':popover-open') ?? false;
    setOpen(isOpen);
    if (isOpen) {
      back?.opened();
      links()[0]?.focus();
    }
  }, []);

  const onToggle = (event: ToggleEvent<HTMLElement>) => {
    const isOpen = event.newState === 'open';
    setOpen(isOpen);
    if (isOpen) {
      back?.opened();
      links()[0]?.focus();
    } else back?.closed();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    all[(next + all.length) % all.length]?.focus();
  };

  return (
    <div className="site-menu">
      <button type="button" className="bar-button site-menu__button" popoverTarget={menuId} aria-expanded={open} aria-controls={menuId}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only-below-md">{label}</span>
      </button>
      <nav
        id={menuId}
        className="site-menu__panel"
        popover="auto"
        aria-label={label}
        ref={panel}
        onToggle={onToggle}
        onKeyDown={onKeyDown}
        onClick={(event) => back?.follow(event.nativeEvent)}
      >
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <a href={item.href} aria-current={item.current}>
                {item.label}
              </a>
            </li>
          ))}
          <li>
            {/* Closes the menu natively; the search script, listening for data-search-open, opens search. */}
            <button
              type="button"
              className="site-menu__search"
              data-search-open=""
              popoverTarget={menuId}
              popoverTargetAction="hide"
              onClick={() => back?.passTo('search')}
            >
              {searchLabel}
            </button>
          </li>
        </ul>
        {children}
      </nav>
    </div>
  );
}
