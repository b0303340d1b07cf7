import { createFileRoute } from '@tanstack/react-router';
import { InvitationPage } from '../features/team/components/invitation-page.tsx';

/** An invitation's link (public: signed out, it offers sign-up and sign-in, then brings the visitor back here). */
export const Route = createFileRoute('/convite/$token')({
  component: function InvitationRoute() {
    const { token } = Route.useParams();
    return <InvitationPage token={token} />;
  },
});
