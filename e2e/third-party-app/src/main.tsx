import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AccountPage } from './account-page.tsx';
import { ForgotPasswordPage, ResetPasswordPage, SignInPage, SignUpPage } from './auth-pages.tsx';

function App() {
  const [path, setPath] = useState(window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  if (path === '/sign-up') return <SignUpPage />;
  if (path === '/sign-in') return <SignInPage />;
  if (path === '/forgot-password') return <ForgotPasswordPage />;
  if (path === '/reset-password') return <ResetPasswordPage />;
  return <AccountPage />;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
