// The operations the provider answers, by their X-Amz-Target name. A Map, so a name such as
// "constructor" is simply unknown.
import type { Operation } from '../protocol.ts';
import { confirmDevice, forgetDevice, getDevice, listDevices, updateDeviceStatus } from './devices.ts';
import { associateSoftwareToken, setUserMfaPreference, verifySoftwareToken } from './mfa.ts';
import { changePassword, confirmForgotPassword, forgotPassword } from './password.ts';
import { globalSignOut, revokeToken } from './sessions.ts';
import { initiateAuth, respondToAuthChallenge } from './sign-in.ts';
import { confirmSignUp, resendConfirmationCode, signUp } from './sign-up.ts';
import {
  deleteUser,
  deleteUserAttributes,
  getUser,
  getUserAttributeVerificationCode,
  updateUserAttributes,
  verifyUserAttribute,
} from './user.ts';

export const OPERATIONS = new Map<string, Operation>([
  ['SignUp', signUp],
  ['ConfirmSignUp', confirmSignUp],
  ['ResendConfirmationCode', resendConfirmationCode],
  ['InitiateAuth', initiateAuth],
  ['RespondToAuthChallenge', respondToAuthChallenge],
  ['ForgotPassword', forgotPassword],
  ['ConfirmForgotPassword', confirmForgotPassword],
  ['ChangePassword', changePassword],
  ['GetUser', getUser],
  ['UpdateUserAttributes', updateUserAttributes],
  ['DeleteUserAttributes', deleteUserAttributes],
  ['GetUserAttributeVerificationCode', getUserAttributeVerificationCode],
  ['VerifyUserAttribute', verifyUserAttribute],
  ['DeleteUser', deleteUser],
  ['GlobalSignOut', globalSignOut],
  ['RevokeToken', revokeToken],
  ['ConfirmDevice', confirmDevice],
  ['ListDevices', listDevices],
  ['GetDevice', getDevice],
  ['ForgetDevice', forgetDevice],
  ['UpdateDeviceStatus', updateDeviceStatus],
  ['AssociateSoftwareToken', associateSoftwareToken],
  ['VerifySoftwareToken', verifySoftwareToken],
  ['SetUserMFAPreference', setUserMfaPreference],
] as Array<[string, Operation]>);
