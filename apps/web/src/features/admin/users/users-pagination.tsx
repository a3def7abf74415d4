import { Pagination } from '../../../components/pagination.tsx';
import { useTranslation } from '../../../i18n/language.ts';
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
  const { t } = useTranslation();
  return <Pagination label={t('admin.users.pages')} pageSize={PAGE_SIZE} {...props} />;
}
