/**
 * The card page's script, served as a file (the CSP refuses inline scripts). It does what Stripe's
 * hosted page does for the typing: groups the card number by four, reads an expiry typed as digits
 * ("1230" shows as "12 / 30"), keeps the CVC to digits, and checks every field before the form is
 * sent, naming the problem under its field in the page's language (the messages ride on the form's
 * data attributes). The server checks everything again: without this script the form still works.
 */
export const cardFormScript = `(() => {
  'use strict';
  const form = document.getElementById('card-form');
  if (!form) return;
  const number = document.getElementById('card_number');
  const expiry = document.getElementById('card_expiry');
  const cvc = document.getElementById('card_cvc');
  const name = document.getElementById('card_name');
  const digits = (value) => value.replace(/\\D/g, '');
  const message = (code) => form.getAttribute('data-msg-' + code.replace(/_/g, '-')) || code;

  const formatNumber = (value) => digits(value).slice(0, 19).replace(/(\\d{4})(?=\\d)/g, '$1 ');
  const formatExpiry = (value, deleting) => {
    let d = digits(value).slice(0, 4);
    // "4" can only be April: show "04 / " at once, as card forms do.
    if (d.length === 1 && d > '1') d = '0' + d;
    if (d.length < 2) return d;
    if (d.length === 2) return deleting ? d : d + ' / ';
    return d.slice(0, 2) + ' / ' + d.slice(2);
  };

  const reformat = (input, format) => {
    input.addEventListener('input', (event) => {
      const deleting = event.inputType ? event.inputType.indexOf('delete') === 0 : false;
      const atEnd = input.selectionStart === input.value.length;
      const next = format(input.value, deleting);
      if (next !== input.value) {
        input.value = next;
        if (atEnd) input.setSelectionRange(next.length, next.length);
      }
      clear(input);
    });
  };
  reformat(number, formatNumber);
  reformat(expiry, formatExpiry);
  reformat(cvc, (value) => digits(value).slice(0, 4));
  name.addEventListener('input', () => clear(name));

  const luhn = (d) => {
    let sum = 0;
    for (let i = 0; i < d.length; i++) {
      let n = Number(d[d.length - 1 - i]);
      if (i % 2 === 1) { n *= 2; if (n > 9) n -= 9; }
      sum += n;
    }
    return sum % 10 === 0;
  };

  function clear(input) {
    input.removeAttribute('aria-invalid');
    const shown = document.getElementById(input.id + '-error');
    if (shown) shown.remove();
  }
  function show(input, code) {
    clear(input);
    const note = document.createElement('p');
    note.id = input.id + '-error';
    note.className = 'field-error';
    note.textContent = message(code);
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', note.id);
    input.insertAdjacentElement('afterend', note);
  }

  function problems() {
    const found = [];
    const n = digits(number.value);
    if (n.length < 12 || n.length > 19 || !luhn(n)) found.push([number, 'invalid_number']);
    const e = digits(expiry.value);
    const month = Number(e.slice(0, 2));
    if (e.length !== 4 || month < 1 || month > 12) found.push([expiry, 'invalid_expiry']);
    else {
      const now = new Date();
      const year = 2000 + Number(e.slice(2));
      // Valid through the last day of its month. The server, on the sandbox's clock, has the last word.
      if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
        found.push([expiry, 'expired_card']);
    }
    if (!/^\\d{3,4}$/.test(cvc.value)) found.push([cvc, 'invalid_cvc']);
    if (name.value.trim() === '') found.push([name, 'missing_name']);
    return found;
  }

  form.addEventListener('submit', (event) => {
    const found = problems();
    for (const input of [number, expiry, cvc, name]) clear(input);
    if (found.length === 0) return;
    event.preventDefault();
    for (const [input, code] of found) show(input, code);
    found[0][0].focus();
  });
})();
`;
