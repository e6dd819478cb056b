-- The name search of the documents list (GET /Documents/Paged?search=): a trigram index, so that a picker's search
-- in a trial with many generated documents reads the matches, not every document of the research.
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name" gin_trgm_ops);
