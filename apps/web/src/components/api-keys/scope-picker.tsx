import type { Permissions } from '@gatehouse/client';
import { useId } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import type { Translate } from '../../i18n/translate-function.ts';
import { ORG_STATEMENTS } from '../../lib/permissions/organization-statements.ts';
import { actionLabel, resourceLabel } from '../../lib/permissions/permission-labels.ts';
import { hasPair, setPair } from '../../lib/permissions/permission-set.ts';

/**
 * A new key's scopes: null for the owner's full rights (no `permissions` sent), else the chosen
 * resource → actions (packages/core/src/features/api-key/README.md, K9).
 */
export type KeyScopes = Permissions | null;

/** A limited key must promise something: an empty choice cannot be sent. */
export const scopesReady = (scopes: KeyScopes): boolean =>
  scopes === null || Object.values(scopes).some((actions) => actions.length > 0);

/**
 * A key's scopes in one line, in the statements' order: "Members: Create, Update · Teams: Read".
 * Resources or actions the app does not know are shown as stored, so nothing a key holds is hidden.
 */
export function scopesSummary(scopes: Permissions, t: Translate): string {
  const known = Object.keys(ORG_STATEMENTS);
  const resources = [
    ...known.filter((name) => name in scopes),
    ...Object.keys(scopes).filter((name) => !known.includes(name)),
  ];
  return resources
    .filter((resource) => (scopes[resource]?.length ?? 0) > 0)
    .map((resource) =>
      t('orgRole.pair', {
        resource: resourceLabel(resource, t),
        action: (scopes[resource] ?? []).map((action) => actionLabel(action, t)).join(', '),
      }),
    )
    .join(' · ');
}

/** One radio of the access choice; its hint is its description, not part of its name. */
function AccessChoice({
  group,
  checked,
  onChoose,
  label,
  hint,
}: {
  group: string;
  checked: boolean;
  onChoose: () => void;
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="radio"
        name={group}
        className="mt-0.5 size-4 shrink-0 accent-primary"
        checked={checked}
        onChange={onChoose}
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="block">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** What a key's scopes may name, resource → actions, in display order. */
export type ScopeStatements = Readonly<Record<string, readonly string[]>>;

/**
 * Full access or a limited key: one checkbox per resource × action of `statements` (the
 * organization's by default), grouped by resource, in the words and order of the custom-role
 * matrix (features/organization/roles/), so the same choice always sends the same body. A pair
 * `canGrant` refuses is disabled: the server would answer 403 API_KEY_PERMISSION_EXCEEDS_ROLE.
 */
export function ScopePicker({
  value,
  onChange,
  statements = ORG_STATEMENTS,
  canGrant = () => true,
  disabled,
}: {
  value: KeyScopes;
  onChange: (next: KeyScopes) => void;
  statements?: ScopeStatements;
  canGrant?: (resource: string, action: string) => boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const limited = value !== null;

  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium">{t('apiKey.access')}</legend>
      <AccessChoice
        group={`${id}-access`}
        checked={!limited}
        onChoose={() => onChange(null)}
        label={t('apiKey.access.full')}
        hint={t('apiKey.access.fullHint')}
      />
      <AccessChoice
        group={`${id}-access`}
        checked={limited}
        onChoose={() => onChange(value ?? {})}
        label={t('apiKey.access.limited')}
        hint={t('apiKey.access.limitedHint')}
      />
      {limited && (
        <div className="max-h-64 space-y-3 overflow-y-auto rounded-md border border-border p-3">
          {Object.entries(statements).map(([resource, actions]) => (
            <fieldset key={resource} className="space-y-1">
              <legend className="text-sm font-medium">{resourceLabel(resource, t)}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {actions.map((action) => {
                  const grantable = canGrant(resource, action);
                  return (
                    <label
                      key={action}
                      className="flex items-center gap-1.5 text-sm"
                      title={grantable ? undefined : t('orgRole.notYours')}
                    >
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={hasPair(value, resource, action)}
                        disabled={!grantable}
                        aria-label={t('orgRole.pair', {
                          resource: resourceLabel(resource, t),
                          action: actionLabel(action, t),
                        })}
                        onChange={(event) =>
                          onChange(setPair(value, resource, action, event.target.checked, statements))
                        }
                      />
                      <span aria-hidden>{actionLabel(action, t)}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
          {!scopesReady(value) && <p className="text-xs text-muted-foreground">{t('apiKey.scopesNone')}</p>}
        </div>
      )}
    </fieldset>
  );
}
