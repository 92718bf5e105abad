// User attributes as Cognito models them: standard OIDC attributes and `custom:*`, sent as
// [{Name, Value}] lists. Also the masked delivery destination and the language a mail is written in.
import { LANGUAGES, type Language } from '@sp/shared';
import { invalidParameter } from './errors.ts';
import type { IdentityUser } from './repository.ts';

const STANDARD = new Set([
  'name',
  'given_name',
  'family_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone_number',
  'address',
  'updated_at',
]);
const CUSTOM = /^custom:[\w-]{1,20}$/;
const READ_ONLY = new Set(['sub', 'email_verified', 'phone_number_verified']);
export const VALUE_MAX = 2048;

export type AttributeInput = { Name: string; Value?: string | null | undefined };

export const isWritableAttribute = (name: string) => STANDARD.has(name) || CUSTOM.test(name);

function unknownAttribute(name: string) {
  return invalidParameter(
    `Attributes did not conform to the schema: Type for attribute {${name.slice(0, 40)}} could not be determined`,
  );
}

/** Splits an attribute list into the e-mail (handled separately) and the other writable attributes. */
export function parseAttributes(list: AttributeInput[], options: { ignoreReadOnly?: boolean } = {}) {
  const attributes: Record<string, string> = {};
  let email: string | undefined;
  for (const { Name, Value } of list) {
    const value = Value ?? '';
    if (value.length > VALUE_MAX)
      throw invalidParameter(
        `Attribute value for ${Name.slice(0, 40)} must not be longer than ${VALUE_MAX} characters`,
      );
    if (Name === 'email') email = value;
    else if (isWritableAttribute(Name)) attributes[Name] = value;
    else if (READ_ONLY.has(Name) || Name.startsWith('cognito:')) {
      if (!options.ignoreReadOnly) throw invalidParameter(`Cannot modify the non-mutable attribute ${Name}`);
    } else throw unknownAttribute(Name);
  }
  return { attributes, email };
}

export function assertDeletableAttributes(names: string[]) {
  for (const name of names) {
    if (name === 'email' || READ_ONLY.has(name)) throw invalidParameter(`Cannot delete the required attribute ${name}`);
    if (!isWritableAttribute(name)) throw unknownAttribute(name);
  }
}

export function attributeList(user: IdentityUser): Array<{ Name: string; Value: string }> {
  return [
    { Name: 'sub', Value: user.sub },
    { Name: 'email', Value: user.email },
    { Name: 'email_verified', Value: String(user.emailVerified) },
    ...Object.entries(user.attributes).map(([Name, Value]) => ({ Name, Value })),
  ];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const looksLikeEmail = (value: string) => value.length <= 254 && EMAIL.test(value);

/** Cognito's masked destination: `j***@e***`. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export function deliveryDetails(email: string) {
  return { Destination: maskEmail(email), DeliveryMedium: 'EMAIL', AttributeName: 'email' };
}

const asLanguage = (value: string | undefined): Language | undefined => {
  const prefix = value?.trim().slice(0, 2).toLowerCase();
  return LANGUAGES.find((l) => l === prefix);
};

/** ClientMetadata.language first, then the user's `locale` attribute, then the default. */
export function languageFor(
  metadata: Record<string, string> | null | undefined,
  attributes: Record<string, string> | undefined,
  fallback: Language,
): Language {
  return asLanguage(metadata?.language) ?? asLanguage(attributes?.locale) ?? fallback;
}
