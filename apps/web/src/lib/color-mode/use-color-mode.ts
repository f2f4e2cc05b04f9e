import { useLayoutEffect, useMemo, useSyncExternalStore } from 'react';
import { useMatches } from 'react-router';
import {
  applyColorMode,
  type ColorModePreference,
  type ForcedColorMode,
  getColorModePreference,
  getForcedColorMode,
  type ResolvedColorMode,
  resolveColorMode,
  setColorModePreference,
  setForcedColorMode,
  subscribeColorMode,
  subscribeSystemColorMode,
  systemPrefersDark,
  validateForcedColorMode,
} from './color-mode';

/** What a route may put in its `handle` to force a colour mode on its pages. */
export interface ColorModeHandle {
  colorMode?: ForcedColorMode;
}

/** The colour mode forced by the deepest matched route that sets one ('system' is refused). */
export function useRouteForcedColorMode(): ForcedColorMode | undefined {
  const matches = useMatches();
  // Computed once per navigation, so a refused 'system' warns once, not on every render.
  return useMemo(() => {
    for (let i = matches.length - 1; i >= 0; i--) {
      const match = matches[i];
      const handle = match?.handle as { colorMode?: unknown } | undefined;
      if (handle && 'colorMode' in handle) {
        const forced = validateForcedColorMode(handle.colorMode, match?.pathname ?? '');
        if (forced) return forced;
      }
    }
    return undefined;
  }, [matches]);
}

export interface ColorModeState {
  preference: ColorModePreference;
  forced: ForcedColorMode | undefined;
  resolved: ResolvedColorMode;
  setPreference: (preference: ColorModePreference) => void;
}

/** The visitor's preference, what the current page forces, and what is shown. */
export function useColorMode(): ColorModeState {
  // The same reading while the app adopts a painted page (hydration, ADR 203): no markup depends on
  // it (the CSS follows <html>'s class), and a guessed value would repaint the other mode for a frame.
  const preference = useSyncExternalStore(subscribeColorMode, getColorModePreference, getColorModePreference);
  const forced = useSyncExternalStore(subscribeColorMode, getForcedColorMode, getForcedColorMode);
  const prefersDark = useSyncExternalStore(subscribeSystemColorMode, systemPrefersDark, systemPrefersDark);
  return {
    preference,
    forced,
    resolved: resolveColorMode(preference, forced, prefersDark),
    setPreference: setColorModePreference,
  };
}

/** Mounted once in the shell: publishes the route's forced mode and keeps <html> in step. */
export function useColorModeSync(): ResolvedColorMode {
  const routeForced = useRouteForcedColorMode();
  // Layout effects: applied before the browser paints, so a forced page never flashes the other mode.
  useLayoutEffect(() => setForcedColorMode(routeForced), [routeForced]);
  const { resolved } = useColorMode();
  useLayoutEffect(() => applyColorMode(resolved), [resolved]);
  return resolved;
}
