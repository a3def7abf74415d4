import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';

/** An organization's logo, or its initials on a square when it has none (or the image fails). */
export function OrganizationLogo({
  organization,
  className,
}: {
  organization: { name: string; logo?: string | null };
  className?: string;
}) {
  return (
    <Avatar
      src={organization.logo}
      name={organization.name}
      className={cn('size-6 rounded-md text-[0.625rem]', className)}
    />
  );
}
