import { describe, expect, it } from 'vitest';
import type { TDocumentListItem } from '@shared/documents/contracts.ts';
import { mergeDocumentLists, withDocuments } from './linked-records.ts';

const doc = (id: string, createdAt: string, extra: Partial<TDocumentListItem> = {}): TDocumentListItem => ({
  id,
  title: `Doc ${id}`,
  documentType: 'receipt',
  documentDate: null,
  fileName: `${id}.pdf`,
  mimeType: 'application/pdf',
  sizeBytes: 10,
  pageCount: 1,
  correspondent: null,
  tags: [],
  readingStatus: 'done',
  readingProgress: 100,
  snippet: null,
  createdAt,
  deletedAt: null,
  ...extra,
});

describe('mergeDocumentLists', () => {
  it('keeps each document once (linked and filed with the client), newest upload first', () => {
    const linked = [doc('b', '2026-03-02T10:00:00Z'), doc('a', '2026-01-01T10:00:00Z')];
    const filed = [doc('c', '2026-04-01T08:00:00Z'), doc('b', '2026-03-02T10:00:00Z')];
    expect(mergeDocumentLists(linked, filed).map((d) => d.id)).toEqual(['c', 'b', 'a']);
  });

  it('orders documents uploaded at the same instant by id, as the API does', () => {
    const at = '2026-03-02T10:00:00Z';
    expect(mergeDocumentLists([doc('x1', at)], [doc('x2', at)]).map((d) => d.id)).toEqual(['x2', 'x1']);
  });
});

describe('withDocuments', () => {
  const entries = [
    { kind: 'invoice', id: 'i1', date: '2026-03-05' },
    { kind: 'created', id: 'c1', date: '2026-02-01T09:00:00.000Z' },
  ];

  it('puts the documents among the entries by their upload instant; a day counts as its end', () => {
    const docs = [doc('d1', '2026-03-05T18:00:00Z'), doc('d2', '2026-02-10T12:00:00Z')];
    expect(withDocuments(entries, docs, false).map((e) => `${e.kind}:${e.id}`)).toEqual([
      'invoice:i1',
      'document:d1',
      'document:d2',
      'created:c1',
    ]);
    const entry = withDocuments(entries, docs, false)[1]!;
    expect(entry).toMatchObject({ kind: 'document', title: 'Doc d1', date: '2026-03-05T18:00:00Z' });
  });

  it("leaves out documents older than the server's oldest entry when the server cut its list", () => {
    const docs = [doc('new', '2026-03-01T00:00:00Z'), doc('old', '2025-12-31T00:00:00Z')];
    expect(withDocuments(entries, docs, true).map((e) => e.id)).toEqual(['i1', 'new', 'c1']);
    expect(withDocuments(entries, docs, false).map((e) => e.id)).toEqual(['i1', 'new', 'c1', 'old']);
  });

  it('shows no document in the trash', () => {
    const docs = [doc('gone', '2026-03-01T00:00:00Z', { deletedAt: '2026-03-02T00:00:00Z' })];
    expect(withDocuments(entries, docs, false).map((e) => e.id)).toEqual(['i1', 'c1']);
  });
});
