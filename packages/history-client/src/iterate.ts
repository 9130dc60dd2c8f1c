/** Walking every matching Record, newest first. */
import { HistoryApiError } from './errors.js';
import type { HistoryRecord } from './generated/history.js';
import { invalidOption } from '@commerce-kit/core-auth/http';
import type { HistoryClient, IterateOptions, RecordPage } from './types.js';

const MAX_PAGE = 500;

/**
 * The iterator of {@link HistoryClient.iterateRecords}.
 * @throws {ConfigurationError} `INVALID_OPTION` for a page size outside 1 to 500
 * @throws {HistoryApiError} for an error answer
 * @example
 * for await (const record of iterateRecords(client, { resourceType: 'store', query: { 'date.from': hoursAgo(24 * 90) } })) {
 *   console.log(record.modifiedAt, record.changes.map((c) => c.change));
 * }
 */
export async function* iterateRecords(client: HistoryClient, options: IterateOptions): AsyncIterableIterator<HistoryRecord> {
  const pageSize = options.pageSize ?? MAX_PAGE;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE) {
    throw invalidOption(`pageSize must be a whole number from 1 to ${MAX_PAGE}`);
  }
  const base: Record<string, unknown> = { ...options.query };
  const callOptions = options.signal === undefined ? {} : { signal: options.signal };
  let cursor: string | undefined;
  // Records of the cursor's millisecond passed so far (the next offset), and those yielded: one
  // written meanwhile in that millisecond shifts the next page by one, and the Record that comes
  // again is skipped. Only a Record of an EARLIER page can come again: two Records of one page
  // are two Records, even alike (a last update and a deletion share their version).
  let passedAtCursor = 0;
  let yieldedAtCursor = new Set<string>();
  for (;;) {
    const query = { ...base, limit: pageSize, offset: passedAtCursor, ...(cursor === undefined ? {} : { 'date.to': cursor }) };
    const result = await fetchPage(client, options, query, callOptions);
    if (result.error) throw new HistoryApiError(result.error);
    const page: RecordPage = result.data;
    let earlierPages = yieldedAtCursor;
    yieldedAtCursor = new Set(earlierPages);
    for (const record of page.results) {
      const identity = recordIdentity(record);
      if (record.modifiedAt === cursor) {
        passedAtCursor++;
        if (earlierPages.has(identity)) continue;
      } else {
        cursor = record.modifiedAt;
        passedAtCursor = 1;
        earlierPages = new Set();
        yieldedAtCursor = new Set();
      }
      yieldedAtCursor.add(identity);
      yield record;
    }
    if (page.results.length < pageSize) return;
  }
}

/** What tells two Records apart: the resource, the versions and the kind of change (a deletion keeps the last version). */
const recordIdentity = (record: HistoryRecord): string =>
  `${record.resource.typeId}/${record.resource.id}@${record.previousVersion}>${record.version}:${record.type}`;

function fetchPage(client: HistoryClient, source: IterateOptions, query: Record<string, unknown>, callOptions: { signal?: AbortSignal }) {
  if (source.resourceType === undefined) return client.queryRecords(query, callOptions);
  if (source.id === undefined) return client.queryRecordsByType(source.resourceType, query, callOptions);
  return client.queryRecordsById(source.resourceType, source.id, query, callOptions);
}
