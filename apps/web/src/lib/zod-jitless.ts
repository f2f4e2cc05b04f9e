// zod decides once whether it may compile its parsers by trying `new Function`; our CSP has no
// 'unsafe-eval', so the try is refused, and the browser reports it as a CSP violation (Lighthouse's
// best practices, "inspector-issues", on every page that parses an API answer). The parsers then run
// uncompiled anyway: say so up front. Through zod 4's global config object, which it reads from
// `globalThis.__zod_globalConfig` (and keeps if it exists), so the shell does not import zod.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
