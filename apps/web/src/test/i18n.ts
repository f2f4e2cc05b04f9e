import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en-US/common.json';
import frCommon from '../locales/fr-FR/common.json';

/** i18next with the shell's catalogues in memory, for component tests. */
export async function setupTestI18n(lng: 'en-US' | 'fr-FR' = 'en-US') {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      lng,
      resources: { 'en-US': { common }, 'fr-FR': { common: frCommon } },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    await i18n.changeLanguage(lng);
  }
  return i18n;
}
