import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

export function NotFound() {
  return (
    <div className="space-y-2 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">
        <Link className="underline" to={paths.home}>
          Go to the start page
        </Link>
      </p>
    </div>
  );
}
