import { SignInPage } from '@/features/auth/components/signin-page';

export default function SignInRoute() {
  return <SignInPage />;
}
