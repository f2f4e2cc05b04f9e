import { PASS_STEP_SECONDS } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import enCheckout from '../../locales/en-US/checkout.json';
import enLanding from '../../locales/en-US/landing.json';
import enSubscriptions from '../../locales/en-US/subscriptions.json';
import frCheckout from '../../locales/fr-FR/checkout.json';
import frLanding from '../../locales/fr-FR/landing.json';
import frSubscriptions from '../../locales/fr-FR/subscriptions.json';

/** Every sentence that says how often the pass changes says it from the one constant the API uses. */
describe('how often the pass changes', () => {
  const sentences = {
    'en-US': [enCheckout.success.passHint, enSubscriptions.pass.hint, enLanding.rewards.points.pass],
    'fr-FR': [frCheckout.success.passHint, frSubscriptions.pass.hint, frLanding.rewards.points.pass],
  };

  it.each(Object.entries(sentences))('is one truth in %s', (_locale, texts) => {
    for (const text of texts) {
      expect(text).toContain('{{seconds}}');
      expect(text).not.toMatch(/minute/);
    }
    expect(PASS_STEP_SECONDS).toBe(30);
  });
});
