import type { Permissions } from '@gatehouse/client';
import { useTranslation } from '../../../i18n/language.ts';
import { ORG_STATEMENTS } from '../../../lib/permissions/organization-statements.ts';
import { actionLabel, resourceLabel } from '../../../lib/permissions/permission-labels.ts';
import { hasPair, setPair } from '../../../lib/permissions/permission-set.ts';

/** Columns in reading order; every statement action appears in exactly one. */
const ACTIONS = ['create', 'read', 'update', 'delete', 'cancel'] as const;

/**
 * The resource × action grid of a custom role. Pairs the caller does not hold cannot be granted
 * (the server refuses them), so they are disabled; a pair the role already has stays shown.
 */
export function RoleMatrix({
  value,
  onChange,
  canGrant,
  disabled,
}: {
  value: Permissions;
  onChange: (next: Permissions) => void;
  canGrant: (resource: string, action: string) => boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('orgRole.caption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 text-left font-medium">
              {t('orgRole.resource')}
            </th>
            {ACTIONS.map((action) => (
              <th key={action} scope="col" className="px-2 py-1 text-center font-medium">
                {actionLabel(action, t)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {Object.entries(ORG_STATEMENTS).map(([resource, actions]) => (
            <tr key={resource}>
              <th scope="row" className="py-1 pr-3 text-left font-medium">
                {resourceLabel(resource, t)}
              </th>
              {ACTIONS.map((action) => (
                <td key={action} className="px-2 py-1 text-center">
                  {(actions as readonly string[]).includes(action) ? (
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={t('orgRole.pair', {
                        resource: resourceLabel(resource, t),
                        action: actionLabel(action, t),
                      })}
                      checked={hasPair(value, resource, action)}
                      disabled={disabled || !canGrant(resource, action)}
                      title={canGrant(resource, action) ? undefined : t('orgRole.notYours')}
                      onChange={(event) => onChange(setPair(value, resource, action, event.target.checked))}
                    />
                  ) : (
                    <span aria-hidden className="text-muted-foreground">
                      –
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
