import type { Messages } from './en-US.js';

export const frFR: Messages = {
  problems: {
    bad_request: { title: 'Requête invalide', detail: 'La requête n’a pas pu être comprise.' },
    validation_failed: {
      title: 'Saisie invalide',
      detail: 'Certains champs ne sont pas valides. Vérifiez-les et réessayez.',
    },
    unauthenticated: { title: 'Non connecté', detail: 'Vous devez vous connecter pour faire cela.' },
    forbidden: { title: 'Interdit', detail: 'Vous n’êtes pas autorisé à faire cela.' },
    foreign_origin: {
      title: 'Origine étrangère',
      detail: 'Cette requête venait d’un autre site et a été refusée.',
    },
    not_found: { title: 'Introuvable', detail: 'Nous n’avons pas trouvé ce que vous demandez.' },
    route_not_found: { title: 'Introuvable', detail: 'Il n’y a pas d’API à l’adresse {{path}}.' },
    method_not_allowed: { title: 'Méthode non autorisée', detail: 'Cette méthode n’est pas autorisée ici.' },
    conflict: {
      title: 'Conflit',
      detail: 'Cela entre en conflit avec l’état actuel. Rechargez et réessayez.',
    },
    payload_too_large: { title: 'Trop volumineux', detail: 'Ce que vous avez envoyé est trop volumineux.' },
    uri_too_long: {
      title: 'Adresse trop longue',
      detail: 'Une partie de cette adresse est plus longue que tout ce qu’elle peut désigner.',
    },
    unsupported_media_type: {
      title: 'Type de contenu non pris en charge',
      detail: 'Envoyez du JSON (application/json).',
    },
    rate_limited: {
      title: 'Trop de tentatives',
      detail: 'Trop de tentatives. Réessayez dans {{wait}}.',
    },
    internal_error: {
      title: 'Erreur interne du serveur',
      detail: 'Un problème est survenu de notre côté. Réessayez dans un instant.',
    },
    service_unavailable: {
      title: 'Service indisponible',
      detail: 'Le service est momentanément indisponible. Réessayez dans un instant.',
    },
    email_taken: {
      title: 'Adresse déjà utilisée',
      detail: 'Un compte utilise déjà cette adresse e-mail. Connectez-vous plutôt.',
    },
    weak_password: { title: 'Mot de passe trop faible', detail: '{{reason}}' },
    invalid_credentials: {
      title: 'Échec de connexion',
      detail: 'L’e-mail ou le mot de passe est incorrect.',
    },
    invalid_refresh_token: {
      title: 'Session terminée',
      detail: 'Votre session est terminée. Reconnectez-vous.',
    },
    invalid_reset_token: {
      title: 'Lien expiré',
      detail: 'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.',
    },
    wrong_current_password: {
      title: 'Mot de passe incorrect',
      detail: 'Votre mot de passe actuel est incorrect.',
    },
    payment_failed: { title: 'Paiement échoué', detail: 'Le paiement n’a pas abouti : {{reason}}' },
    card_declined: { title: 'Carte refusée', detail: 'La carte a été refusée : {{reason}}' },
    provider_unavailable: {
      title: 'Prestataire de paiement indisponible',
      detail: 'Le prestataire de paiement ne répond pas. Rien n’a été débité. Réessayez dans un instant.',
    },
    plan_required: {
      title: 'Formule supérieure requise',
      detail: 'Cela nécessite la formule {{plan}} ou supérieure.',
    },
    invalid_signature: {
      title: 'Signature invalide',
      detail: 'La signature de l’événement n’a pas pu être vérifiée.',
    },
    insufficient_funds: {
      title: 'Carte refusée',
      detail: 'La carte a été refusée : fonds insuffisants. Rien n’a été débité. Essayez une autre carte.',
    },
    provider_error: {
      title: 'Refus du prestataire de paiement',
      detail: 'Le prestataire de paiement a refusé la demande : {{reason}}. Rien n’a été débité.',
    },
    plan_exists: {
      title: 'Vous avez déjà une formule',
      detail: 'Votre compte a déjà une formule. Changez-la plutôt depuis la page de votre compte.',
    },
    plan_missing: { title: 'Pas encore de formule', detail: 'Choisissez d’abord une formule.' },
    plan_not_active: {
      title: 'Paiement de la formule en retard',
      detail: 'Votre formule a une facture impayée. Réglez-la d’abord, puis changez de formule.',
    },
    no_unpaid_invoice: { title: 'Rien à payer', detail: 'Votre formule n’a aucune facture impayée.' },
    refund_exceeds_payment: {
      title: 'Remboursement trop élevé',
      detail: 'Il reste au plus {{left}} à rembourser sur ce paiement.',
    },
    api_key_invalid: {
      title: 'Clé d’API invalide',
      detail: 'Cette clé d’API est inconnue, révoquée ou expirée. Créez-en une nouvelle dans vos réglages.',
    },
    api_key_not_allowed: {
      title: 'Indisponible avec une clé d’API',
      detail: 'Cette opération demande une session connectée ; les clés d’API ne peuvent pas l’utiliser.',
    },
    api_key_scope_missing: {
      title: 'Autorisation manquante',
      detail: 'Cette clé d’API n’a pas l’autorisation {{scope}} que demande cette opération.',
    },
    api_key_plan_disabled: {
      title: 'Accès à l’API désactivé',
      detail:
        'Les clés d’API demandent la formule Enterprise. Vos clés sont conservées et fonctionneront de nouveau quand vous reviendrez à Enterprise.',
    },
    api_keys_limit_reached: {
      title: 'Trop de clés',
      detail: 'Vous pouvez avoir au plus {{max}} clés d’API actives. Révoquez-en une d’abord.',
    },
    webhook_url_refused: { title: 'Adresse refusée', detail: '{{reason}}' },
    webhook_endpoints_limit_reached: {
      title: 'Trop d’adresses',
      detail: 'Vous pouvez avoir au plus {{max}} adresses de webhooks. Supprimez-en une d’abord.',
    },
    subscription_ended: {
      title: 'Abonnement déjà terminé',
      detail: 'Cet abonnement est déjà résilié : il n’y a plus rien à résilier.',
    },
    pause_not_active: {
      title: 'Abonnement inactif',
      detail:
        'Seul un abonnement en cours peut être mis en pause ; celui-ci est terminé ou n’a jamais commencé.',
    },
    pause_past_due: {
      title: 'Paiement en retard',
      detail: 'Cet abonnement a un paiement impayé. Il pourra être mis en pause une fois ce paiement réglé.',
    },
    pause_cancelling: {
      title: 'Abonnement en fin de période',
      detail:
        'Cet abonnement s’arrête à la fin de sa période. Annulez la résiliation avant de le mettre en pause.',
    },
    pause_trialing: {
      title: 'Essai gratuit',
      detail: 'Un abonnement ne peut pas être mis en pause pendant son essai gratuit. Il peut être résilié.',
    },
    already_paused: {
      title: 'Déjà en pause',
      detail: 'Cet abonnement est déjà en pause. Reprenez-le d’abord pour choisir une autre durée.',
    },
    not_paused: { title: 'Pas en pause', detail: 'Cet abonnement n’est pas en pause : rien à reprendre.' },
    pause_not_offered: {
      title: 'Pause non proposée',
      detail: 'Cette offre ne permet pas de mettre l’abonnement en pause. Contactez le commerce si besoin.',
    },
    pause_too_long: {
      title: 'Pause trop longue',
      detail: 'Cet abonnement peut être mis en pause pour {{max}} périodes au plus à la fois.',
    },
    pause_started: {
      title: 'Pause en cours',
      detail: 'Votre pause a commencé. Demandez au commerce d’y mettre fin plus tôt.',
    },
    not_refundable: {
      title: 'Remboursement impossible',
      detail: 'Seul le paiement réussi d’un client peut être remboursé.',
    },
    nest_exists: {
      title: 'Nid déjà créé',
      detail: 'Votre compte a déjà un nid. Chaque compte marchand a un seul nid.',
    },
    nest_required: { title: 'Pas encore de nid', detail: 'Créez d’abord votre nid.' },
    payout_account_required: {
      title: 'Pas encore de compte de versement',
      detail: 'Connectez d’abord votre compte de versement, puis choisissez quand vous êtes payé.',
    },
    unsupported_image: {
      title: 'Image non prise en charge',
      detail: 'Envoyez une image PNG, JPEG ou WebP.',
    },
    invalid_image: {
      title: 'Image illisible',
      detail: 'Cette image n’a pas pu être lue. Essayez un autre fichier.',
    },
    image_too_large: { title: 'Image trop lourde', detail: 'L’image doit peser {{max}} au plus.' },
    link_limit_reached: {
      title: 'Trop de liens',
      detail: 'Votre nest a déjà {{max}} liens. Désactivez-en un ou réutilisez-le.',
    },
    offer_archived: {
      title: 'Plus proposé',
      detail: '{{nest}} ne propose plus cet abonnement.',
    },
    payouts_not_enabled: {
      title: 'Pas encore ouvert',
      detail: '{{nest}} ne peut pas encore prendre d’abonnements en ligne. Merci de réessayer bientôt.',
    },
    offer_at_capacity: {
      title: 'Complet',
      detail: 'Toutes les places de cet abonnement sont prises pour le moment. Revenez un peu plus tard.',
    },
    revenue_limit_reached: {
      title: 'En pause ce mois-ci',
      detail: '{{nest}} ne prend plus de nouveaux abonnements ce mois-ci. Revenez le mois prochain.',
    },
    price_changed: {
      title: 'Le prix a changé',
      detail: 'Le prix de cet abonnement vient de passer à {{price}}. Vérifiez-le et abonnez-vous à nouveau.',
    },
    invalid_login_code: {
      title: 'Code non valide',
      detail: 'Ce code ou ce lien n’est pas valide, a expiré ou a déjà servi. Demandez-en un nouveau.',
    },
    pass_unavailable: {
      title: 'Pas de pass pour cet abonnement',
      detail: 'Cet abonnement est terminé ou n’a pas commencé : il n’a pas de pass.',
    },
    reward_already_redeemed: {
      title: 'Récompense déjà utilisée',
      detail: 'Cette récompense a déjà été remise.',
    },
    invoice_not_paid: {
      title: 'Pas encore de reçu',
      detail: 'Cette facture n’est pas payée : elle n’a pas de reçu.',
    },
    vat_number_required: {
      title: 'Numéro de TVA requis',
      detail:
        'Une entreprise qui facture la TVA indique son numéro de TVA sur ses reçus : saisissez-le, ou choisissez « pas de TVA ».',
    },
    active_subscribers: {
      title: 'Des clients sont encore abonnés',
      detail:
        '{{count}} abonnements de clients sont encore en cours. Résiliez-les tous avec le compte, ou attendez qu’ils prennent fin.',
    },
    export_expired: {
      title: 'Lien de téléchargement expiré',
      detail: 'Ce lien de téléchargement a expiré. Demandez un nouvel export depuis votre compte.',
    },
    wrong_email: {
      title: 'L’e-mail ne correspond pas',
      detail: 'Saisissez l’adresse e-mail de votre compte pour confirmer.',
    },
    undo_too_late: {
      title: 'Trop tard pour annuler',
      detail: 'Un passage ne peut être annulé que dans les 2 minutes. Celui-ci reste enregistré.',
    },
    check_in_not_undoable: {
      title: 'Rien à annuler',
      detail: 'Ce passage a déjà été annulé, ou n’a rien utilisé (un refus ou un doublon).',
    },
    pay_now_not_needed: {
      title: 'Rien à payer',
      detail: 'Cet abonnement n’a pas de paiement échoué : il n’y a pas de lien de paiement à envoyer.',
    },
    event_full: { title: 'Complet', detail: 'Il n’y a plus de place pour cet évènement.' },
    event_canceled: { title: 'Évènement annulé', detail: 'Cet évènement a été annulé.' },
    event_started: { title: 'Évènement commencé', detail: 'Cet évènement a déjà commencé.' },
    registration_closed: {
      title: 'Inscriptions closes',
      detail: 'Les inscriptions à cet évènement ont fermé le {{deadline}}.',
    },
    event_not_eligible: {
      title: 'Non inclus dans votre abonnement',
      detail: 'Aucun de vos abonnements en cours ne donne accès à cet évènement.',
    },
    guests_not_allowed: { title: 'Pas d’invité', detail: 'Cet évènement n’accepte pas d’invité.' },
    capacity_below_registrations: {
      title: 'Capacité trop faible',
      detail: '{{taken}} places sont déjà prises : la capacité ne peut pas être inférieure.',
    },
  },
  fields: {
    event_ends_before_start: 'La fin doit être après le début.',
    event_starts_in_past: 'Le début doit être dans le futur.',
    event_deadline_after_start: 'Les inscriptions doivent fermer avant le début de l’évènement.',
    event_offer_unknown: 'Choisissez vos propres offres, non archivées.',
    required: 'Ce champ est obligatoire.',
    invalid_type: 'Cette valeur n’a pas le bon type.',
    too_small_string: 'Utilisez au moins {{minimum}} caractères.',
    too_big_string: 'Utilisez au plus {{maximum}} caractères.',
    too_small_number: 'Doit être au moins {{minimum}}.',
    too_big_number: 'Doit être au plus {{maximum}}.',
    too_small_array: 'Choisissez-en au moins {{minimum}}.',
    too_big_array: 'Choisissez-en au plus {{maximum}}.',
    invalid_email: 'Saisissez une adresse e-mail valide.',
    invalid_url: 'Saisissez une adresse web valide.',
    invalid_format: 'Cette valeur n’est pas au format attendu.',
    invalid_value: 'Cette valeur ne fait pas partie des choix possibles.',
    unrecognized_key: 'Ce champ n’est pas autorisé.',
    not_integer: 'Doit être un nombre entier.',
    invalid: 'Cette valeur n’est pas valide.',
  },
};
