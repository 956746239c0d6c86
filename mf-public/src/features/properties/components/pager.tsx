import { Pagination } from 'shared-ui/mui-pagination';

export interface PagerProps {
  page: number;
  count: number;
  onChange: (page: number) => void;
}

/** Page links under the list (MUI's Pagination is loaded only when there is more than one page). */
export default function Pager({ page, count, onChange }: PagerProps) {
  return (
    <nav aria-label="Pages of properties">
      <Pagination
        page={page}
        count={count}
        onChange={(_e, p) => onChange(p)}
        color="primary"
        shape="rounded"
        siblingCount={1}
        sx={{ display: 'flex', justifyContent: 'center', '& ul': { justifyContent: 'center' } }}
      />
    </nav>
  );
}
