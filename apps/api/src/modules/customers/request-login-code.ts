import type { Locale } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import { emailFingerprint } from '../../lib/tokens.js';
import { CUSTOMER_LOGIN_JOB } from './login-code-job.js';
import { hitCustomerLimits } from './login-limits.js';
import { CODE_REQUEST_LIMITS } from './login-policy.js';

const sentMessage: Record<Locale, string> = {
  'en-US': 'If this email has a subscription, we sent it a sign-in code and link. They work for 15 minutes.',
  'fr-FR':
    'Si cette adresse a un abonnement, nous lui avons envoyé un code et un lien de connexion. Ils fonctionnent 15 minutes.',
};

/**
 * Asks for a sign-in email. The request does the same work whether the customer exists or not
 * (count the attempt, enqueue a job); the job looks the customer up, so neither the answer nor its
 * timing tells who is a customer. Answers the plain message the client shows.
 */
export async function requestLoginCode(
  app: FastifyInstance,
  input: { email: string; ip: string; locale: Locale },
): Promise<string> {
  await hitCustomerLimits(app, 'code', input, CODE_REQUEST_LIMITS);
  await app.jobs.enqueue(CUSTOMER_LOGIN_JOB, { email: input.email });
  app.log.info(
    { event: 'customer_login.asked', email: emailFingerprint(input.email), ip: input.ip },
    'customer sign-in asked',
  );
  return sentMessage[input.locale];
}
