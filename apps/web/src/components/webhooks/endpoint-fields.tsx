import { useTranslation } from '../../i18n/language.ts';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';
import { coveringChoice } from './event-choices.ts';
import { EventPicker } from './event-picker.tsx';
import type { WebhookFields } from './webhook-calls.ts';
import { refusalField } from './webhook-refusals.ts';

/** The engine's limits (docs/protocol/webhooks.md#2-endpoint-object, docs/protocol/webhooks.md#49-errors). */
export const MAX_URL_LENGTH = 2048;
export const MAX_DESCRIPTION_LENGTH = 500;

/** What the form holds while typed: the description as text, empty for none. */
export interface EndpointDraft {
  url: string;
  events: string[];
  description: string;
}

export const draftOf = (fields?: WebhookFields): EndpointDraft => ({
  url: fields?.url ?? '',
  events: fields?.events ?? [],
  description: fields?.description ?? '',
});

/**
 * A draft that can be sent: a URL and an event; a blank description is none. A type picked before
 * its group or `*` was is left out, as the wider choice already brings it.
 */
export function fieldsOf(draft: EndpointDraft): WebhookFields | null {
  const url = draft.url.trim();
  if (url === '' || draft.events.length === 0) return null;
  const events = draft.events.filter(
    (choice) =>
      coveringChoice(
        choice,
        draft.events.filter((other) => other !== choice),
      ) === null,
  );
  const description = draft.description.trim();
  return { url, events, description: description === '' ? null : description };
}

/** URL, events and description, with a refusal shown at the field it is about. */
export function EndpointFields({
  draft,
  onChange,
  error,
  refusal,
}: {
  draft: EndpointDraft;
  onChange: (next: EndpointDraft) => void;
  /** The last refusal, to place at its field. */
  error: unknown;
  refusal: string | null;
}) {
  const { t } = useTranslation();
  const field = refusalField(error);
  const at = (name: ReturnType<typeof refusalField>) => (field === name ? (refusal ?? undefined) : undefined);
  return (
    <>
      <Field label={t('webhook.url')} hint={t('webhook.urlHint')} error={at('url')}>
        <Input
          type="url"
          inputMode="url"
          value={draft.url}
          maxLength={MAX_URL_LENGTH}
          autoComplete="off"
          placeholder="https://"
          onChange={(event) => onChange({ ...draft, url: event.target.value })}
        />
      </Field>
      <EventPicker
        value={draft.events}
        onChange={(events) => onChange({ ...draft, events })}
        error={at('events')}
      />
      <Field label={t('webhook.description')} hint={t('webhook.descriptionHint')} error={at('description')}>
        <Input
          value={draft.description}
          maxLength={MAX_DESCRIPTION_LENGTH}
          autoComplete="off"
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
        />
      </Field>
    </>
  );
}

/** The refusal to say above the buttons: one no field shows. */
export const generalRefusal = (error: unknown, refusal: string | null): string | null =>
  refusalField(error) === null ? refusal : null;
