import type { useListSearch } from './useListSearch';

/**
 * The filter box above a back-office list: what is typed filters the list at once and is kept in the address
 * (useListSearch), so a reload or a shared link shows the same rows.
 */
export function ListFilter({ list, noun }: { list: ReturnType<typeof useListSearch>; noun: string }) {
  return (
    <input
      type="search"
      className="form-control"
      placeholder={`Filter ${noun}...`}
      aria-label={`Filter ${noun}`}
      value={list.text}
      onChange={(e) => list.setFilterText(e.target.value)}
    />
  );
}
