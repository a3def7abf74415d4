import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MEMBERS_PAGE_SIZE, memberPageQueryOptions, ownerCountQueryOptions } from '../api/org-queries.ts';

/** How long typing must pause before the search goes to the server. */
export const MEMBER_SEARCH_DELAY_MS = 300;

/**
 * The members list's state and data: the search box as typed, the search applied once typing has
 * paused, the page asked for, that page from the server, and how many owners there are.
 */
export function useMemberList(organizationId: string) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);

  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(0);
    }, MEMBER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const members = useQuery(memberPageQueryOptions(organizationId, search, page));
  const owners = useQuery(ownerCountQueryOptions(organizationId));
  const total = members.data?.total;

  // A removal can leave the page asked for empty: go back to the last page there is.
  useEffect(() => {
    if (total === undefined || members.isPlaceholderData) return;
    const lastPage = Math.max(0, Math.ceil(total / MEMBERS_PAGE_SIZE) - 1);
    if (page > lastPage) setPage(lastPage);
  }, [total, page, members.isPlaceholderData]);

  return { searchText, setSearchText, search, page, setPage, members, ownerCount: owners.data };
}
