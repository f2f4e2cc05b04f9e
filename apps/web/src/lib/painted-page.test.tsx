// @vitest-environment jsdom
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { TakeOver } from './painted-page';
import { PAINTED_ROOT_ATTRIBUTE } from './router-ready';

/** A sign-in form with controlled fields, as the login pages have (`useFormFields`). */
function SignIn() {
  const [values, setValues] = useState({ email: '', password: '' });
  const bind = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  return (
    <form>
      <input {...bind('email')} />
      <input type="password" {...bind('password')} />
    </form>
  );
}

/** The page as the build painted it: the same markup, before the app's code arrived. */
function paintSignIn() {
  document.body.innerHTML = `<div id="root" ${PAINTED_ROOT_ATTRIBUTE}="en-US"><form><input name="email" value=""><input type="password" name="password" value=""></form></div>`;
  const root = document.getElementById('root')!;
  const [email, password] = root.querySelectorAll('input');
  return { root, email: email!, password: password! };
}

const type = (field: HTMLInputElement, value: string) => {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

/** Lets the app's renders and effects run (Preact runs effects after the next frame). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

afterEach(() => {
  document.body.innerHTML = '';
});

/** The app adopts the painted page, as main.tsx does. */
const adopt = (root: HTMLElement) =>
  hydrateRoot(
    root,
    <TakeOver root={root}>
      <SignIn />
    </TakeOver>,
  );

it('keeps what was typed before the takeover when the next key comes right after it', async () => {
  const { root, email, password } = paintSignIn();
  // Typed while the page was only painted: no handler yet, the browser keeps it in the field.
  type(email, 'ines@example.com');

  adopt(root);
  // The visitor goes on typing the very moment the app has adopted the page, before anything else ran.
  type(password, 'correct horse');
  await settle();

  expect(email.value).toBe('ines@example.com');
  expect(password.value).toBe('correct horse');
  expect(root.hasAttribute(PAINTED_ROOT_ATTRIBUTE)).toBe(false);
});

it('hands the app a field typed before the takeover, once adopted', async () => {
  const { root, email, password } = paintSignIn();
  type(email, 'ines@example.com');
  adopt(root);
  await settle();
  // A later key in another field renders the form again: the typed address is the app's by then.
  type(password, 'x');
  await settle();
  expect(email.value).toBe('ines@example.com');
});
