import type { SecurityEvent, SecurityEventFilters, SecurityEventPage } from '@gatehouse/client';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/language.ts';
import { formatDateTime } from '../../lib/format-time.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Label } from '../ui/label.tsx';
import { Select } from '../ui/select.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { describeActor, describeEvent } from './event-words.ts';
import { EventsLoadFailed } from './events-load-failed.tsx';
import { type EventsSource, useEventPages } from './events-query.ts';
import { exportUrl, filtersFromForm } from './export-url.ts';

interface EventsTableProps {
  source: Exclude<EventsSource, 'own'>;
  /** The route's path under the API base, e.g. `/admin/events`. */
  route: string;
  /** Filters always sent (the organization's id). */
  fixed?: SecurityEventFilters;
  load: (filters: SecurityEventFilters, signal: AbortSignal) => Promise<SecurityEventPage>;
}

/**
 * Events as a table for organization readers and admins: filters (type or prefix, outcome, date
 * range) applied on submit, "Load more" for the next page, and downloads of the same filters.
 */
export function EventsTable({ source, route, fixed = {}, load }: EventsTableProps) {
  const { t, language } = useTranslation();
  const [filters, setFilters] = useState<SecurityEventFilters>(fixed);
  const pages = useEventPages(source, filters, load);
  const events = pages.data?.pages.flatMap((page) => page.events) ?? [];

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilters({ ...fixed, ...filtersFromForm(new FormData(event.currentTarget)) });
  };

  return (
    <div className="space-y-4">
      <form aria-label={t('audit.filters')} onSubmit={apply} className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="audit-type">{t('audit.filterType')}</Label>
          <Input id="audit-type" name="type" placeholder="user.*" title={t('audit.filterTypeHint')} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-outcome">{t('audit.filterOutcome')}</Label>
          <Select id="audit-outcome" name="outcome" defaultValue="">
            <option value="">{t('audit.outcomeAny')}</option>
            <option value="success">{t('audit.outcomeSuccess')}</option>
            <option value="failure">{t('audit.outcomeFailure')}</option>
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-from">{t('audit.filterFrom')}</Label>
          <Input id="audit-from" name="from" type="date" />
        </div>
        <div className="space-y-1">
          <Label htmlFor="audit-to">{t('audit.filterTo')}</Label>
          <Input id="audit-to" name="to" type="date" />
        </div>
        <Button type="submit" variant="secondary">
          {t('audit.apply')}
        </Button>
        <span className="flex gap-3 text-sm">
          <a className="underline underline-offset-4" href={exportUrl(route, filters, 'csv')} download>
            {t('audit.exportCsv')}
          </a>
          <a className="underline underline-offset-4" href={exportUrl(route, filters, 'ndjson')} download>
            {t('audit.exportNdjson')}
          </a>
        </span>
      </form>

      {pages.isPending ? (
        <Spinner label={t('audit.loading')} />
      ) : pages.isError ? (
        <EventsLoadFailed error={pages.error} retry={() => void pages.refetch()} />
      ) : events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('audit.empty')}</p>
      ) : (
        // A narrow screen scrolls the table inside this region, which keyboards reach to scroll it.
        <section
          aria-label={t('audit.table')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-ring"
        >
          <table className="w-full text-left text-sm">
            <thead className="text-muted-foreground">
              <tr>
                <th className="py-2 pr-3 font-medium">{t('audit.colWhen')}</th>
                <th className="py-2 pr-3 font-medium">{t('audit.colEvent')}</th>
                <th className="py-2 pr-3 font-medium">{t('audit.colActor')}</th>
                <th className="py-2 pr-3 font-medium">{t('audit.colOutcome')}</th>
                <th className="py-2 font-medium">{t('audit.colIp')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {events.map((event) => (
                <EventRow key={event.id} event={event} language={language} />
              ))}
            </tbody>
          </table>
        </section>
      )}
      {pages.hasNextPage && (
        <Button
          variant="secondary"
          pending={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('audit.loadMore')}
        </Button>
      )}
    </div>
  );
}

function EventRow({ event, language }: { event: SecurityEvent; language: string }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td className="py-2 pr-3 whitespace-nowrap">
        <time dateTime={event.occurredAt}>{formatDateTime(new Date(event.occurredAt), language)}</time>
      </td>
      <td className="py-2 pr-3">
        {describeEvent(event, t)} <code className="text-xs text-muted-foreground">{event.type}</code>
      </td>
      <td className="py-2 pr-3">{describeActor(event, t)}</td>
      <td className="py-2 pr-3">
        {event.outcome === 'failure' ? t('audit.outcomeFailure') : t('audit.outcomeSuccess')}
      </td>
      <td className="py-2">{event.ip ?? '—'}</td>
    </tr>
  );
}
