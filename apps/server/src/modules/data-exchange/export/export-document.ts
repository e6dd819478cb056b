import { readFile } from 'node:fs/promises';
import type { Db } from '../../../platform/db/client.js';
import { documentFiles, documents } from '../../../platform/db/schema/index.js';

/**
 * Keeps an export's file as a document of type Dataset (its bytes in document_files), in one transaction:
 * a job that fails after this leaves no half-stored document, and a retried job stores its own. Read back at
 * GET /Documents/{id}/File by the job's readers (jobs.service.ts readsJobDocument).
 */
export async function storeExportDocument(
  db: Db,
  doc: { researchId: string; name: string; extension: string; contentType: string; createdBy: string; file: string },
): Promise<string> {
  const content = await readFile(doc.file);
  // The download names the file `<name>.<extension>`: a job name that already ends with it is not doubled.
  const suffix = `.${doc.extension}`;
  const name = doc.name.endsWith(suffix) ? doc.name.slice(0, -suffix.length) : doc.name;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(documents)
      .values({
        researchId: doc.researchId,
        name,
        extension: doc.extension,
        contentType: doc.contentType,
        sizeBytes: content.length,
        status: 'Done',
        type: 'Dataset',
        createdBy: doc.createdBy,
      })
      .returning({ id: documents.id });
    await tx.insert(documentFiles).values({ documentId: row!.id, content });
    return row!.id;
  });
}
