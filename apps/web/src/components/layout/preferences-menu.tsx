import { type ComponentType, useRef, useState } from 'react';
import { withChunkReload } from '@/lib/chunk-reload';
import { PreferencesButton } from './preferences-button';
import type { PreferencesMenuContentProps } from './preferences-menu-content';

const importMenu = () => import('./preferences-menu-content');
/** A press that cannot load the menu reloads the page like any lazy part (ADR 014's chunk reload). */
const loadMenuOrReload = withChunkReload(importMenu);

type MenuComponent = ComponentType<PreferencesMenuContentProps>;

/** Kept once loaded: the next layout's menu renders at once, with no placeholder. */
let loadedMenu: MenuComponent | undefined;

export interface PreferencesMenuProps {
  className?: string;
  /** Where the menu opens from its button (below by default; above at the foot of a sidebar). */
  side?: 'top' | 'bottom';
  align?: 'start' | 'end';
}

/**
 * Language and appearance in one small menu, present in every layout's header or sidebar (ADR 200).
 * The button is part of the page; the menu (Radix DropdownMenu) is its own chunk, fetched when the
 * visitor reaches for the button (pointer over it, focus, touch), so a first visit downloads none of
 * it. Once loaded, the button is replaced by the menu's own trigger, which keeps the focus.
 */
export function PreferencesMenu(props: PreferencesMenuProps) {
  const [Menu, setMenu] = useState<MenuComponent | undefined>(() => loadedMenu);
  const [openOnMount, setOpenOnMount] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  const load = (open: boolean) => {
    if (open) setOpenOnMount(true);
    // Only a press may reload the page: a pointer passing over the button offline must not.
    (open ? loadMenuOrReload() : importMenu())
      .then((module) => {
        loadedMenu = module.PreferencesMenuContent;
        // Read just before the swap: a keyboard user on the button stays on it.
        setFocusOnMount(document.activeElement === button.current);
        setMenu(() => module.PreferencesMenuContent);
      })
      // The button stays; the next press tries again (a press that cannot reload has logged why).
      .catch(() => undefined);
  };

  if (Menu) return <Menu {...props} defaultOpen={openOnMount} focusTrigger={focusOnMount} />;
  return (
    <PreferencesButton
      ref={button}
      className={props.className}
      aria-expanded={false}
      onPointerEnter={() => load(false)}
      onTouchStart={() => load(false)}
      onFocus={() => load(false)}
      // Radix's trigger opens on pointer down: so does this one, so a click never falls between the two.
      // And, as Radix's does, without the focus that follows a press: the menu's code may arrive (from
      // the cache, on a phone) between the finger's touch and the focus the browser gives when it
      // lifts, which would then land on the menu's new trigger, outside the menu just opened, and
      // close it.
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        load(true);
      }}
      onClick={() => load(true)}
    />
  );
}
