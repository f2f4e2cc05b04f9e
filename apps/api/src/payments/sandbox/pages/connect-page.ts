import { type Locale, labelColon } from '@nest/contracts';
import type { SandboxAccountRow } from '../to-port.js';
import { html, page } from './html.js';
import { pageMessages } from './messages.js';

/** The hosted payout onboarding page (Stripe Connect Express's, in test mode): a business name and an IBAN. */
export function renderConnectPage(
  locale: Locale,
  account: SandboxAccountRow,
  options: { action: string; errors?: string[]; values?: { businessName?: string; iban?: string } },
): string {
  const m = pageMessages[locale];
  const errors = options.errors ?? [];
  const businessName = options.values?.businessName ?? account.businessName ?? '';
  return page(
    locale,
    m.connectTitle,
    html`<div class="card">
<h1>${m.connectTitle}</h1>
<p class="muted">${m.connectIntro}</p>
${account.email ? html`<p class="muted">${labelColon(m.email, locale)} ${account.email}</p>` : ''}
${errors.length > 0 ? html`<div class="error" role="alert"><ul>${errors.map((e) => html`<li>${e}</li>`)}</ul></div>` : ''}
<form method="post" action="${options.action}" novalidate>
<label for="business_name">${m.businessName}</label>
<input id="business_name" name="business_name" autocomplete="organization" value="${businessName}" required>
<label for="iban">${m.iban}</label>
<input id="iban" name="iban" autocomplete="off" value="${options.values?.iban ?? ''}" placeholder="FR14 2004 1010 0505 0001 3M02 606" required>
<p class="muted">${m.ibanHint}</p>
<button type="submit">${m.submitOnboarding}</button>
</form>
</div>`,
  );
}

export function renderLinkExpired(locale: Locale): string {
  const m = pageMessages[locale];
  return page(
    locale,
    m.linkExpiredTitle,
    html`<div class="card"><h1>${m.linkExpiredTitle}</h1><p>${m.linkExpired}</p></div>`,
  );
}
