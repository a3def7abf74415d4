import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths.ts';
import { EmailSignInPage } from './email-sign-in/email-sign-in-page.tsx';
import { ForgotPasswordPage } from './forgot-password/forgot-password-page.tsx';
import { HomePage } from './home/home-page.tsx';
import { ResetPasswordPage } from './reset-password/reset-password-page.tsx';
import { SignInPage } from './sign-in/sign-in-page.tsx';
import { SignUpPage } from './sign-up/sign-up-page.tsx';
import { TwoFactorPage } from './two-factor/two-factor-page.tsx';
import { VerifyEmailPage } from './verify-email/verify-email-page.tsx';

/** `guest` routes are for signed-out people only; `public` ones for everyone. */
export const authRoutes: { guest: RouteObject[]; public: RouteObject[] } = {
  guest: [
    { path: paths.signUp, element: <SignUpPage /> },
    { path: paths.signIn, element: <SignInPage /> },
    { path: paths.signInByEmail, element: <EmailSignInPage /> },
  ],
  public: [
    { path: paths.home, element: <HomePage /> },
    { path: paths.verifyEmail, element: <VerifyEmailPage /> },
    { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
    { path: paths.resetPassword, element: <ResetPasswordPage /> },
    // Public, not guest-only: the page itself moves on once its code has opened the session.
    { path: paths.signInTwoFactor, element: <TwoFactorPage /> },
  ],
};
