// Moved to lib so that the invite pages can store what the verify page reads.
export { clearPendingInvitation, readPendingPassword } from '@/lib/auth/pending-invitation';
