import type { SecretWords } from '../api-keys/new-key-shown.tsx';

/** How a webhook's signing secret is named where it is shown once (create, rotate). */
export const WEBHOOK_SECRET_WORDS: SecretWords = {
  shownOnce: 'webhook.secretShownOnce',
  label: 'webhook.secretLabel',
  copy: 'webhook.copy',
  copied: 'webhook.copied',
  copyFailed: 'webhook.copyFailed',
};
