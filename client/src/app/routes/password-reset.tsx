import { ForgotPasswordPage } from '@/features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

/** /forgot-password without a token, /reset-password/:token with one. */
export default function PasswordResetRoutes({ token }: { token: string | undefined }) {
  return token === undefined ? <ForgotPasswordPage /> : <ResetPasswordPage token={token} />;
}
