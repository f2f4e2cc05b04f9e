import { COLOR_MODE_COOKIE } from './locales.js';

/**
 * The classic script each page of the web app runs in its head before the first paint, so a page never
 * flashes the wrong theme: the colour mode from the cookie (or the system's), as the `dark` class and
 * the colour scheme of the root. Written inline by the web build (it blocked the paint as a file of its
 * own, ADR 205) and allowed by the API's CSP through its hash (`plugins/security.ts`): the two read
 * this one text, so they cannot drift apart. The app takes over once it starts (lib/color-mode).
 */
export const COLOR_MODE_SCRIPT = `(()=>{try{const m=document.cookie.match(/(?:^|;\\s*)${COLOR_MODE_COOKIE}=(system|light|dark)(?:;|$)/);const p=m?m[1]:'system';const d=p==='dark'||(p==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);const r=document.documentElement;r.classList.toggle('dark',d);r.style.colorScheme=d?'dark':'light'}catch{}})()`;
