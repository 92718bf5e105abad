// The API's error codes and their statuses, without zod: the web app's first page imports them.
/**
 * Every error the API sends, by its stable machine code, with the HTTP status it always has. The
 * API's errors are RFC 9457 problem documents carrying one of these codes; the web app shows each
 * through its translation (`errors.<code>` in both locale files), never the server's English detail.
 */
export const ERROR_STATUS = {
  // The request as such
  'request.invalid': 400,
  'request.validation-failed': 400,
  'request.invalid-text': 400,
  'request.forbidden': 403,
  'request.not-found': 404,
  'request.conflict': 409,
  'request.too-large': 413,
  'request.unsupported-media-type': 415,
  'request.rate-limited': 429,
  'server.internal': 500,
  'server.unavailable': 503,
  // Signing in (our API; the identity provider's own errors are `auth.*` below too)
  'auth.unauthenticated': 401,
  'auth.provider-unavailable': 503,
  // The identity provider (Cognito's protocol answers them all with 400, see IDENTITY_ERROR_CODES)
  'auth.failed': 400,
  'auth.invalid-parameter': 400,
  'auth.invalid-password': 400,
  'auth.not-authorized': 400,
  'auth.resource-not-found': 400,
  'auth.unsupported-token-type': 400,
  'auth.alias-exists': 400,
  'auth.mfa-setup-failed': 400,
  'auth.code-delivery-failed': 400,
  'auth.username-exists': 400,
  'auth.user-not-confirmed': 400,
  'auth.user-not-found': 400,
  'auth.code-mismatch': 400,
  'auth.code-expired': 400,
  'auth.limit-exceeded': 400,
  'auth.too-many-requests': 400,
  'auth.sign-up-refused': 400,
  'auth.unknown-operation': 400,
  // Profiles, organisations, teams
  'profile.not-own': 403,
  'profile.not-found': 404,
  'profile.onboarding-required': 403,
  'profile.onboarding-incomplete': 409,
  'profile.onboarding-done': 409,
  'organisation.owner-only': 403,
  'organisation.not-yours': 403,
  'organisation.not-found': 404,
  'organisation.already-member': 409,
  'team.not-member': 403,
  'team.member-not-found': 404,
  'team.last-owner': 409,
  'team.already-member': 409,
  // Events and their files
  'event.organisers-only': 403,
  'event.not-found': 404,
  'event.not-saved': 400,
  'event.wrong-method': 400,
  'event.has-sponsorships': 409,
  'file.unknown': 400,
  'file.not-uploaded': 400,
  'file.not-pdf': 400,
  'file.too-large': 400,
  'file.not-found': 404,
  'file.changed': 409,
  'upload.not-pdf': 415,
  'upload.too-large': 413,
  'upload.link-invalid': 403,
  'upload.link-used': 409,
  // Invitations and invitation codes
  'invitation.expired': 404,
  'invitation.link-invalid': 404,
  'invitation.token-mismatch': 400,
  'invitation.not-yours': 403,
  'invitation.other-address': 403,
  'invitation.revoked': 410,
  'invitation.not-found': 404,
  'invitation.already-accepted': 409,
  'invitation.not-needed': 409,
  'invitation.sent-recently': 429,
  'invitation-code.invalid': 404,
  // Sponsorships and the archive of signed agreements
  'sponsorship.not-found': 404,
  'sponsorship.organisers-decide': 403,
  'sponsorship.sponsor-withdraws': 403,
  'sponsorship.transition-invalid': 409,
  'sponsorship.changed': 409,
  'sponsorship.amount-locked': 409,
  'sponsorship.decided': 409,
  'archive.not-found': 404,
  // Chat
  'conversation.not-found': 404,
  'conversation.own-address': 400,
  'conversation.own-organisation': 400,
  'conversation.no-member': 404,
  // Packages of an event and a sponsorship's choice
  'package.not-found': 404,
  'package.sold-out': 409,
  'package.not-offered': 409,
  'package.in-use': 409,
  'package.capacity-below-sold': 409,
  'package.sponsor-chooses': 403,
  // Fulfilment of a confirmed sponsorship
  'deliverable.not-found': 404,
  'deliverable.organisers-decide': 403,
  'deliverable.no-input-needed': 409,
  'deliverable.assignee-unknown': 400,
  // Sponsor profiles, their logos and the public sponsor wall
  'sponsor-profile.sponsors-only': 403,
  'sponsor-profile.name-missing': 409,
  'sponsor-wall.sponsor-consents': 403,
  'sponsor-wall.not-found': 404,
  'logo.svg-refused': 415,
  'logo.unsupported-type': 415,
  'logo.too-large': 413,
  'logo.too-many-pixels': 400,
  'logo.unreadable': 400,
  'logo.not-found': 404,
  // Billing settings and invoices (decision record 026)
  'billing.iban-invalid': 400,
  'billing.bic-invalid': 400,
  'billing.number-format-invalid': 400,
  'billing.tax-id-missing': 400,
  'billing.zero-rate-reason-missing': 400,
  'invoice.not-found': 404,
  'invoice.sponsorship-not-confirmed': 409,
  'invoice.billing-settings-missing': 409,
  'invoice.buyer-details-missing': 409,
  'invoice.tax-number-missing': 409,
  'invoice.amount-missing': 409,
  'invoice.not-draft': 409,
  'invoice.draft-exists': 409,
  'invoice.not-issued': 409,
  'invoice.payment-exceeds-outstanding': 409,
  'invoice.zero-rate-reason-missing': 400,
  // Generated agreements signed in the browser (decision 025)
  'agreement.owner-only': 403,
  'agreement.not-generated': 409,
  'agreement.details-missing': 409,
  'agreement.draft-changed': 409,
  'agreement.not-your-turn': 409,
  'agreement.completed': 409,
  'agreement.closed': 409,
  'agreement.countersign-forbidden': 403,
  'agreement.signature-image-invalid': 400,
  'agreement.not-found': 404,
  'agreement.integrity-failed': 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * The code of each error name of the identity provider (Cognito's `__type`), which the built-in
 * provider also sends as `code` and the web app translates; other names are `auth.failed`.
 */
export const IDENTITY_ERROR_CODES: Readonly<Record<string, ErrorCode>> = {
  InvalidParameterException: 'auth.invalid-parameter',
  InvalidPasswordException: 'auth.invalid-password',
  NotAuthorizedException: 'auth.not-authorized',
  ResourceNotFoundException: 'auth.resource-not-found',
  UnsupportedTokenTypeException: 'auth.unsupported-token-type',
  AliasExistsException: 'auth.alias-exists',
  EnableSoftwareTokenMFAException: 'auth.mfa-setup-failed',
  CodeDeliveryFailureException: 'auth.code-delivery-failed',
  UsernameExistsException: 'auth.username-exists',
  UserNotConfirmedException: 'auth.user-not-confirmed',
  UserNotFoundException: 'auth.user-not-found',
  CodeMismatchException: 'auth.code-mismatch',
  ExpiredCodeException: 'auth.code-expired',
  LimitExceededException: 'auth.limit-exceeded',
  TooManyRequestsException: 'auth.too-many-requests',
  TooManyFailedAttemptsException: 'auth.too-many-requests',
  UserLambdaValidationException: 'auth.sign-up-refused',
  UnknownOperationException: 'auth.unknown-operation',
  InternalErrorException: 'server.internal',
};

export const identityErrorCode = (name: string): ErrorCode => IDENTITY_ERROR_CODES[name] ?? 'auth.failed';

/** The problem type of a code: a URN that names it (RFC 9457 `type`). */
export const problemType = (code: string) => `urn:sp:problem:${code}`;
