// Errors of the identity provider in Cognito's wire shape: HTTP 400 with
// {"__type": "<Name>Exception", "message": "..."}. Both amazon-cognito-identity-js and the AWS SDK
// read the error name from `__type` (or the x-amzn-errortype header), so every refusal goes through here.
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
    /** Seconds until a throttled caller may try again (sent as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = type;
  }
}

const make = (type: string) => (message: string) => new CognitoError(type, message);

export const invalidParameter = make('InvalidParameterException');
export const invalidPassword = make('InvalidPasswordException');
export const notAuthorized = make('NotAuthorizedException');
export const resourceNotFound = make('ResourceNotFoundException');
export const unsupportedTokenType = make('UnsupportedTokenTypeException');
export const aliasExists = make('AliasExistsException');
export const enableSoftwareTokenMfa = make('EnableSoftwareTokenMFAException');
export const codeDeliveryFailure = make('CodeDeliveryFailureException');

export const INCORRECT_CREDENTIALS = 'Incorrect username or password.';

export const incorrectCredentials = () => notAuthorized(INCORRECT_CREDENTIALS);
export const passwordAttemptsExceeded = () => notAuthorized('Password attempts exceeded');
export const usernameExists = () =>
  new CognitoError('UsernameExistsException', 'An account with the given email already exists.');
export const userNotConfirmed = () => new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
export const codeMismatch = () =>
  new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
export const expiredCode = () =>
  new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
export const limitExceeded = () =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
export const invalidSession = () => notAuthorized('Invalid session for the user, session is expired.');
export const preSignUpRefused = () =>
  new CognitoError('UserLambdaValidationException', 'PreSignUp failed with error Invalid invitation code.');
export const unknownOperation = (name: string) =>
  new CognitoError('UnknownOperationException', name ? `Unknown operation ${name.slice(0, 100)}` : 'Missing operation');
/** Cognito's throttling answer; the wait is also in the message, which is all its JS client hands on. */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new CognitoError(
    'TooManyRequestsException',
    `Too many requests from this address, please try again in ${retryAfterSeconds} seconds.`,
    400,
    retryAfterSeconds,
  );
export const internalError = () => new CognitoError('InternalErrorException', 'Internal error', 500);
