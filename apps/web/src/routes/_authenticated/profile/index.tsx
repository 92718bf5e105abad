import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { PROFILE_DRAWERS, type ProfileDrawer } from '@/features/profile/profile-drawers';
import { searchEnum, searchSchema } from '@/lib/search-params';

export const Route = createFileRoute('/_authenticated/profile/')({
  // The open edit panel lives in the URL, so Back closes it and a link can open it.
  validateSearch: searchSchema({ drawer: searchEnum(PROFILE_DRAWERS) }),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { drawer } = Route.useSearch();
  const navigate = Route.useNavigate();
  const change = (next: ProfileDrawer | null) =>
    void navigate({ search: next ? { drawer: next } : {}, replace: next === null });
  return <ProfilePage drawer={drawer ?? null} onDrawerChange={change} />;
}
