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
      detail: 'Trop de tentatives. Réessayez dans {{seconds}} secondes.',
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
  },
  fields: {
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
