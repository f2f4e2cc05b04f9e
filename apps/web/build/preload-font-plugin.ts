import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload" as="font">` for a font file of the build to each HTML page (ADR 200):
 * the browser fetches it alongside the CSS and the script instead of after parsing the CSS, so the
 * first text painted is already in the brand typeface. Only in a build: the file's hashed name is
 * known from the bundle.
 */
export function preloadFont(fileName: string): Plugin {
  let base = '/';
  return {
    name: 'nest-preload-font',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find(
          (output) =>
            output.type === 'asset' && output.originalFileNames.some((name) => name.endsWith(`/${fileName}`)),
        );
        if (!font)
          throw new Error(`preloadFont: ${fileName} is not in the build (is it still in index.css?)`);
        return [
          {
            tag: 'link',
            // Fonts are always fetched in CORS mode: without `crossorigin` the preload is not reused.
            attrs: {
              rel: 'preload',
              href: `${base}${font.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
