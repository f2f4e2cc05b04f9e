import type { FastifyReply } from 'fastify';

/** What a sandbox page answers: an HTML page with its status, or a redirect (303, after a form). */
export type PageAnswer = { status: number; html: string } | { redirect: string };

export const page = (status: number, html: string): PageAnswer => ({ status, html });

export function sendAnswer(reply: FastifyReply, answer: PageAnswer) {
  if ('redirect' in answer) return reply.redirect(answer.redirect, 303);
  // The app's default Referrer-Policy (no-referrer) makes a browser send `Origin: null` with a form
  // POST, which the CSRF check refuses: these pages' forms must carry their own (same) origin.
  return reply
    .status(answer.status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(answer.html);
}
