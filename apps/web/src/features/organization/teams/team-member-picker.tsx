import type { MemberWithUser } from '@gatehouse/client';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useTranslation } from '../../../i18n/language.ts';

/** Pick an organization member and act on them (add to or remove from a team). */
export function TeamMemberPicker({
  label,
  action,
  members,
  pending,
  onPick,
}: {
  label: string;
  action: string;
  members: MemberWithUser[];
  pending: boolean;
  onPick: (userId: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [userId, setUserId] = useState('');
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (userId)
          void onPick(userId).then(
            () => setUserId(''),
            () => {},
          );
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <Select id={id} value={userId} onChange={(event) => setUserId(event.target.value)} className="w-56">
          <option value="">{t('team.chooseMember')}</option>
          {members.map((member) => (
            <option key={member.userId} value={member.userId}>
              {member.user.name || member.user.email}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" variant="secondary" pending={pending} disabled={!userId}>
        {action}
      </Button>
    </form>
  );
}
