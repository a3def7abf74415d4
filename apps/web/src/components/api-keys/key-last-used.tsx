import type { ApiKey } from '@gatehouse/client';
import { useTranslation } from '../../i18n/language.ts';
import { withElements } from '../../i18n/with-elements.ts';
import { formatDateTime, formatRelativeTime } from '../../lib/format-time.ts';
import { describeUserAgent, parseUserAgent } from '../../lib/parse-user-agent.ts';

/**
 * When a key was last used (relative, the exact time on hover), from which address and with
 * which agent, summarised as the sessions screen does (docs/protocol/api-key.md, K11).
 */
export function KeyLastUsed({ apiKey }: { apiKey: ApiKey }) {
  const { t, language } = useTranslation();
  if (apiKey.lastRequest === null) return <span>{t('apiKey.neverUsed')}</span>;
  const at = new Date(apiKey.lastRequest);
  const when = (
    <time dateTime={apiKey.lastRequest} title={formatDateTime(at, language)}>
      {formatRelativeTime(at, new Date(), language)}
    </time>
  );
  return (
    <>
      <span>{withElements(t('apiKey.lastUsed'), { when })}</span>
      {apiKey.lastRequestIp && <span>{t('apiKey.lastUsedFrom', { ip: apiKey.lastRequestIp })}</span>}
      {apiKey.lastRequestUserAgent && (
        <span>{describeUserAgent(parseUserAgent(apiKey.lastRequestUserAgent), t)}</span>
      )}
    </>
  );
}
