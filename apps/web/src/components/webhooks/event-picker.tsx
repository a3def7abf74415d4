import { useId } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import {
  ALL_EVENTS,
  coveringChoice,
  eventLabel,
  eventTypesByGroup,
  groupLabel,
  isWholeGroup,
} from './event-choices.ts';

/** One checkbox with its event name as code and a short description. */
function Choice({
  value,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  value: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="block">
          {label} <code className="font-mono text-xs text-muted-foreground break-all">{value}</code>
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The events an endpoint receives: everything (`*`), whole groups (`user.*`) or single types, by
 * group, each with its words from the activity screens. A type a chosen group or `*` covers is
 * shown ticked and disabled, so the same choice is never sent twice (docs/protocol/webhooks.md#2-endpoint-object).
 * Chosen values the app does not list (a type of a newer server) stay as they are.
 */
export function EventPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: readonly string[];
  onChange: (next: string[]) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const set = (choice: string, on: boolean) =>
    onChange(
      on ? [...value.filter((each) => each !== choice), choice] : value.filter((each) => each !== choice),
    );
  const all = value.includes(ALL_EVENTS);

  return (
    <fieldset className="space-y-2" disabled={disabled} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{t('webhook.eventPicker')}</legend>
      <Choice
        value={ALL_EVENTS}
        label={t('webhook.allEvents')}
        hint={t('webhook.allEventsHint')}
        checked={all}
        onChange={(on) => set(ALL_EVENTS, on)}
      />
      <div className="max-h-72 space-y-3 overflow-y-auto rounded-md border border-border p-3">
        {eventTypesByGroup().map(({ group, types }) => {
          const whole = `${group}.*`;
          const wholeCovered = all;
          return (
            <fieldset key={group} className="space-y-1">
              <legend className="text-sm font-medium">{groupLabel(group, t)}</legend>
              {isWholeGroup(group) && (
                <Choice
                  value={whole}
                  label={t('webhook.allOfGroup', { group: groupLabel(group, t) })}
                  hint={wholeCovered ? t('webhook.coveredBy', { choice: ALL_EVENTS }) : undefined}
                  checked={wholeCovered || value.includes(whole)}
                  disabled={wholeCovered}
                  onChange={(on) => set(whole, on)}
                />
              )}
              <div className="space-y-1 ps-4">
                {types.map((type) => {
                  const covering = coveringChoice(type, value);
                  return (
                    <Choice
                      key={type}
                      value={type}
                      label={eventLabel(type, t)}
                      hint={covering ? t('webhook.coveredBy', { choice: covering }) : undefined}
                      checked={covering !== null || value.includes(type)}
                      disabled={covering !== null}
                      onChange={(on) => set(type, on)}
                    />
                  );
                })}
              </div>
            </fieldset>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : value.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t('webhook.eventPickerNone')}</p>
      ) : null}
    </fieldset>
  );
}
