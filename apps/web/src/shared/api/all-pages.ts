/**
 * Every item of a server-paged list, its pages read one after another until the total is reached (or a page comes
 * back empty): for lists a screen needs whole whatever their length, such as a research's centres, of which a large
 * trial has hundreds while one page holds at most 100.
 */
export async function collectPages<T>(readPage: (page: number) => Promise<{ data: T[]; totalCount: number }>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const { data, totalCount } = await readPage(page);
    all.push(...data);
    if (data.length === 0 || all.length >= totalCount) return all;
  }
}
