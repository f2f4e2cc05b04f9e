import { escapeHtml, type Locale, labelColon } from '@nest/contracts';

/** What a template says, as plain strings; the layout turns it into text and HTML. */
export interface EmailContent {
  subject: string;
  /** The first line: "Hello Jeanne," */
  greeting: string;
  paragraphs: string[];
  /** One main button, also written out as a plain link in the text version. */
  action?: { label: string; url: string };
  /** Smaller print after the button: validity, "if this was not you"… */
  notes?: string[];
  /** Files sent with the email (an event's calendar file). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (UTF-8). */
  content: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

const signature: Record<Locale, string> = {
  'en-US': 'The Nest team',
  'fr-FR': 'L’équipe Nest',
};

/** Only web links may become buttons: a javascript: or data: URL in a param must never be clickable. */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`Refusing a non-web link in an email: ${parsed.protocol}`);
  }
  return parsed.toString();
}

export function renderLayout(locale: Locale, content: EmailContent): RenderedEmail {
  const action = content.action ? { ...content.action, url: safeUrl(content.action.url) } : undefined;
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(action ? [`${labelColon(action.label, locale)} ${action.url}`] : []),
    ...(content.notes ?? []),
    `— ${signature[locale]}`,
  ].join('\n\n');

  const p = (s: string, style = '') => `<p style="margin:0 0 16px;${style}">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f2;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${p(content.greeting)}
${content.paragraphs.map((s) => p(s)).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1c1917;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#57534e;word-break:break-all">${escapeHtml(action.url)}</p>`
    : ''
}
${(content.notes ?? []).map((s) => p(s, 'font-size:13px;color:#57534e')).join('\n')}
${p(`— ${signature[locale]}`)}
</div>
</body>
</html>`;
  return {
    subject: content.subject,
    text,
    html,
    ...(content.attachments ? { attachments: content.attachments } : {}),
  };
}
