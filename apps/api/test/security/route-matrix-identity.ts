// The identity provider's rows of the authorisation matrix (route-matrix.ts): the protocol's authority
// is the token in the body, never the header.
import { accessToken, CLIENT, everyone, identity, NO_DEVICE } from './route-matrix-expectations.ts';
import type { MatrixRow } from './route-matrix-expectations.ts';

export const IDENTITY_ROWS: MatrixRow[] = [
  { method: 'OPTIONS', route: '/identity/', url: '/identity/', expect: everyone(204) },
  { method: 'OPTIONS', route: '/identity', url: '/identity', expect: everyone(204) },
  {
    method: 'POST',
    route: '/identity',
    url: '/identity',
    operation: 'GetUser',
    body: { AccessToken: '{accessToken}' },
    expect: accessToken(200),
  },
  {
    method: 'GET',
    route: '/identity/:userPoolId/.well-known/jwks.json',
    url: '/identity/{userPoolId}/.well-known/jwks.json',
    expect: everyone(200),
  },
  {
    method: 'GET',
    route: '/identity/:userPoolId/.well-known/openid-configuration',
    url: '/identity/{userPoolId}/.well-known/openid-configuration',
    expect: everyone(200),
  },
  identity('SignUp', { ClientId: CLIENT, Username: '{newEmail}', Password: 'Correct-Horse-1' }, everyone(400)),
  identity('ConfirmSignUp', { ClientId: CLIENT, Username: '{newEmail}', ConfirmationCode: '123456' }, everyone(400)),
  identity('ResendConfirmationCode', { ClientId: CLIENT, Username: '{newEmail}' }, everyone(200)),
  identity(
    'InitiateAuth',
    {
      ClientId: CLIENT,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: '{newEmail}', PASSWORD: 'Wrong-Horse-1' },
    },
    everyone(400),
  ),
  identity(
    'RespondToAuthChallenge',
    { ClientId: CLIENT, ChallengeName: 'NEW_PASSWORD_REQUIRED', Session: 'not-a-session', ChallengeResponses: {} },
    everyone(400),
  ),
  identity('ForgotPassword', { ClientId: CLIENT, Username: '{newEmail}' }, everyone(200)),
  identity(
    'ConfirmForgotPassword',
    { ClientId: CLIENT, Username: '{newEmail}', ConfirmationCode: '123456', Password: 'Correct-Horse-2' },
    everyone(400),
  ),
  identity('GetUser', { AccessToken: '{accessToken}' }, accessToken(200)),
  identity('ListDevices', { AccessToken: '{accessToken}' }, accessToken(200)),
  identity('GetDevice', { AccessToken: '{accessToken}', DeviceKey: NO_DEVICE }, accessToken(400)),
  identity(
    'ChangePassword',
    { AccessToken: '{accessToken}', PreviousPassword: 'Correct-Horse-1', ProposedPassword: 'Correct-Horse-2' },
    accessToken(200),
    'identity-own-account',
  ),
  identity(
    'UpdateUserAttributes',
    { AccessToken: '{accessToken}', UserAttributes: [{ Name: 'locale', Value: 'en' }] },
    accessToken(200),
    'identity-own-account',
  ),
  identity(
    'DeleteUserAttributes',
    { AccessToken: '{accessToken}', UserAttributeNames: ['locale'] },
    accessToken(200),
    'identity-own-account',
  ),
  identity(
    'GetUserAttributeVerificationCode',
    { AccessToken: '{accessToken}', AttributeName: 'email' },
    accessToken(400),
    'identity-own-account',
  ),
  identity(
    'VerifyUserAttribute',
    { AccessToken: '{accessToken}', AttributeName: 'email', Code: '123456' },
    accessToken(400),
    'identity-own-account',
  ),
  identity(
    'ConfirmDevice',
    { AccessToken: '{accessToken}', DeviceKey: NO_DEVICE, DeviceName: 'x' },
    accessToken(400),
    'identity-own-account',
  ),
  identity(
    'ForgetDevice',
    { AccessToken: '{accessToken}', DeviceKey: NO_DEVICE },
    accessToken(400),
    'identity-own-account',
  ),
  identity(
    'UpdateDeviceStatus',
    { AccessToken: '{accessToken}', DeviceKey: NO_DEVICE, DeviceRememberedStatus: 'remembered' },
    accessToken(400),
    'identity-own-account',
  ),
  identity('AssociateSoftwareToken', { AccessToken: '{accessToken}' }, accessToken(200), 'identity-own-account'),
  identity(
    'VerifySoftwareToken',
    { AccessToken: '{accessToken}', UserCode: '123456' },
    accessToken(400),
    'identity-own-account',
  ),
  identity(
    'SetUserMFAPreference',
    { AccessToken: '{accessToken}', SoftwareTokenMfaSettings: { Enabled: false } },
    accessToken(200),
    'identity-own-account',
  ),
  identity('GlobalSignOut', { AccessToken: '{accessToken}' }, accessToken(200), 'identity-own-account'),
  identity('RevokeToken', { ClientId: CLIENT, Token: '{refreshToken}' }, everyone(200), 'identity-own-account'),
  identity('DeleteUser', { AccessToken: '{accessToken}' }, accessToken(200), 'identity-own-account'),
];
