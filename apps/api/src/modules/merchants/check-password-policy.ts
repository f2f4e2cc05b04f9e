import { type Locale, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@nest/contracts';
import type { TranslationKeys, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../lib/errors.js';
import { interpolate } from '../../lib/i18n.js';

/** zxcvbn score 3 = "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;

const reasons: Record<Locale, { tooShort: string; tooLong: string; guessable: string }> = {
  'en-US': {
    tooShort: 'Use at least {{minimum}} characters.',
    tooLong: 'Use at most {{maximum}} characters.',
    guessable: 'This password is too easy to guess.',
  },
  'fr-FR': {
    tooShort: 'Utilisez au moins {{minimum}} caractères.',
    tooLong: 'Utilisez au plus {{maximum}} caractères.',
    guessable: 'Ce mot de passe est trop facile à deviner.',
  },
};

interface Strength {
  zxcvbn: ZxcvbnFactory;
  translations: Record<Locale, TranslationKeys>;
}

let strength: Promise<Strength> | undefined;

/**
 * The dictionaries weigh several megabytes: loaded on the first password check, once per process.
 * zxcvbn is built without translations so its feedback comes back as keys, which are then worded in
 * the language of each request with the language packages' own translations.
 */
function loadStrength(): Promise<Strength> {
  strength ??= (async () => {
    const [core, common, en, fr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
      import('@zxcvbn-ts/language-fr'),
    ]);
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary },
      graphs: common.adjacencyGraphs,
      // zxcvbn's cost grows steeply with length and l33t characters (seconds for 128 crafted characters,
      // blocking the event loop). Weak long passwords are repetitions and patterns the first 40
      // characters already show, so only those are scored, with a bounded l33t search.
      maxLength: 40,
      l33tMaxSubstitutions: 8,
    });
    return { zxcvbn, translations: { 'en-US': en.translations, 'fr-FR': fr.translations } };
  })();
  return strength;
}

function translate(
  group: TranslationKeys['warnings'] | TranslationKeys['suggestions'],
  key: string,
): string | undefined {
  return (group as Record<string, string>)[key];
}

/** A sentence ends with a full stop, whatever the dictionary's translators did. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * Refuses a password that is too short, too long, or easily guessed (common passwords, names, words,
 * keyboard patterns, or the merchant's own email and name), with the reason in the merchant's language.
 */
export async function checkPasswordPolicy(
  password: string,
  options: { locale: Locale; userInputs: string[] },
): Promise<void> {
  const words = reasons[options.locale];
  // Length is counted in characters as people see them, not UTF-16 units.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    throw weak(interpolate(words.tooShort, { minimum: PASSWORD_MIN_LENGTH }));
  }
  if (length > PASSWORD_MAX_LENGTH) {
    throw weak(interpolate(words.tooLong, { maximum: PASSWORD_MAX_LENGTH }));
  }
  const { zxcvbn, translations } = await loadStrength();
  const inputs = options.userInputs.flatMap((input) => {
    const lower = input.trim().toLowerCase();
    const local = lower.split('@')[0] ?? lower;
    const words = local.split(/[\s.+_-]+/);
    // The whole input, an email's local part, its words, and the words run together are all guessable.
    return [lower, local, words.join(''), ...words].filter((part) => part.length >= 3);
  });
  const result = zxcvbn.check(password, inputs);
  if (result.score >= MIN_SCORE) return;
  const feedback = translations[options.locale];
  const warning = result.feedback.warning ? translate(feedback.warnings, result.feedback.warning) : undefined;
  const suggestions = result.feedback.suggestions.map((key) => translate(feedback.suggestions, key));
  const why = [words.guessable, warning, ...suggestions].filter((text): text is string => Boolean(text));
  throw weak(why.map(sentence).join(' '));
}

function weak(reason: string): AppError {
  return new AppError('weak_password', {
    params: { reason },
    fields: [{ field: 'password', code: 'weak_password', message: reason }],
  });
}
