import { Badge } from './ui/badge.tsx';
import { CardDescription, CardHeader, CardTitle } from './ui/card.tsx';

/** A card's heading with a status word beside it (On / Off), and what that status means. */
export function StatusCardHeader({
  titleId,
  title,
  status,
  good,
  description,
}: {
  titleId: string;
  title: string;
  status: string;
  /** Shown as a success when true, neutral otherwise. */
  good: boolean;
  description: string;
}) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center gap-2">
        <CardTitle id={titleId}>{title}</CardTitle>
        <Badge tone={good ? 'success' : 'neutral'}>{status}</Badge>
      </div>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
