import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../config';

/** Sets the browser tab title to "<title> — EDC". */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
