import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth';
import { userProfileQueryOptions } from '@/lib/profile/user-profile';

/** The signed-in user's profile, for the organisation the events belong to. */
export function useOrganiserProfile() {
  const { user } = useAuth();
  return useQuery({ ...userProfileQueryOptions(user?.sub ?? ''), enabled: user !== null });
}
