/** English messages of the API: problem titles and details, field errors. Emails have their own catalogue. */
export const enUS = {
  problems: {
    bad_request: { title: 'Bad request', detail: 'The request could not be understood.' },
    validation_failed: {
      title: 'Invalid input',
      detail: 'Some fields are not valid. Check them and try again.',
    },
    unauthenticated: { title: 'Not signed in', detail: 'You need to sign in to do this.' },
    forbidden: { title: 'Forbidden', detail: 'You are not allowed to do this.' },
    foreign_origin: {
      title: 'Foreign origin',
      detail: 'This request came from another site and was refused.',
    },
    not_found: { title: 'Not found', detail: 'We could not find what you asked for.' },
    route_not_found: { title: 'Not found', detail: 'There is no API at {{path}}.' },
    method_not_allowed: { title: 'Method not allowed', detail: 'This method is not allowed here.' },
    conflict: { title: 'Conflict', detail: 'This conflicts with the current state. Reload and try again.' },
    payload_too_large: { title: 'Too large', detail: 'What you sent is too large.' },
    uri_too_long: {
      title: 'Address too long',
      detail: 'A part of this address is longer than anything it can name.',
    },
    unsupported_media_type: { title: 'Unsupported media type', detail: 'Send JSON (application/json).' },
    rate_limited: {
      title: 'Too many attempts',
      detail: 'Too many attempts. Try again in {{wait}}.',
    },
    internal_error: {
      title: 'Internal Server Error',
      detail: 'Something went wrong on our side. Try again in a moment.',
    },
    service_unavailable: {
      title: 'Service unavailable',
      detail: 'The service is temporarily unavailable. Try again in a moment.',
    },
    email_taken: {
      title: 'Email already used',
      detail: 'An account already uses this email. Sign in instead.',
    },
    weak_password: { title: 'Password too weak', detail: '{{reason}}' },
    invalid_credentials: { title: 'Sign-in failed', detail: 'The email or password is incorrect.' },
    invalid_refresh_token: { title: 'Session ended', detail: 'Your session has ended. Sign in again.' },
    invalid_reset_token: {
      title: 'Link expired',
      detail: 'This reset link is invalid or has expired. Ask for a new one.',
    },
    wrong_current_password: { title: 'Wrong password', detail: 'Your current password is incorrect.' },
    payment_failed: { title: 'Payment failed', detail: 'The payment did not go through: {{reason}}' },
    card_declined: { title: 'Card declined', detail: 'The card was declined: {{reason}}' },
    provider_unavailable: {
      title: 'Payment provider unavailable',
      detail: 'The payment provider is not answering. Nothing was charged. Try again in a moment.',
    },
    plan_required: {
      title: 'Upgrade needed',
      detail: 'This needs the {{plan}} plan or higher.',
    },
    invalid_signature: { title: 'Invalid signature', detail: 'The event signature could not be verified.' },
    insufficient_funds: {
      title: 'Card declined',
      detail: 'The card was declined: insufficient funds. Nothing was charged. Try another card.',
    },
    provider_error: {
      title: 'Payment provider refused',
      detail: 'The payment provider refused the request: {{reason}}. Nothing was charged.',
    },
    plan_exists: {
      title: 'You already have a plan',
      detail: 'Your account already has a plan. Change it from your account page instead.',
    },
    plan_missing: { title: 'No plan yet', detail: 'Choose a plan first.' },
    plan_not_active: {
      title: 'Plan payment overdue',
      detail: 'Your plan has an unpaid invoice. Pay it first, then change your plan.',
    },
    no_unpaid_invoice: { title: 'Nothing to pay', detail: 'Your plan has no unpaid invoice.' },
    refund_exceeds_payment: {
      title: 'Refund too large',
      detail: 'At most {{left}} of this payment is left to refund.',
    },
    api_key_invalid: {
      title: 'Invalid API key',
      detail: 'This API key is unknown, revoked or expired. Create a new one in your settings.',
    },
    api_key_not_allowed: {
      title: 'Not available with an API key',
      detail: 'This operation needs a signed-in session; API keys cannot use it.',
    },
    api_key_scope_missing: {
      title: 'Missing scope',
      detail: 'This API key does not have the {{scope}} scope this operation needs.',
    },
    api_key_plan_disabled: {
      title: 'API access disabled',
      detail:
        'API keys need the Enterprise plan. Your keys are kept and work again once you are back on Enterprise.',
    },
    api_keys_limit_reached: {
      title: 'Too many keys',
      detail: 'You can have at most {{max}} active API keys. Revoke one first.',
    },
    webhook_url_refused: { title: 'Endpoint refused', detail: '{{reason}}' },
    webhook_endpoints_limit_reached: {
      title: 'Too many endpoints',
      detail: 'You can have at most {{max}} webhook endpoints. Delete one first.',
    },
    subscription_ended: {
      title: 'Subscription already ended',
      detail: 'This subscription is already cancelled: there is nothing left to cancel.',
    },
    pause_not_active: {
      title: 'Subscription not running',
      detail: 'Only a running subscription can be paused; this one has ended or never started.',
    },
    pause_past_due: {
      title: 'Payment overdue',
      detail: 'This subscription has an unpaid payment. It can be paused once that payment is made.',
    },
    pause_cancelling: {
      title: 'Subscription ending',
      detail:
        'This subscription ends at the end of its period. Take the cancellation back before pausing it.',
    },
    pause_trialing: {
      title: 'Free trial',
      detail: 'A subscription cannot be paused during its free trial. It can be cancelled instead.',
    },
    already_paused: {
      title: 'Already paused',
      detail: 'This subscription is already paused. Resume it first to pause it for a different length.',
    },
    not_paused: {
      title: 'Not paused',
      detail: 'This subscription is not paused: there is nothing to resume.',
    },
    pause_not_offered: {
      title: 'Pausing not offered',
      detail: 'This offer does not let subscribers pause. Ask the business if you need a break.',
    },
    pause_too_long: {
      title: 'Pause too long',
      detail: 'This subscription can be paused for at most {{max}} periods at a time.',
    },
    pause_started: {
      title: 'Pause under way',
      detail: 'Your pause has begun. Ask the business to end it early.',
    },
    not_refundable: {
      title: 'Cannot be refunded',
      detail: 'Only a customer’s successful payment can be refunded.',
    },
    nest_exists: {
      title: 'Nest already created',
      detail: 'Your account already has a nest. Each merchant account has one nest.',
    },
    nest_required: { title: 'No nest yet', detail: 'Create your nest first.' },
    payout_account_required: {
      title: 'No payout account yet',
      detail: 'Connect your payout account first, then choose when you are paid.',
    },
    unsupported_image: { title: 'Unsupported image', detail: 'Upload a PNG, JPEG or WebP image.' },
    invalid_image: { title: 'Unreadable image', detail: 'This image could not be read. Try another file.' },
    image_too_large: { title: 'Image too large', detail: 'The image must be {{max}} or smaller.' },
    link_limit_reached: {
      title: 'Too many links',
      detail: 'Your nest already has {{max}} links. Turn off or reuse one instead.',
    },
    offer_archived: {
      title: 'No longer offered',
      detail: '{{nest}} no longer offers this subscription.',
    },
    payouts_not_enabled: {
      title: 'Not open yet',
      detail: '{{nest}} cannot take subscriptions online just yet. Please try again soon.',
    },
    offer_at_capacity: {
      title: 'Fully booked',
      detail: 'Every place for this subscription is taken at the moment. Please check back later.',
    },
    revenue_limit_reached: {
      title: 'Paused for this month',
      detail: '{{nest}} is not taking new subscriptions this month. Please come back next month.',
    },
    price_changed: {
      title: 'The price has changed',
      detail:
        'The price of this subscription has just changed to {{price}}. Please check it and subscribe again.',
    },
    invalid_login_code: {
      title: 'Code not valid',
      detail: 'This code or link is not valid, has expired or was already used. Ask for a new one.',
    },
    pass_unavailable: {
      title: 'No pass for this subscription',
      detail: 'This subscription has ended or has not started, so it has no pass.',
    },
    reward_already_redeemed: {
      title: 'Reward already redeemed',
      detail: 'This reward was already handed over.',
    },
    invoice_not_paid: {
      title: 'No receipt yet',
      detail: 'This invoice is not paid, so it has no receipt.',
    },
    vat_number_required: {
      title: 'VAT number required',
      detail:
        'A business that charges VAT prints its VAT number on its receipts: enter it, or choose no VAT.',
    },
    active_subscribers: {
      title: 'Customers are still subscribed',
      detail:
        '{{count}} customer subscriptions are still running. Cancel them all with the account, or wait until they end.',
    },
    export_expired: {
      title: 'Download link expired',
      detail: 'This download link has expired. Ask for a new export from your account.',
    },
    wrong_email: {
      title: 'Email does not match',
      detail: 'Type the email address of your account to confirm.',
    },
    undo_too_late: {
      title: 'Too late to undo',
      detail: 'A check-in can be undone only within 2 minutes. This one stays recorded.',
    },
    check_in_not_undoable: {
      title: 'Nothing to undo',
      detail: 'This check-in was already undone, or it used nothing (a refusal or a repeat).',
    },
    pay_now_not_needed: {
      title: 'Nothing to pay',
      detail: 'This subscription has no failed payment: there is no pay-now link to send.',
    },
    event_full: { title: 'Event full', detail: 'There are no places left for this event.' },
    event_canceled: { title: 'Event cancelled', detail: 'This event has been cancelled.' },
    event_started: { title: 'Event started', detail: 'This event has already started.' },
    registration_closed: {
      title: 'Registration closed',
      detail: 'Registration for this event closed on {{deadline}}.',
    },
    event_not_eligible: {
      title: 'Not included in your subscription',
      detail: 'None of your live subscriptions gives access to this event.',
    },
    guests_not_allowed: { title: 'No guests', detail: 'This event does not allow guests.' },
    capacity_below_registrations: {
      title: 'Capacity too low',
      detail: '{{taken}} places are already taken: the capacity cannot be lower.',
    },
  },
  fields: {
    event_ends_before_start: 'The end must be after the start.',
    event_starts_in_past: 'The start must be in the future.',
    event_deadline_after_start: 'Registration must close before the event starts.',
    event_offer_unknown: 'Choose offers of your own that are not archived.',
    required: 'This field is required.',
    invalid_type: 'This value has the wrong type.',
    too_small_string: 'Use at least {{minimum}} characters.',
    too_big_string: 'Use at most {{maximum}} characters.',
    too_small_number: 'Must be at least {{minimum}}.',
    too_big_number: 'Must be at most {{maximum}}.',
    too_small_array: 'Choose at least {{minimum}}.',
    too_big_array: 'Choose at most {{maximum}}.',
    invalid_email: 'Enter a valid email address.',
    invalid_url: 'Enter a valid web address.',
    invalid_format: 'This value is not in the expected format.',
    invalid_value: 'This value is not one of the allowed choices.',
    unrecognized_key: 'This field is not allowed.',
    not_integer: 'Must be a whole number.',
    invalid: 'This value is not valid.',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Messages = Widen<typeof enUS>;
