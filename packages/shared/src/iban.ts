// One check of bank accounts for the web's billing form and the API's billing settings, so a field
// the browser accepts is never refused by the server (or the other way round): ibantools' ISO 13616
// check (each country's length and format, the mod-97 sum) and its ISO 9362 BIC format.
import { isValidBIC, isValidIBAN } from 'ibantools';

/** Spaces removed, upper case: the form the server stores. */
export const normaliseIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/** DE89 3704 0044 0532 0130 00: groups of four, as printed on the invoice. */
export const groupIban = (value: string): string => normaliseIban(value).replace(/(.{4})(?=.)/g, '$1 ');

/** With or without spaces, in any case. */
export const isValidIban = (value: string): boolean => isValidIBAN(normaliseIban(value));

/** A BIC: bank (4 letters), country (2), place (2) and an optional branch (3); spaces and case ignored. */
export const normaliseBic = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

export const isValidBic = (value: string): boolean => isValidBIC(normaliseBic(value));
