import { authClient } from './auth-client.ts';
import { Form } from './form.tsx';
import { navigate } from './navigate.ts';

const PASSWORD = { name: 'password', label: 'Password', type: 'password' };
const EMAIL = { name: 'email', label: 'Email', type: 'email' };

export function SignUpPage() {
  return (
    <Form
      title="Create an account"
      submit="Sign up"
      done="Signed up"
      fields={[{ name: 'name', label: 'Name' }, EMAIL, PASSWORD]}
      run={({ name = '', email = '', password = '' }) => authClient.signUp.email({ name, email, password })}
      onDone={() => navigate('/')}
    />
  );
}

export function SignInPage() {
  return (
    <>
      <Form
        title="Sign in"
        submit="Sign in"
        done="Signed in"
        fields={[EMAIL, PASSWORD]}
        run={({ email = '', password = '' }) => authClient.signIn.email({ email, password })}
        onDone={() => navigate('/')}
      />
      <a href="/forgot-password">Forgot password?</a>
    </>
  );
}

export function ForgotPasswordPage() {
  return (
    <Form
      title="Forgot password"
      submit="Send reset link"
      done="Check your email"
      fields={[EMAIL]}
      // No redirectTo: Gatehouse's APP_URL decides where the emailed link lands.
      run={({ email = '' }) => authClient.requestPasswordReset({ email })}
    />
  );
}

/** Where the emailed reset link lands, with `?token=` (or `?error=`). */
export function ResetPasswordPage() {
  const query = new URLSearchParams(window.location.search);
  const token = query.get('token');
  if (!token) return <p role="alert">This reset link is not valid: {query.get('error')}</p>;
  return (
    <Form
      title="Choose a new password"
      submit="Reset password"
      done="Password reset"
      fields={[{ name: 'newPassword', label: 'New password', type: 'password' }]}
      run={({ newPassword = '' }) => authClient.resetPassword({ newPassword, token })}
      onDone={() => navigate('/sign-in')}
    />
  );
}
