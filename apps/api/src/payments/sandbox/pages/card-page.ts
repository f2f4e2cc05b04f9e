import { coverColors, escapeHtml, formatMoney, type Locale, labelColon } from '@nest/contracts';
import type { CheckoutBranding } from '../../nest-checkout.js';
import type { SandboxSessionRow } from '../to-port.js';
import { fill, Html, html, page } from './html.js';
import { pageMessages } from './messages.js';

export interface CardFormValues {
  number?: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

/** The page's own script: formats as the customer types and checks before sending (ADR 161). */
export const CARD_FORM_SCRIPT_PATH = '/sandbox/assets/card-form.js';

/**
 * The hosted card page: subscription mode (pay the first period) or setup mode (a new card for an
 * unpaid subscription). A plain form POST to itself, which works with no JavaScript; its script
 * formats the card as it is typed and checks it before sending. Errors come back on the same page
 * with what was typed (the card number and CVC only when the number is a published test card).
 * Like Stripe Checkout on a connected account, it names the business the customer pays; with the
 * session's branding (a nest's checkout, ADR 197) it leads with the nest: a cover in its colour with
 * its logo and name, the button in that colour, and Nest only as "Powered by Nest" below.
 */
export function renderCardPage(
  locale: Locale,
  session: SandboxSessionRow,
  options: {
    action: string;
    errors?: string[];
    values?: CardFormValues;
    unpaidCents?: number;
    /** The business paid, as its payout account names it. */
    merchantName?: string | null;
    /** The seller's name, logo and colour, when the session was made with them. */
    branding?: CheckoutBranding | undefined;
  },
): string {
  const m = pageMessages[locale];
  const product = session.productName ?? '';
  const amount = formatMoney(session.amountCents ?? 0, session.currency, locale);
  const subscribe = session.mode === 'subscription';
  const trial = subscribe && session.trialDays > 0;
  const title = subscribe ? fill(m.subscribeTitle, { product }) : fill(m.updateCardTitle, { product });
  const errors = options.errors ?? [];
  const values = options.values ?? {};
  const required = html`<span class="req" aria-hidden="true"> *</span>`;
  const problems = Object.entries(m.problems).map(
    ([code, text]) => new Html(` data-msg-${code.replace(/_/g, '-')}="${escapeHtml(text)}"`),
  );
  const { branding, merchantName } = options;
  const colors = branding ? coverColors(branding.color) : undefined;
  const body = html`<div class="card${branding ? ' branded' : ''}"${
    colors ? new Html(` style="--brand:${colors.background};--on-brand:${colors.text}"`) : ''
  }>
${branding ? brandCover(branding, m.logoAlt) : ''}
${!branding && merchantName ? html`<p class="merchant" data-testid="merchant-name">${merchantName}</p>` : ''}
<h1>${title}</h1>
${
  subscribe
    ? html`<p class="amount">${fill(m.perInterval[session.interval ?? 'month'], { amount })}</p>${
        trial
          ? html`<p class="muted">${fill(m.trial, {
              days: String(session.trialDays),
              price: fill(m.perInterval[session.interval ?? 'month'], { amount }),
            })}</p>`
          : ''
      }`
    : html`<p class="muted">${fill(m.updateCardNote, {
        amount: formatMoney(options.unpaidCents ?? 0, session.currency, locale),
      })}</p>`
}
${session.customerEmail ? html`<p class="muted">${labelColon(m.email, locale)} ${session.customerEmail}</p>` : ''}
${
  errors.length > 0
    ? html`<div class="error" role="alert" id="form-errors"><ul>${errors.map((e) => html`<li>${e}</li>`)}</ul></div>`
    : ''
}
<form method="post" action="${options.action}" novalidate id="card-form"${problems}>
<p class="muted req-note">${m.requiredNote}</p>
<label for="card_number">${m.cardNumber}${required}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" maxlength="23" value="${values.number ?? ''}" required aria-required="true" autofocus${new Html(errors.length ? ' aria-describedby="form-errors"' : '')}>
<div class="row">
<div><label for="card_expiry">${m.expiry}${required}</label>
<input id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="${m.expiryPlaceholder}" maxlength="9" value="${values.expiry ?? ''}" required aria-required="true"></div>
<div><label for="card_cvc">${m.cvc}${required}</label>
<input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4" value="${values.cvc ?? ''}" required aria-required="true"></div>
</div>
<label for="card_name">${m.nameOnCard}${required}</label>
<input id="card_name" name="card_name" autocomplete="cc-name" value="${values.name ?? ''}" required aria-required="true">
<button type="submit">${subscribe ? (trial ? m.startTrial : fill(m.pay, { amount })) : m.saveAndPay}</button>
</form>
${
  branding && merchantName
    ? html`<p class="muted payee">${m.billedBy} <span data-testid="merchant-name">${merchantName}</span></p>`
    : ''
}
<a class="cancel" href="${session.cancelUrl}">${m.cancel}</a>
</div>
${branding ? html`<p class="powered" data-testid="powered-by">${m.poweredBy}</p>` : ''}
<div class="help">
<p><strong>${m.testCardsTitle}</strong></p>
<table>${m.testCards.map(([card, outcome]) => html`<tr><td>${card}</td><td>${outcome}</td></tr>`)}</table>
<p>${m.testCardsNote}</p>
</div>
<script src="${CARD_FORM_SCRIPT_PATH}" defer></script>`;
  return page(locale, title, body);
}

/** The nest's cover: its logo (when it has one) and its name, on its colour. */
function brandCover(branding: CheckoutBranding, logoAlt: string): Html {
  return html`<header class="cover" data-testid="checkout-cover">
${branding.logoUrl ? html`<img class="logo" src="${branding.logoUrl}" alt="${fill(logoAlt, { nest: branding.displayName })}" width="56" height="56">` : ''}
<p class="cover-name">${branding.displayName}</p>
</header>`;
}

export function renderSessionOver(locale: Locale, session: SandboxSessionRow | undefined): string {
  const m = pageMessages[locale];
  if (!session) {
    return page(
      locale,
      m.notFoundTitle,
      html`<div class="card"><h1>${m.notFoundTitle}</h1><p>${m.notFound}</p></div>`,
    );
  }
  const complete = session.status === 'complete';
  const next = complete ? session.successUrl : session.cancelUrl;
  return page(
    locale,
    m.sessionOverTitle,
    html`<div class="card"><h1>${m.sessionOverTitle}</h1>
<p>${complete ? m.sessionComplete : m.sessionExpired}</p>
<a href="${next}">${m.continue}</a></div>`,
  );
}
