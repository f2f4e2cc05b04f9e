import { escapeHtml, type Locale } from '@nest/contracts';
import { pageMessages } from './messages.js';

/** Tagged template that escapes every interpolated value unless it is already Html. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const rendered = Array.isArray(value)
      ? value.map((v) => (v instanceof Html ? v.value : escapeHtml(String(v ?? '')))).join('')
      : value instanceof Html
        ? value.value
        : escapeHtml(String(value ?? ''));
    out += rendered + strings[i + 1]!;
  });
  return new Html(out);
}

export function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => params[key] ?? '');
}

// Styles live in the page: the CSP allows inline styles, never inline scripts (the card page's script is a file).
const styles = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f6f5f2;color:#1c1917;line-height:1.5}
.banner{background:#b45309;color:#fff;text-align:center;padding:10px 16px;font-weight:700;letter-spacing:.08em}
.banner small{display:block;font-weight:400;letter-spacing:0;font-size:13px}
main{max-width:460px;margin:32px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;padding:28px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:22px;margin:0 0 4px}
.amount{font-size:28px;font-weight:700;margin:0 0 20px}
.muted{color:#57534e;font-size:14px}
label{display:block;font-size:14px;font-weight:600;margin:14px 0 6px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #d6d3d1;border-radius:8px;background:#fff}
input:focus{outline:2px solid #1c1917;outline-offset:1px}
.row{display:flex;gap:12px}.row>div{flex:1}
button{margin-top:22px;width:100%;font:inherit;font-weight:700;padding:12px;border:0;border-radius:8px;background:#1c1917;color:#fff;cursor:pointer}
.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:8px;padding:10px 12px;margin:0 0 12px}
.error ul{margin:0;padding-left:18px}
a{color:#1c1917}
.cancel{display:block;text-align:center;margin-top:16px}
.help{margin-top:24px;font-size:13px;color:#57534e}
.help table{border-collapse:collapse;width:100%}
.help td{padding:3px 0;vertical-align:top}
.merchant{font-weight:700;font-size:15px;margin:0 0 10px;color:#44403c}
.req{color:#b91c1c}
.req-note{margin:0 0 4px}
.field-error{color:#b91c1c;font-size:13px;margin:4px 0 0}
input[aria-invalid=true]{border-color:#b91c1c}
.help td:first-child{font-family:ui-monospace,monospace;white-space:nowrap;padding-right:12px}
.cover{margin:-28px -28px 22px;padding:22px 28px;border-radius:14px 14px 0 0;background:var(--brand);color:var(--on-brand);display:flex;align-items:center;gap:14px;box-shadow:inset 0 -1px 0 rgba(0,0,0,.08)}
.cover .logo{width:56px;height:56px;flex:none;border-radius:12px;object-fit:cover;background:#fff;box-shadow:0 0 0 2px rgba(255,255,255,.7),0 1px 3px rgba(0,0,0,.2)}
.cover-name{margin:0;font-size:20px;font-weight:700;line-height:1.25;overflow-wrap:anywhere}
.branded button{background:var(--brand);color:var(--on-brand);box-shadow:inset 0 0 0 1px rgba(0,0,0,.12)}
.payee{margin:16px 0 0;text-align:center}
.payee span{font-weight:600;color:inherit}
.powered{margin:16px 0 0;text-align:center;font-size:13px;color:#57534e}
@media (prefers-color-scheme:dark){
body{background:#0c0a09;color:#f5f5f4}
.card{background:#1c1917;box-shadow:0 0 0 1px #292524}
.muted,.help,.powered{color:#a8a29e}
.merchant{color:#d6d3d1}
a{color:#f5f5f4}
input{background:#0c0a09;color:#f5f5f4;border-color:#57534e}
input:focus{outline-color:#f5f5f4}
button{background:#f5f5f4;color:#1c1917}
.error{background:#450a0a;color:#fecaca;border-color:#7f1d1d}
.req,.field-error{color:#fca5a5}
.cover{box-shadow:inset 0 -1px 0 rgba(255,255,255,.08)}
}
`;

export function page(locale: Locale, title: string, body: Html): string {
  const m = pageMessages[locale];
  return `<!doctype html>
${html`<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="color-scheme" content="light dark">
<title>${m.testModeBanner} · ${title}</title>
<style>${new Html(styles)}</style>
</head>
<body>
<div class="banner" role="status">${m.testModeBanner}<small>${m.testModeNote}</small></div>
<main>${body}</main>
</body>
</html>`}`;
}
