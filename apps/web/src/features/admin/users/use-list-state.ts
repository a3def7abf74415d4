import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { type ListState, readListState, writeListState } from './list-state.ts';

export const SEARCH_DELAY_MS = 300;

/**
 * The list's state, kept in the address. `searchText` is the box as typed; it reaches the address
 * (and so the server) once typing has paused for 300 ms. Debouncing the write, rather than the
 * value, means a search cleared elsewhere (the Clear button, the Admin link) cannot be written back
 * by a timer still running.
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = readListState(params);
  const [searchText, setSearchText] = useState(state.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelSearch = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => cancelSearch, [cancelSearch]);

  /** Changes the state; anything but paging starts again at the first page. */
  const update = useCallback(
    (patch: Partial<ListState>) =>
      setParams((previous) => writeListState({ ...readListState(previous), page: 0, ...patch }), {
        replace: true,
      }),
    [setParams],
  );

  function changeSearchText(text: string) {
    setSearchText(text);
    cancelSearch();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      setParams(
        (previous) => {
          const current = readListState(previous);
          return current.search === text.trim()
            ? previous
            : writeListState({ ...current, search: text.trim(), page: 0 });
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
  }

  function clearSearchAndFilter() {
    cancelSearch();
    setSearchText('');
    update({ search: '', filter: 'all' });
  }

  // The address changed without typing (Back, the Admin link): the box shows what is applied.
  useEffect(() => {
    if (timer.current === undefined && searchText.trim() !== state.search) setSearchText(state.search);
  }, [state.search, searchText]);

  return { state, searchText, changeSearchText, clearSearchAndFilter, update };
}
