import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { readMail, responseCookies } from '../fixtures/merchants.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';

export const customerEmail = (label = 'customer') => `${label}-${randomUUID().slice(0, 8)}@example.org`;

/** A nest with an offer and a customer subscribed to it (through the test route). */
export async function subscribedCustomer(
  app: FastifyInstance,
  email = customerEmail(),
  options: { nestName?: string; offerName?: string } = {},
) {
  const merchant = await merchantWithNest(app);
  const offer = await createOfferFor(app, merchant, options.offerName ? { name: options.offerName } : {});
  const subscription = (await addSubscriber(app, offer.id, { email })) as unknown as {
    subscription_id: string;
    customer_id: string;
  };
  return {
    merchant,
    offer,
    email,
    subscriptionId: subscription.subscription_id,
    customerId: subscription.customer_id,
  };
}

export function askLogin(
  app: FastifyInstance,
  payload: object,
  remoteAddress = '127.0.0.1',
  cookies: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: '/api/v1/nest-customers/login', payload, remoteAddress, cookies });
}

/** The code and link token of the newest sign-in email sent to an address. */
export async function lastLoginMail(app: FastifyInstance, email: string) {
  const mail = (await readMail(app, email)).filter((m) => /sign-in code|code de connexion/.test(m.subject));
  expect(mail.length).toBeGreaterThan(0);
  const last = mail.at(-1)!;
  const code = last.subject.match(/(\d{6})$/)![1]!;
  const link = last.text.match(/http\S+\/client\/login\?token=([^&\s]+)&email=(\S+)/);
  expect(link).not.toBeNull();
  return {
    mail: last,
    count: mail.length,
    code,
    token: decodeURIComponent(link![1]!),
    linkEmail: decodeURIComponent(link![2]!),
  };
}

/** Signs a customer in with a fresh code; answers the session cookies. */
export async function signInCustomer(app: FastifyInstance, email: string, remoteAddress = '127.0.0.1') {
  const asked = await askLogin(app, { email }, remoteAddress);
  expect(asked.statusCode).toBe(200);
  const { code } = await lastLoginMail(app, email);
  const response = await askLogin(app, { email, code }, remoteAddress);
  expect(response.statusCode).toBe(200);
  return responseCookies(response);
}

export function me(app: FastifyInstance, cookies: Record<string, string>) {
  return app.inject({ method: 'GET', url: '/api/v1/nest-customers/me', cookies });
}

export const cookiesOf = (response: LightMyRequestResponse) => responseCookies(response);
