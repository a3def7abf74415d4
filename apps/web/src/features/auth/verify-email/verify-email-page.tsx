import { GatehouseError } from '@gatehouse/client';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/language.ts';
import { VerifyFailure } from './verify-failure.tsx';
import { VerifyPending } from './verify-pending.tsx';
import { VerifySuccess } from './verify-success.tsx';
import { VerifyToken } from './verify-token.tsx';

/**
 * `/verify-email`: emailed links go to the API, which verifies and redirects back here with
 * `?verified=1` or `?error=CODE`; `?token=` is verified here; otherwise the link is pending.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const code = params.get('error');
  const email = params.get('email') ?? '';
  if (token) return <VerifyToken key={token} token={token} email={email} />;
  if (code) {
    const error = new GatehouseError(0, code, t('auth.verify.linkFailed'));
    return <VerifyFailure error={error} email={email} />;
  }
  if (params.get('verified') === '1') return <VerifySuccess />;
  return <VerifyPending email={email} />;
}
