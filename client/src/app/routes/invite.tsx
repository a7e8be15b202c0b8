import { InvitePage } from '@/features/auth/components/invite-page';

export default function InviteRoute({ token }: { token: string }) {
  return <InvitePage token={token} />;
}
