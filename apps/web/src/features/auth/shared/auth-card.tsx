import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

interface AuthCardProps {
  /** The page's h1, also used for the document title. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card: links to the neighbouring screens. */
  footer?: ReactNode;
}

/** The frame of every auth screen: one centred card, at most max-w-md wide. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md space-y-4">
      <title>{`${title} · Gatehouse`}</title>
      <Card>
        <header className="mb-6 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </header>
        {children}
      </Card>
      {footer && <div className="space-y-1 text-center text-sm text-muted-foreground">{footer}</div>}
    </div>
  );
}
