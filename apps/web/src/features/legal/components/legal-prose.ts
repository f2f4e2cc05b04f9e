/**
 * Typography for a legal document's HTML (headings, lists, tables, quotes), read like a printed
 * contract. No imports: the build's prerendered pages use the same classes (build/prerender-pages.ts).
 */
export const legalProseClasses = [
  'max-w-3xl text-[0.975rem] leading-7 text-slate-700 dark:text-slate-300',
  '[&_h2]:mt-12 [&_h2]:mb-4 [&_h2]:scroll-mt-24 [&_h2]:border-t [&_h2]:border-slate-200 [&_h2]:pt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:border-slate-800 dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:scroll-mt-24 [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_strong]:font-semibold [&_strong]:text-slate-900 dark:[&_strong]:text-white',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-800 dark:[&_a]:text-brand-300 dark:hover:[&_a]:text-brand-200',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-slate-800 dark:[&_code]:bg-slate-800 dark:[&_code]:text-slate-200',
  '[&_blockquote]:my-6 [&_blockquote]:rounded-xl [&_blockquote]:border [&_blockquote]:border-slate-200 [&_blockquote]:bg-slate-50 [&_blockquote]:px-5 [&_blockquote]:py-1 dark:[&_blockquote]:border-slate-800 dark:[&_blockquote]:bg-slate-900',
  '[&_.legal-table]:my-6 [&_.legal-table]:overflow-x-auto [&_.legal-table]:rounded-xl [&_.legal-table]:border [&_.legal-table]:border-slate-200 dark:[&_.legal-table]:border-slate-800',
  '[&_table]:w-full [&_table]:min-w-[34rem] [&_table]:border-collapse [&_table]:text-left [&_table]:text-sm',
  '[&_th]:bg-slate-50 [&_th]:px-4 [&_th]:py-2.5 [&_th]:font-semibold [&_th]:text-slate-900 dark:[&_th]:bg-slate-900 dark:[&_th]:text-white',
  '[&_td]:border-t [&_td]:border-slate-200 [&_td]:px-4 [&_td]:py-2.5 [&_td]:align-top dark:[&_td]:border-slate-800',
].join(' ');
