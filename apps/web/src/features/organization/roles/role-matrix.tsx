import type { Permissions } from '@gatehouse/client';
import { ORG_STATEMENTS } from '../access/statements.ts';
import { hasPair, setPair } from './permission-set.ts';

/** Columns in reading order; every statement action appears in exactly one. */
const ACTIONS = ['create', 'read', 'update', 'delete', 'cancel'] as const;
const RESOURCE_LABELS: Record<string, string> = {
  organization: 'Organization',
  member: 'Members',
  invitation: 'Invitations',
  team: 'Teams',
  ac: 'Roles',
};

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
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Permissions of this role</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3 text-left font-medium">
              Resource
            </th>
            {ACTIONS.map((action) => (
              <th key={action} scope="col" className="px-2 py-1 text-center font-medium capitalize">
                {action}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {Object.entries(ORG_STATEMENTS).map(([resource, actions]) => (
            <tr key={resource}>
              <th scope="row" className="py-1 pr-3 text-left font-medium">
                {RESOURCE_LABELS[resource] ?? resource}
              </th>
              {ACTIONS.map((action) => (
                <td key={action} className="px-2 py-1 text-center">
                  {(actions as readonly string[]).includes(action) ? (
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={`${resource}: ${action}`}
                      checked={hasPair(value, resource, action)}
                      disabled={disabled || !canGrant(resource, action)}
                      title={
                        canGrant(resource, action)
                          ? undefined
                          : 'Your own role does not have this permission.'
                      }
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
