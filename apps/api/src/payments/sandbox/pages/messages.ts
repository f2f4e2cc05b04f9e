import type { Locale } from '@nest/contracts';
import type { CardProblem } from '../test-cards.js';

/** Every word of the sandbox's hosted pages, in both languages. */
export const pageMessages = {
  'en-US': {
    testModeBanner: 'TEST MODE',
    testModeNote: 'This is Nest’s payment sandbox: no real card is charged and no real money moves.',
    subscribeTitle: 'Subscribe to {{product}}',
    perInterval: { week: '{{amount}} per week', month: '{{amount}} per month', year: '{{amount}} per year' },
    updateCardTitle: 'Use another card for {{product}}',
    updateCardNote:
      'Your unpaid invoices ({{amount}}) will be charged to this card, and so will the next renewals.',
    email: 'Email',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM / YY)',
    expiryPlaceholder: 'MM / YY',
    requiredNote: 'All fields marked * are required.',
    cvc: 'CVC',
    nameOnCard: 'Name on card',
    pay: 'Pay {{amount}}',
    trial: '{{days}} days free, then {{price}}. Nothing is charged today.',
    startTrial: 'Start the free trial',
    saveAndPay: 'Save the card and pay',
    cancel: 'Cancel and go back',
    testCardsTitle: 'Test cards',
    testCards: [
      ['4242 4242 4242 4242', 'succeeds'],
      ['4000 0000 0000 0341', 'succeeds now, fails at renewal'],
      ['4000 0000 0000 9995', 'declined: insufficient funds'],
      ['4000 0000 0000 0002', 'declined'],
    ],
    testCardsNote: 'Any future expiry date, any CVC, any name.',
    problems: {
      invalid_number: 'This card number is not valid.',
      not_test_card:
        'This is test mode: use a test card such as 4242 4242 4242 4242. Real cards are refused.',
      invalid_expiry: 'Enter the expiry date as MM / YY.',
      expired_card: 'This card has expired.',
      invalid_cvc: 'Enter the 3 or 4 digits on the back of the card.',
      missing_name: 'Enter the name on the card.',
    } satisfies Record<CardProblem, string>,
    declined: {
      insufficient_funds: 'Your card was declined: insufficient funds.',
      card_declined: 'Your card was declined.',
    },
    sessionOverTitle: 'This payment page is no longer open',
    sessionExpired: 'It expired. Go back and start again.',
    sessionComplete: 'It was already completed.',
    continue: 'Continue',
    notFoundTitle: 'Payment page not found',
    notFound: 'This link does not lead to a payment page.',
    connectTitle: 'Set up payouts',
    connectIntro:
      'Tell us where to send your earnings. Nest pays them out to this bank account on your schedule.',
    businessName: 'Business name',
    iban: 'IBAN',
    ibanHint: 'Test IBAN: FR14 2004 1010 0505 0001 3M02 606',
    submitOnboarding: 'Agree and submit',
    missingBusinessName: 'Enter the name of your business.',
    invalidIban: 'This IBAN is not valid.',
    linkExpiredTitle: 'This link has expired',
    linkExpired: 'Onboarding links work once and for a few minutes. Go back to Nest to get a new one.',
  },
  'fr-FR': {
    testModeBanner: 'MODE TEST',
    testModeNote:
      'Ceci est le bac à sable de paiement de Nest : aucune vraie carte n’est débitée, aucun argent réel ne circule.',
    subscribeTitle: 'S’abonner à {{product}}',
    perInterval: { week: '{{amount}} par semaine', month: '{{amount}} par mois', year: '{{amount}} par an' },
    updateCardTitle: 'Utiliser une autre carte pour {{product}}',
    updateCardNote:
      'Vos factures impayées ({{amount}}) seront débitées sur cette carte, ainsi que les prochains renouvellements.',
    email: 'E-mail',
    cardNumber: 'Numéro de carte',
    expiry: 'Expiration (MM / AA)',
    expiryPlaceholder: 'MM / AA',
    requiredNote: 'Tous les champs marqués d’un * sont obligatoires.',
    cvc: 'Cryptogramme',
    nameOnCard: 'Nom sur la carte',
    pay: 'Payer {{amount}}',
    trial: '{{days}} jours offerts, puis {{price}}. Rien n’est débité aujourd’hui.',
    startTrial: 'Commencer l’essai gratuit',
    saveAndPay: 'Enregistrer la carte et payer',
    cancel: 'Annuler et revenir',
    testCardsTitle: 'Cartes de test',
    testCards: [
      ['4242 4242 4242 4242', 'acceptée'],
      ['4000 0000 0000 0341', 'acceptée maintenant, refusée au renouvellement'],
      ['4000 0000 0000 9995', 'refusée : fonds insuffisants'],
      ['4000 0000 0000 0002', 'refusée'],
    ],
    testCardsNote:
      'N’importe quelle date d’expiration future, n’importe quel cryptogramme, n’importe quel nom.',
    problems: {
      invalid_number: 'Ce numéro de carte n’est pas valide.',
      not_test_card:
        'Ceci est le mode test : utilisez une carte de test comme 4242 4242 4242 4242. Les vraies cartes sont refusées.',
      invalid_expiry: 'Saisissez la date d’expiration au format MM / AA.',
      expired_card: 'Cette carte a expiré.',
      invalid_cvc: 'Saisissez les 3 ou 4 chiffres au dos de la carte.',
      missing_name: 'Saisissez le nom inscrit sur la carte.',
    } satisfies Record<CardProblem, string>,
    declined: {
      insufficient_funds: 'Votre carte a été refusée : fonds insuffisants.',
      card_declined: 'Votre carte a été refusée.',
    },
    sessionOverTitle: 'Cette page de paiement n’est plus ouverte',
    sessionExpired: 'Elle a expiré. Revenez en arrière et recommencez.',
    sessionComplete: 'Elle a déjà été complétée.',
    continue: 'Continuer',
    notFoundTitle: 'Page de paiement introuvable',
    notFound: 'Ce lien ne mène à aucune page de paiement.',
    connectTitle: 'Configurer les versements',
    connectIntro:
      'Indiquez-nous où envoyer vos revenus. Nest les verse sur ce compte bancaire selon votre calendrier.',
    businessName: 'Nom de l’entreprise',
    iban: 'IBAN',
    ibanHint: 'IBAN de test : FR14 2004 1010 0505 0001 3M02 606',
    submitOnboarding: 'Accepter et envoyer',
    missingBusinessName: 'Saisissez le nom de votre entreprise.',
    invalidIban: 'Cet IBAN n’est pas valide.',
    linkExpiredTitle: 'Ce lien a expiré',
    linkExpired:
      'Les liens de configuration ne fonctionnent qu’une fois et quelques minutes. Revenez sur Nest pour en obtenir un nouveau.',
  },
} satisfies Record<Locale, unknown>;

export type PageMessages = (typeof pageMessages)['en-US'];
