// The one normal form of an e-mail address, used wherever addresses are compared or stored for lookup.
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
