import { Pagination } from '../../../components/pagination.tsx';
import { PAGE_SIZE } from './list-state.ts';

interface UsersPaginationProps {
  page: number;
  offset: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
}

/** The users list's pages, 20 to a page. */
export function UsersPagination(props: UsersPaginationProps) {
  return <Pagination label="Pages of users" pageSize={PAGE_SIZE} {...props} />;
}
