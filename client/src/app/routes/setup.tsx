import { SetupPage } from '@/features/auth/components/setup-page';

export default function SetupRoute({ token }: { token: string }) {
  return <SetupPage token={token} />;
}
