import {
  DOCUMENT_TYPES,
  LINK_RECORD_TYPES,
  type DocumentType,
  type LinkRecordType,
} from '@shared/documents/contracts.ts';
import { isUuid } from '@shared/ids/uuid.ts';

/** The documents list's filters, kept in the URL so a search can be shared and survives a reload. */
export interface DocumentFilters {
  q: string;
  type: DocumentType | '';
  tagId: string;
  /** A client or supplier, with its name for the chip. */
  correspondent: { kind: 'client' | 'supplier'; id: string; name: string } | null;
  from: string;
  to: string;
  linkedType: LinkRecordType | '';
  linkedId: string;
  trash: boolean;
  page: number;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value && (values as readonly string[]).includes(value) ? (value as T) : '';

export function filtersFromParams(params: URLSearchParams): DocumentFilters {
  const [kind, id] = (params.get('correspondent') ?? '').split(':');
  const page = Number(params.get('page'));
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return ISO_DATE.test(value) ? value : '';
  };
  return {
    q: params.get('q') ?? '',
    type: oneOf(DOCUMENT_TYPES, params.get('type')),
    tagId: isUuid(params.get('tagId') ?? '') ? params.get('tagId')! : '',
    correspondent:
      (kind === 'client' || kind === 'supplier') && id && isUuid(id)
        ? { kind, id, name: params.get('correspondentName') ?? '' }
        : null,
    from: date('from'),
    to: date('to'),
    linkedType: oneOf(LINK_RECORD_TYPES, params.get('linkedType')),
    linkedId: isUuid(params.get('linkedId') ?? '') ? params.get('linkedId')! : '',
    trash: params.get('trash') === 'true',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export function paramsFromFilters(f: DocumentFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.q) p.set('q', f.q);
  if (f.type) p.set('type', f.type);
  if (f.tagId) p.set('tagId', f.tagId);
  if (f.correspondent) {
    p.set('correspondent', `${f.correspondent.kind}:${f.correspondent.id}`);
    if (f.correspondent.name) p.set('correspondentName', f.correspondent.name);
  }
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.linkedType) p.set('linkedType', f.linkedType);
  if (f.linkedId) p.set('linkedId', f.linkedId);
  if (f.trash) p.set('trash', 'true');
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/** Any filter or search applied (the trash view itself is not a filter). */
export function isFiltered(f: DocumentFilters): boolean {
  return !!(
    f.q.trim() ||
    f.type ||
    f.tagId ||
    f.correspondent ||
    f.from ||
    f.to ||
    f.linkedType ||
    f.linkedId
  );
}

/** A date range that ends before it starts is not asked for. */
export function rangeIsValid(f: DocumentFilters): boolean {
  return !f.from || !f.to || f.from <= f.to;
}

/** The API's query string (GET /api/v1/documents) for the filters and page. */
export function apiQuery(f: DocumentFilters, pageSize: number): string {
  const p = new URLSearchParams();
  if (f.q.trim()) p.set('q', f.q.trim());
  if (f.type) p.set('type', f.type);
  if (f.tagId) p.set('tagId', f.tagId);
  if (f.correspondent)
    p.set(f.correspondent.kind === 'client' ? 'clientId' : 'supplierId', f.correspondent.id);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.linkedType) p.set('linkedType', f.linkedType);
  if (f.linkedId) p.set('linkedId', f.linkedId);
  if (f.trash) p.set('trash', 'true');
  p.set('page', String(f.page));
  p.set('pageSize', String(pageSize));
  return p.toString();
}
