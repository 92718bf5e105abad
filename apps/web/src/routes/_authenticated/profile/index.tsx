import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { PROFILE_DRAWERS, type ProfileDrawer } from '@/features/profile/profile-drawers';

export const Route = createFileRoute('/_authenticated/profile/')({
  // The open edit panel lives in the URL, so Back closes it and a link can open it.
  validateSearch: z.object({ drawer: z.enum(PROFILE_DRAWERS).optional().catch(undefined) }),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { drawer } = Route.useSearch();
  const navigate = Route.useNavigate();
  const change = (next: ProfileDrawer | null) =>
    void navigate({ search: next ? { drawer: next } : {}, replace: next === null });
  return <ProfilePage drawer={drawer ?? null} onDrawerChange={change} />;
}
