import type { FastifyRequest } from 'fastify';
import { fileExtension, hasPdfMagic, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_MB, UPLOAD_FIELDS } from '@edc/domain';
import { AppError, badRequest } from '../../platform/http/errors.js';

/** A checked PDF from a multipart request. */
export interface UploadedPdf {
  fileName: string;
  bytes: Buffer;
}

export interface MultipartUpload {
  /** Undefined when the request carried no `uploadedFile`. */
  file?: UploadedPdf;
  /** The text fields, by name (the last value wins). */
  fields: Record<string, string>;
}

const FILE = UPLOAD_FIELDS.file;
const tooLarge = () => new AppError(413, 'file_too_large', { field: FILE, max: MAX_DOCUMENT_MB }, FILE);

/**
 * Reads a multipart upload: one file in `uploadedFile` and text fields. The file is read into memory up to
 * MAX_DOCUMENT_BYTES (the plugin stops reading past it) and must be a PDF by extension and by its `%PDF-`
 * signature. Everything is refused with 400 (413 when too large) naming the field, before any data is
 * written.
 */
export async function readPdfUpload(req: FastifyRequest): Promise<MultipartUpload> {
  if (!req.isMultipart()) throw badRequest('multipart_required', FILE);
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== FILE || file) throw badRequest('file_extra', part.fieldname, { field: part.fieldname });
        file = { fileName: part.filename, bytes };
      } else {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('file_extra', FILE, { field: FILE });
    }
    // A body cut short or not multipart after all: the client's fault, not ours.
    if (code?.startsWith('FST_') || /multipart|boundary|Unexpected end/i.test((e as Error).message ?? '')) {
      throw badRequest('multipart_required', FILE);
    }
    throw e;
  }
  // A browser sends an empty part without a name when no file was chosen: that is no file.
  if (file && !file.fileName && file.bytes.length === 0) file = undefined;
  if (file) {
    if (file.bytes.length > MAX_DOCUMENT_BYTES) throw tooLarge();
    if (file.bytes.length === 0) throw badRequest('file_empty', FILE, { field: FILE });
    if (fileExtension(file.fileName) !== 'pdf' || !hasPdfMagic(file.bytes)) {
      throw badRequest('file_not_pdf', FILE, { field: FILE });
    }
  }
  return { file, fields };
}
