import {
  loginBodySchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  refreshResultSchema,
} from './auth.js';
import { example } from './example.js';

export const loginBody = example(loginBodySchema, {
  email: 'julie@cafe-lumiere.fr',
  password: 'croissant-saone-1987',
});

export const refreshResult = example(refreshResultSchema, {
  access_expires_at: '2026-11-24T09:40:00Z',
  session_expires_at: '2026-12-24T09:30:00Z',
});

export const passwordResetRequest = example(passwordResetRequestSchema, { email: 'julie@cafe-lumiere.fr' });

export const passwordResetConfirm = example(passwordResetConfirmSchema, {
  token: 'pr_8QmZ2vK7xR4tYw1nL9sD3fH6',
  password: 'pain-au-chocolat-fourviere',
});
